/**
 * Text a hosted site sends is gzipped on the way out, as every host a team leaves does: a page of
 * ~90 KB of HTML is ~20 KB on the wire, which on a phone network is the difference between a page
 * shown at once and one that waits for its stylesheet. The compression runs as a stream on zlib's
 * thread pool, not on the thread answering requests; byte ranges, small files and formats that are
 * compressed already (images, fonts, video, Pagefind's index) go as they are.
 */

export { acceptsGzip } from '../../shared/index.js';

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|wasm|manifest\+json)|image\/svg\+xml)/;

/** Smaller than this, the gzip header and a round of compression cost more than they save. */
const MIN_BYTES = 1024;

/** Whether a response of `type` and `size` bytes is worth gzipping. */
export function compressible(type: string, size: number): boolean {
  return size >= MIN_BYTES && COMPRESSIBLE.test(type);
}

/** The body gzipped as it streams. */
export function gzipped(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return body.pipeThrough(new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
}

/** The validator of the gzipped form of a file whose own validator is `etag` (`"abc"` → `"abc-gzip"`). */
export function gzipEtag(etag: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-gzip"` : `${etag}-gzip`;
}
