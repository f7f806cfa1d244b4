/**
 * docs.json `feedback` and `integrations.telemetry` as a served site's build sees them, through the
 * build cache: turning code-snippet feedback on, an edit link off or telemetry off lays the cached
 * pages out again (their HTML changes without their text changing).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';

describe('feedback settings through the build cache', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-feedback-settings-'));
  const docs = path.join(tmp, 'docs');
  const out = path.join(tmp, 'out');
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const build = async (extra: object) => {
    fs.writeFileSync(path.join(docs, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0d6b4f' }, navigation: { pages: ['index'] }, ...extra }));
    const built = await buildSite({ root: docs, outDir: out, threads: 1, search: false, feedback: { repository: { url: 'https://github.com/acme/docs', branch: 'main' } } });
    expect(built.ok).toBe(true);
    return fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  };

  it('lays pages out again when the add-ons or telemetry change', async () => {
    fs.mkdirSync(docs, { recursive: true });
    fs.writeFileSync(path.join(docs, 'index.mdx'), '---\ntitle: Home\n---\n\n```bash\nnpm i acme\n```\n');
    const plain = await build({});
    expect(plain).toContain('data-folio-feedback');
    expect(plain).toContain('>Suggest edits</a>');
    expect(plain).not.toContain('data-folio-code-feedback');

    const withCode = await build({ feedback: { codeSnippets: true, suggestEdit: false } });
    expect(withCode).toContain('<template data-folio-code-feedback="">');
    expect(withCode).toContain('Feedback on this code');
    expect(withCode).not.toContain('Suggest edits');
    expect(withCode).toContain('>Raise issue</a>');

    const off = await build({ feedback: { codeSnippets: true }, integrations: { telemetry: { enabled: false } } });
    expect(off).not.toContain('data-folio-feedback');
    expect(off).not.toContain('data-folio-code-feedback');
  });
});
