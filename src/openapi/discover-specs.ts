import fs from 'node:fs';
import path from 'node:path';
import { toPosixRelative } from '../shared/index.js';

const SPEC_HEAD = /["']?(openapi|swagger)["']?\s*:\s*["']?\d/;
const MAX_SPEC_BYTES = 10 * 1024 * 1024;

/**
 * Repository-relative paths of JSON/YAML files that look like OpenAPI specs
 * (an `openapi:`/`swagger:` version near the top), sorted. Pages that name an
 * endpoint without a spec are matched against these, as existing sites expect.
 * Only the first 4 KB of each candidate is read here; parsing happens on use.
 */
export function discoverSpecFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      // Discovery only offers fallback specs: an unlistable folder offers none, and an entry that
      // needed one is reported by the provider (OPENAPI_NO_SPEC, OPENAPI_SOURCE_NOT_FOUND).
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && /\.(json|ya?ml)$/i.test(entry.name) && looksLikeSpec(full)) found.push(toPosixRelative(root, full));
    }
  };
  walk(root);
  return found.sort();
}

function looksLikeSpec(file: string): boolean {
  try {
    if (fs.statSync(file).size > MAX_SPEC_BYTES) return false;
    const fd = fs.openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(4096);
      const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
      return SPEC_HEAD.test(buffer.subarray(0, read).toString('utf8'));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Unreadable: not offered as a fallback spec (see the folder case above).
    return false;
  }
}
