/**
 * The web editor's visual mode in Debian's chromium, on `folio dev`'s editor (the same page and
 * script as the dashboard's): a page of components drawn as the site draws them (cards, tabs,
 * callouts, steps, a frame with an image, an `<img>` with classes, raw HTML, an accordion, a code
 * group, a parameter field), nothing shown as raw source; a Card's title changed through its settings
 * form, a word added in a Tab's body, a block dragged by its handle, a callout inserted with `/`, the
 * floating toolbar over a selection, a PNG pasted into the visual mode and into the source (uploaded, its
 * Markdown at the caret); after each, the file on disk differs from the one before by
 * exactly that edit. Screenshots at 1440x900 light and dark and 390x844 (no sideways scroll) in
 * test-artifacts/editor-visual/, beside a copy of the platform's reference.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_DIR } from '../../compat/corpora.js';
import { devAssistant, devEditor, devSiteRoute } from '../../src/cli/commands/dev.js';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { hasChromium, launchChromium } from '../browser/chromium.js';

const ARTIFACTS = path.resolve('test-artifacts/editor-visual');
const DOCS_JSON = `{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "Sprockets",
  "colors": { "primary": "#16A34A" },
  "fonts": { "family": "Lora" },
  "navigation": {
    "groups": [{ "group": "Start", "pages": ["index", "components"] }]
  }
}
`;

const CHART = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="240" viewBox="0 0 640 240"><rect width="640" height="240" fill="#ecfdf5"/><polyline points="20,200 140,150 260,170 380,90 500,110 620,40" fill="none" stroke="#16a34a" stroke-width="6"/></svg>`;

const PAGE = `---
title: Components
description: Every component in the visual mode
---

Start with the [**quick start**](/index) and \`folio dev\`.

<CardGroup cols={2}>
  <Card title="Edit your docs" icon="pen-to-square" href="/index">
    Set up your docs locally.
  </Card>
  <Card title="Preview changes" icon="image" href="/components">
    See changes before you publish.
  </Card>
</CardGroup>

<Tabs>
  <Tab title="npm">
    Install with npm.
  </Tab>
  <Tab title="pnpm">
    Install with pnpm.
  </Tab>
</Tabs>

<Warning>
  Back up your files first.
</Warning>

<Steps>
  <Step title="Install">
    Run the installer.
  </Step>
  <Step title="Configure">
    Edit docs.json.
  </Step>
</Steps>

<Frame caption="The dashboard">
  ![A chart](/images/chart.svg)
</Frame>

<img className="rounded-lg" src="/images/chart.svg" alt="Chart again" />

<div align="center">
  <strong>Raw HTML</strong> block <script>window.bad = 1</script>
</div>

<Accordion title="Why Folio?">
  Because it is yours.
</Accordion>

<CodeGroup>
\`\`\`bash npm
npm i folio
\`\`\`

\`\`\`bash pnpm
pnpm add folio
\`\`\`
</CodeGroup>

<ParamField path="id" type="string" required>
  The page id.
</ParamField>

\`\`\`js title="hello.js"
console.log('hello');
\`\`\`

Last paragraph.
`;

/** A PNG of `width` x `height`: a pale green ground with darker green bars, made here (RGB, no filter, zlib). */
function chartPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bar = Math.floor(x / 60);
      const top = height - 30 - ((bar * 37) % 120);
      const inBar = x % 60 > 12 && x % 60 < 48 && y > top && y < height - 20;
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw.set(inBar ? [22, 163, 74] : [236, 253, 245], at);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

