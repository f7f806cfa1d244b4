import type { Context } from 'hono';

/**
 * The address of the client that opened the connection (Node's socket, through @hono/node-server's
 * bindings), or `unknown` when the request did not come over a socket (in-process tests). Behind a
 * trusted proxy (`trustProxy`), the last `X-Forwarded-For` entry: the one that proxy added; the
 * entries before it are whatever the client sent.
 */
export function clientAddress(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
