/**
 * `folio export pdf` on a small site, read back with PDF.js: the whole site (title page, a table of
 * contents whose entries are links to the pages, each page on a sheet of its own, a link between two
 * pages that lands on the target's sheet, a long code line wrapped inside the sheet) and one page
 * alone; the command without Chromium fails with its code.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../src/pdf/index.js';
import { hasChromium, launchChromium } from './chromium.js';

const repo = path.resolve(import.meta.dirname, '../..');
const LONG = Array.from({ length: 40 }, (_, i) => `segment${i}`).join('_');
const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Acme Cloud',
    description: 'Run containers on Acme.',
    theme: 'mint',
    colors: { primary: '#123456' },
    navigation: {
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Start', pages: ['intro', 'install'] }, { group: 'Deploy', pages: ['deploy'] }] },
        { tab: 'Reference', groups: [{ group: 'CLI', pages: ['cli'] }] },
      ],
    },
  }),
  'intro.mdx': '---\ntitle: Welcome to Acme\n---\n\nAcme runs containers. First read [the install steps](/install#requirements).\n',
  'install.mdx': `---\ntitle: Install the agent\n---\n\nSome words.\n\n## Requirements\n\nA Linux host.\n\n\`\`\`bash\necho ${LONG}\n\`\`\`\n`,
  'deploy.mdx': '---\ntitle: Deploy an app\n---\n\nPush a container, see the [CLI](/cli).\n',
  'cli.mdx': '---\ntitle: Command line\n---\n\nThe `acme` command.\n',
};

interface Sheet {
  text: string;
  items: { str: string; right: number }[];
  width: number;
  links: { dest: unknown }[];
}

async function readPdf(file: string): Promise<{ doc: PDFDocumentProxy; sheets: Sheet[] }> {
  const doc = await getDocument({ data: new Uint8Array(await readFile(file)), disableFontFace: true }).promise;
  const sheets: Sheet[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const items = content.items.flatMap((i) => ('str' in i ? [{ str: i.str, right: i.transform[4] + i.width }] : []));
    const links = (await page.getAnnotations()).filter((a: { subtype: string }) => a.subtype === 'Link') as { dest: unknown }[];
    sheets.push({ text: items.map((i) => i.str).join(''), items, width: page.getViewport({ scale: 1 }).width, links });
  }
  return { doc, sheets };
}

/** The sheet (0-based) a link's destination is on. */
async function destinationSheet(doc: PDFDocumentProxy, dest: unknown): Promise<number> {
  const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : (dest as unknown[]);
  return doc.getPageIndex(explicit![0] as { num: number; gen: number });
}

describe.skipIf(!hasChromium)('folio export pdf', () => {
  let dir = '';
  let root = '';
  let built = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-pdf-test-'));
    root = path.join(dir, 'docs');
    built = path.join(dir, 'build');
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('prints the whole site: title page, linked contents, a sheet per page, links between pages, code wrapped', async () => {
    const output = path.join(dir, 'site.pdf');
    const result = await exportPdf({ root, output, buildDir: built });
    expect(result).toMatchObject({ pages: 4, missing: [] });
    const { doc, sheets } = await readPdf(output);
    expect(sheets[0]!.text).toContain('Acme Cloud');
    expect(sheets[0]!.text).toContain('Run containers on Acme.');
    const toc = sheets[1]!;
    for (const entry of ['Contents', 'Guides › Start', 'Welcome to Acme', 'Install the agent', 'Guides › Deploy', 'Deploy an app', 'Reference › CLI', 'Command line']) expect(toc.text).toContain(entry);
    // Each entry of the contents is a link to the sheet its page starts on, and each page starts a sheet.
    expect(toc.links).toHaveLength(4);
    const starts = await Promise.all(toc.links.map((l) => destinationSheet(doc, l.dest)));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    ['Welcome to Acme', 'Install the agent', 'Deploy an app', 'Command line'].forEach((title, i) => expect(sheets[starts[i]!]!.text.startsWith(title)).toBe(true));
    expect(doc.numPages).toBe(starts[3]! + 1);
    // The intro's link to /install#requirements lands on the install page's sheet.
    const intro = sheets[starts[0]!]!;
    expect(intro.links).toHaveLength(1);
    expect(await destinationSheet(doc, intro.links[0]!.dest)).toBe(starts[1]);
    // The long code line is all there, wrapped inside the sheet.
    const install = sheets[starts[1]!]!;
    expect(install.text.replace(/\s/g, '')).toContain(`echo${LONG}`);
    for (const item of install.items) expect(item.right).toBeLessThanOrEqual(install.width);
    // The site's chrome is not printed.
    expect(sheets.slice(2).map((s) => s.text).join('')).not.toMatch(/Was this page helpful|Search\.\.\.|Previous|Next/);
  }, 180_000);

  it('prints one page: the title page and the page, no contents', async () => {
    const output = path.join(dir, 'page.pdf');
    const result = await exportPdf({ root, output, built, selection: { page: 'deploy' } });
    expect(result.pages).toBe(1);
    const { sheets } = await readPdf(output);
    expect(sheets).toHaveLength(2);
    expect(sheets[0]!.text).toContain('Deploy an app');
    expect(sheets[1]!.text.startsWith('Deploy an app')).toBe(true);
    expect(sheets.map((s) => s.text).join('')).not.toContain('Contents');
  }, 120_000);

  it("the site's own print stylesheet (the browser's print, the page menu's download-pdf) hides header, sidebar, contents and footer", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.route('http://site.test/**', (route) => {
        const rel = new URL(route.request().url()).pathname.replace(/\/$/, '/index.html');
        return route.fulfill({ path: path.join(built, rel) });
      });
      await page.goto('http://site.test/install/');
      await page.emulateMedia({ media: 'print' });
      const shown = await page.evaluate(() =>
        ['.site-header', '.sidebar', '.toc-column', '.site-footer', '.pager', 'article.content'].map((s) => [s, document.querySelector(s) ? getComputedStyle(document.querySelector(s)!).display !== 'none' : null]),
      );
      expect(Object.fromEntries(shown)).toMatchObject({ '.site-header': false, '.sidebar': false, 'article.content': true });
      expect(shown.filter(([, v]) => v === true).map(([s]) => s)).toEqual(['article.content']);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('pre')!).whiteSpace)).toBe('pre-wrap');
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('exits with PDF_NO_CHROMIUM when CHROMIUM_PATH names no file', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'export', 'pdf', root, '--built', built, '-o', path.join(dir, 'none.pdf')], {
      cwd: repo,
      env: { ...process.env, CHROMIUM_PATH: path.join(dir, 'no-chromium') },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('PDF_NO_CHROMIUM: CHROMIUM_PATH is') });
  }, 60_000);
});
