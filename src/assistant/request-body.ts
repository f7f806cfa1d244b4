import type { z } from 'zod';
import { AssistantError } from './codes.js';

/** A JSON body no larger than `maxBytes`, validated; refusals name the field. */
export async function parseBody<T>(request: Request, schema: z.ZodType<T>, maxBytes: number): Promise<T> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw tooLarge(maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AssistantError(400, 'ASSISTANT_INVALID_REQUEST', 'Invalid request: body: send a JSON object with `Content-Type: application/json`.');
  }
  return parseValue(schema, value);
}

export function parseValue<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : 'body';
  throw new AssistantError(400, 'ASSISTANT_INVALID_REQUEST', `Invalid request: ${field}: ${issue.message}.`);
}

const tooLarge = (maxBytes: number) => new AssistantError(413, 'ASSISTANT_BODY_TOO_LARGE', `Request body too large: the limit is ${maxBytes} bytes.`);

/** A refusal as the API answers it: `{ error, code }` with the status and headers. */
export function refusal(error: AssistantError, headers: Record<string, string> = {}): Response {
  return Response.json({ error: error.message, code: error.code }, { status: error.status, headers: { ...error.headers, ...headers } });
}
