import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

  it('follows no symbolic link and reports one that stands for a page or a folder of pages', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'folio-discover-'));
    try {
      const root = path.join(dir, 'docs');
      const outside = path.join(dir, 'outside');
      mkdirSync(path.join(root, 'snippets'), { recursive: true });
      mkdirSync(outside);
      writeFileSync(path.join(outside, 'page.mdx'), '# Out');
      writeFileSync(path.join(outside, 'logo.png'), '');
      writeFileSync(path.join(root, 'index.mdx'), '# In');
      symlinkSync(outside, path.join(root, 'planted'));
      symlinkSync(path.join(outside, 'page.mdx'), path.join(root, 'linked.mdx'));
      symlinkSync(path.join(outside, 'logo.png'), path.join(root, 'logo.png')); // a static file: reported by the build
      symlinkSync(outside, path.join(root, '.hidden'));
      symlinkSync(path.join(dir, 'nowhere'), path.join(root, 'dangling'));
      const diagnostics: Diagnostic<ContentCode>[] = [];
      expect(await discoverPageFiles(root, [], diagnostics)).toEqual(['index.mdx']);
      expect(diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.code}`).sort()).toEqual([
        'linked.mdx:1 warning CONTENT_SYMLINK_SKIPPED',
        'planted:1 warning CONTENT_SYMLINK_SKIPPED',
      ]);
      expect(diagnostics.find((d) => d.file === 'planted')?.message).toContain('symbolic link to a folder');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
