/**
 * The dashboard's scripts and stylesheet sent gzipped to browsers that take it. They are bundled once per
 * process and never change after, so each is compressed once (on zlib's thread pool, at the highest level)
 * and the bytes are kept: the editor's script is ~1.2 MB as text and ~0.4 MB gzipped.
 */
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import { acceptsGzip } from '../../shared/index.js';

const gzipAsync = promisify(gzip);
/** Smaller than this, gzip's framing and a round trip through the pool cost more than they save. */
const MIN_BYTES = 1024;

const kept = new Map<string, { text: string; gzipped: Promise<Buffer> }>();

function gzippedOnce(name: string, text: string): Promise<Buffer> {
  const entry = kept.get(name);
  if (entry && entry.text === text) return entry.gzipped;
  const gzipped = gzipAsync(text, { level: constants.Z_BEST_COMPRESSION });
  kept.set(name, { text, gzipped });
  return gzipped;
}

/** `text` (a bundled asset called `name`) as the answer to `c`, gzipped when the request takes gzip. */
export async function textAsset(c: Context, name: string, text: string, type: string, headers: Record<string, string>): Promise<Response> {
  const base = { 'Content-Type': type, Vary: 'Accept-Encoding', ...headers };
  if (text.length < MIN_BYTES || !acceptsGzip(c.req.header('accept-encoding'))) return c.body(text, 200, base);
  return c.body(new Uint8Array(await gzippedOnce(name, text)), 200, { ...base, 'Content-Encoding': 'gzip' });
}
