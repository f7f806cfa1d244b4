import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyCustomFiles } from './static-files.js';

describe('copyCustomFiles under a base path', () => {
  it("puts the base before a repository stylesheet's root-absolute url(), and copies scripts and unbased builds as written", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-custom-'));
    try {
      const css = ".hero{background:url('/images/hero.png')} .x{background:url(//cdn.example/a.png)} .y{background:url(img/rel.png)} @font-face{src:url(/fonts/a.woff2)}";
      fs.mkdirSync(path.join(root, 'styles'));
      fs.writeFileSync(path.join(root, 'styles/site.css'), css);
      fs.writeFileSync(path.join(root, 'extra.js'), "fetch('/api/x')");
      const site = { root, index: { custom: { css: [{ file: 'styles/site.css' }], js: [{ file: 'extra.js' }] } } };
      await copyCustomFiles(site, path.join(root, 'out-docs'), [], '/docs');
      expect(fs.readFileSync(path.join(root, 'out-docs/styles/site.css'), 'utf8')).toBe(
        ".hero{background:url('/docs/images/hero.png')} .x{background:url(//cdn.example/a.png)} .y{background:url(img/rel.png)} @font-face{src:url(/docs/fonts/a.woff2)}",
      );
      expect(fs.readFileSync(path.join(root, 'out-docs/extra.js'), 'utf8')).toBe("fetch('/api/x')");
      await copyCustomFiles(site, path.join(root, 'out-root'));
      expect(fs.readFileSync(path.join(root, 'out-root/styles/site.css'), 'utf8')).toBe(css);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
