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
  return discoverFilesWithHead(root, SPEC_HEAD);
}

/**
 * Repository-relative paths of the JSON/YAML files below `root` whose first 4 KB match `head`
 * (hidden folders and node_modules skipped), sorted: the fallback documents of OpenAPI and AsyncAPI.
 */
export function discoverFilesWithHead(root: string, head: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      // Discovery only offers fallback documents: an unlistable folder offers none, and an entry that
      // needed one is reported by its provider (OPENAPI_NO_SPEC, ASYNCAPI_NO_SPEC, ..._SOURCE_NOT_FOUND).
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && /\.(json|ya?ml)$/i.test(entry.name) && headMatches(full, head)) found.push(toPosixRelative(root, full));
    }
  };
  walk(root);
  return found.sort();
}

function headMatches(file: string, head: RegExp): boolean {
  try {
    if (fs.statSync(file).size > MAX_SPEC_BYTES) return false;
    const fd = fs.openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(4096);
      const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
      return head.test(buffer.subarray(0, read).toString('utf8'));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Unreadable: not offered as a fallback document (see the folder case above).
    return false;
  }
}
