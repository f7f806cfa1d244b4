import type { BuildFileReader } from '../../retrieval/index.js';
import type { PublishedBuild } from './site-store.js';

/** A published build's files as streams of their bytes, for `loadSectionIndex` (the retrieval file can be hundreds of megabytes). */
export function buildFileReader(build: PublishedBuild): BuildFileReader {
  return async (file) => {
    const opened = await build.open(file);
    return opened ? piecesOf(await opened.body()) : null;
  };
}

async function* piecesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    // Stopped early (a file of another format): the rest is not read.
    await reader.cancel().catch(() => {});
  }
}
