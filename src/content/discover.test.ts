import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../shared/index.js';
import type { ContentCode } from './codes.js';
import { discoverPageFiles } from './discover.js';

describe('discoverPageFiles', () => {
  it('reports a folder it cannot list, and stays silent about one that does not exist', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-discover-'));
    try {
      const file = path.join(dir, 'not-a-folder');
      writeFileSync(file, '');
      const diagnostics: Diagnostic<ContentCode>[] = [];
      expect(await discoverPageFiles(file, [], diagnostics)).toEqual([]);
      expect(diagnostics.map((d) => `${d.file} ${d.code}: ${d.message}`)).toEqual([
        '. CONTENT_READ_FAILED: Cannot read . (ENOTDIR), so its pages were left out. Check its permissions.',
      ]);
      const none: Diagnostic<ContentCode>[] = [];
      expect(await discoverPageFiles(path.join(dir, 'gone'), [], none)).toEqual([]);
      expect(none).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