describe.skipIf(!hasChromium)('the visual mode draws the page as the site does', { timeout: 180_000 }, () => {
  let root: string;
  let dev: DevServer;
  let browser: Browser;
  let page: Page;
  const read = () => fs.readFileSync(path.join(root, 'components.mdx'), 'utf8');
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  const saved = () => page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved', undefined, { timeout: 30_000 });
  /** Wait until the file on disk is `text`. */
  const onDisk = async (text: string) => {
    for (let i = 0; i < 100 && read() !== text; i++) await new Promise((r) => setTimeout(r, 100));
    expect(read()).toBe(text);
  };

  beforeAll(async () => {
    fs.mkdirSync(path.join(ARTIFACTS, 'guide'), { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-visual-'));
    fs.mkdirSync(path.join(root, 'images'));
    fs.writeFileSync(path.join(root, 'docs.json'), DOCS_JSON);
    fs.writeFileSync(path.join(root, 'images/chart.svg'), CHART);
    fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\n\nHello.\n');
    fs.writeFileSync(path.join(root, 'components.mdx'), PAGE);
    dev = await startDevServer({ root, port: 0, siteRoute: devSiteRoute(devEditor(root), devAssistant({}, () => {}).route) });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const reference = path.join(REFERENCE_DIR, 'platform/quickstart/web-editor-light.png');
    if (fs.existsSync(reference)) fs.copyFileSync(reference, path.join(ARTIFACTS, 'reference-web-editor-light.png'));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('draws components with the site look, images shown, nothing as raw source', async () => {
    await page.goto(`${dev.url}/__folio/editor`);
    await page.locator('#ed-tree a', { hasText: 'Components' }).click();
    await page.locator('.cm-content').getByText('title: Components').waitFor();
    await page.locator('#ed-mode-visual').click();
    const pane = page.locator('#ed-visual');
    await pane.locator('.folio-card').first().waitFor();
    // The site's stylesheet is on the pane: its font and its primary colour.
    await page.waitForFunction(() => document.getElementById('ed-site-style')?.textContent?.includes('.ed-site'));
    const look = await pane.evaluate((el) => ({ font: getComputedStyle(el).fontFamily, accent: getComputedStyle(el).getPropertyValue('--accent').trim() }));
    expect(look.font).toContain('Lora');
    expect(look.accent.toLowerCase()).toContain('16a34a');
    await expect(pane.locator('.folio-card-title').allTextContents()).resolves.toEqual(['Edit your docs', 'Preview changes']);
    await expect(pane.locator('.folio-tab').allTextContents()).resolves.toEqual(['npm', 'pnpm', 'npm', 'pnpm']);
    await expect(pane.locator('.folio-callout-warning').textContent()).resolves.toContain('Back up your files first.');
    await expect(pane.locator('.folio-step-title').allTextContents()).resolves.toEqual(['Install', 'Configure']);
    await expect(pane.locator('.folio-accordion-title').textContent()).resolves.toBe('Why Folio?');
    await expect(pane.locator('.folio-field-name').textContent()).resolves.toBe('id');
    await expect(pane.locator('.ed-c-html strong').textContent()).resolves.toBe('Raw HTML');
    // Code as the site's code boxes: a group's panes, and a block of its own with its title.
    await expect(pane.locator('.folio-code-group code').first().textContent()).resolves.toBe('npm i folio');
    await expect(pane.locator('.ed-c-code-head', { hasText: 'hello.js' }).count()).resolves.toBe(1);
    expect(await pane.locator('.ed-c-html script').count()).toBe(0);
    // A link around bold text is rich text: a link with bold inside, no Markdown showing.
    const intro = pane.locator('.ed-v-p.ed-rich', { hasText: 'Start with the' });
    await expect(intro.locator('a strong').textContent()).resolves.toBe('quick start');
    expect(await intro.textContent()).toBe('Start with the quick start and folio dev.');
    // Both images load (through the editor's route), the <img> keeps its class.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('#ed-visual img')].filter((i) => i.complete && i.naturalWidth > 0).length === 2);
    await expect(pane.locator('.ed-c-html img').getAttribute('class')).resolves.toBe('rounded-lg');
    // No grey box of raw source anywhere.
    expect(await pane.locator('.ed-v-raw, .ed-v-box').count()).toBe(0);
    expect(await pane.textContent()).not.toMatch(/<Card|<Tabs|<img|className/);
    await page.emulateMedia({ colorScheme: 'light' });
    await shot('01-visual-light-1440');
    await pane.locator('.folio-frame').evaluate((el) => el.scrollIntoView());
    await shot('01b-visual-light-images-html');
    await pane.locator('.folio-code-group').evaluate((el) => el.scrollIntoView());
    await shot('01c-visual-light-accordion-code');
    await pane.evaluate((el) => el.scrollTo(0, 0));
  });

  it('edits a Card’s title through its settings form: only that attribute changes', async () => {
    const card = page.locator('#ed-visual .ed-c[data-component=Card]').first();
    await card.hover();
    await card.getByRole('button', { name: 'Card properties' }).click();
    const form = card.getByRole('form', { name: 'Card properties' });
    await form.getByLabel('title').fill('Write your docs');
    await shot('02-card-settings');
    // The editor guide's picture (docs/images/editor/component-form.png is a copy from a run).
    await page.screenshot({ path: path.join(ARTIFACTS, 'guide', 'component-form.png') });
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#ed-visual .folio-card-title', { hasText: 'Write your docs' }).waitFor();
    await saved();
    await onDisk(PAGE.replace('title="Edit your docs"', 'title="Write your docs"'));
  });

  it('changes a word in a Tab’s body', async () => {
    const before = read();
    await page.locator('#ed-visual .folio-tab', { hasText: 'pnpm' }).first().click();
    const body = page.locator('#ed-visual .folio-tab-panel .ed-rich', { hasText: 'Install with pnpm.' });
    await body.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Or yarn.');
    await saved();
    await onDisk(before.replace('Install with pnpm.', 'Install with pnpm. Or yarn.'));
  });

  it('moves a block by dragging its handle', async () => {
    const before = read();
    const last = page.locator('#ed-visual .ed-v-p', { hasText: 'Last paragraph.' });
    await last.scrollIntoViewIfNeeded();
    await last.hover();
    const grip = page.locator('#ed-visual .ed-handle-grip');
    await grip.waitFor();
    const target = page.locator('#ed-visual .ed-c-block', { has: page.locator('.folio-callout-warning') });
    // Pressed on the grip, moved a little (a drag starts), then over the top edge of the callout.
    const g = (await grip.boundingBox())!;
    await page.mouse.move(g.x + g.width / 2, g.y + g.height / 2);
    await page.mouse.down();
    await page.mouse.move(g.x + g.width / 2 + 5, g.y + g.height / 2 - 5, { steps: 3 });
    await target.scrollIntoViewIfNeeded();
    const t = (await target.boundingBox())!;
    await page.mouse.move(t.x + 40, t.y + 4, { steps: 5 });
    await page.mouse.up();
    await saved();
    await onDisk(before.replace('\nLast paragraph.\n', '').replace('<Warning>', 'Last paragraph.\n\n<Warning>'));
    // The editor guide's picture (docs/images/editor/block-dragged.png is a copy from a run): the paragraph above the callout.
    await last.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(ARTIFACTS, 'guide', 'block-dragged.png') });
  });

  it('inserts a callout with the / menu, and shows the floating toolbar over a selection', async () => {
    const before = read();
    const intro = page.locator('#ed-visual .ed-v-p.ed-rich', { hasText: 'Start with the' });
    await intro.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('/not');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Note' }).waitFor();
    await shot('03-slash-menu');
    await page.keyboard.press('Enter');
    await page.locator('#ed-visual .folio-callout-note', { hasText: 'A note for the reader.' }).waitFor();
    await saved();
    const withNote = before.replace('`folio dev`.\n', '`folio dev`.\n\n<Note>\n  A note for the reader.\n</Note>\n');
    await onDisk(withNote);

    // Select a word: the toolbar floats over it with the text style, marks, link and (no review in folio dev) nothing else.
    const note = page.locator('#ed-visual .folio-callout-note .ed-rich');
    await note.click();
    await page.keyboard.press('End');
    for (let i = 0; i < 'reader.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    const bar = page.getByRole('toolbar', { name: 'Text formatting' });
    await page.waitForFunction(() => document.querySelector('.ed-format')?.getAttribute('data-shown') === 'true');
    const barBox = (await bar.boundingBox())!;
    const noteBox = (await note.boundingBox())!;
    expect(Math.abs(barBox.y + barBox.height - noteBox.y)).toBeLessThan(60);
    await bar.getByRole('button', { name: 'Strikethrough' }).click();
    await shot('04-floating-toolbar');
    await saved();
    await onDisk(withNote.replace('for the reader.', 'for the ~~reader.~~'));
  });

  it('uploads an image pasted into the visual mode and into the source, and puts its Markdown at the caret', async () => {
    // A 480x200 PNG (a chart-like picture), pasted as a browser pastes a copied image: a file named image.png on the clipboard event.
    const png = chartPng(480, 200);
    const paste = (selector: string) =>
      page.evaluate(
        ({ selector, bytes }) => {
          const data = new DataTransfer();
          data.items.add(new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' }));
          const target = document.activeElement?.closest(selector) ? document.activeElement : document.querySelector(selector);
          target!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        },
        { selector, bytes: [...png] },
      );
    const pasted = () => (fs.existsSync(path.join(root, 'images')) ? fs.readdirSync(path.join(root, 'images')).filter((f) => f.startsWith('pasted-')).sort() : []);
    const newImage = async (known: string[]) => {
      await expect.poll(() => pasted().filter((f) => !known.includes(f)).length, { timeout: 30_000 }).toBe(1);
      return pasted().find((f) => !known.includes(f))!;
    };

    // Visual mode: the caret in a paragraph; the image becomes a block of its own after it.
    const before = read();
    const last = page.locator('#ed-visual .ed-v-p.ed-rich', { hasText: 'Last paragraph.' });
    await last.click();
    await page.keyboard.press('End');
    await paste('#ed-visual');
    const first = await newImage([]);
    expect(first).toMatch(/^pasted-\d{8}-\d{6}-[a-z0-9]{1,4}\.png$/);
    expect(fs.readFileSync(path.join(root, 'images', first)).equals(png)).toBe(true);
    const withFirst = before.replace('Last paragraph.\n\n', `Last paragraph.\n\n![${first.replace('.png', '')}](/images/${first})\n\n`);
    await saved();
    await onDisk(withFirst);
    // Drawn at once as an image, loaded from the upload.
    await page.waitForFunction((name) => [...document.querySelectorAll<HTMLImageElement>('#ed-visual img')].some((i) => i.src.endsWith(name) && i.complete && i.naturalWidth === 480), first);
    await page.locator(`#ed-visual img[src$="${first}"]`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot('07-image-pasted');
    // The editor guide's picture (docs/images/editor/image-pasted.png is a copy from a run).

    // The source: at the end of the caret's line, as its own paragraph.
    await page.locator('#ed-mode-source').click();
    await page.locator('.cm-line', { hasText: 'Last paragraph.' }).click();
    await page.keyboard.press('End');
    await paste('.cm-content');
    const second = await newImage([first]);
    expect(fs.readFileSync(path.join(root, 'images', second)).equals(png)).toBe(true);
    await saved();
    await onDisk(withFirst.replace('Last paragraph.\n\n', `Last paragraph.\n\n![${second.replace('.png', '')}](/images/${second})\n\n`));
    await page.locator('#ed-mode-visual').click();
    await page.locator('#ed-visual .ed-v-p.ed-rich', { hasText: 'Last paragraph.' }).waitFor();
  });

  it('looks right in dark and on a phone (no sideways scroll)', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('#ed-visual').evaluate((el) => el.scrollTo(0, 0));
    await page.waitForFunction(() => document.getElementById('ed-visual')?.dataset.theme === 'dark');
    const bg = await page.locator('#ed-visual').evaluate((el) => getComputedStyle(el).backgroundColor);
    // A dark background (each channel under 60).
    expect(bg.match(/\d+/g)!.slice(0, 3).every((c) => Number(c) < 60)).toBe(true);
    await shot('05-visual-dark-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForTimeout(300);
    await shot('06-visual-phone-390');
    const sideways = await page.evaluate(() => {
      const pane = document.getElementById('ed-visual')!;
      return { doc: document.documentElement.scrollWidth - window.innerWidth, pane: pane.scrollWidth - pane.clientWidth };
    });
    expect(sideways).toEqual({ doc: 0, pane: 0 });
  });
});
