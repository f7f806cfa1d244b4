/** Messages between the server's thread (`pglite-thread.ts`) and the database thread (`pglite-worker.ts`). */
import { DbError } from './errors.js';
import type { DbCode } from './codes.js';

export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      text: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Type ids whose values come back as text, for the caller's own parsers. */
      raw?: number[];
      tx?: number;
    }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'rollback'; tx: number }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

/** Every request is answered once, in `id`; notifications name the `listen` request they answer. */
export type ThreadReply =
  | { id: number; result: unknown }
  | { id: number; error: SerializedError }
  | { notify: number; payload: string }
  | { ready: true }
  | { failed: SerializedError };

/** An error as it crosses threads: its message, name and own fields (PostgreSQL's `code`, `detail`, `constraint`...). */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error again on this side: a DbError keeps its class, any other error its name and fields. */
export function deserializeError(error: SerializedError): Error {
  if (error.name === 'DbError' && typeof error.fields.code === 'string') return new DbError(error.fields.code as DbCode, error.message);
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  return rebuilt;
}
