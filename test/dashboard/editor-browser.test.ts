import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../../look/measure.js';
import { createProject, getLocalPullRequest, listPreviews, listUpdates, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { runServer, type RunningServer } from '../../src/server/run-server.js';
import { createBareRepo, git, pushChange } from './fixtures.js';

// The web editor in Debian's chromium against a real `folio serve` (PGlite, real site builds) and a
// local bare repository: open a page, edit its source, see the preview, publish to main (the commit
// is in the repository with the writer as author, the live site shows it), publish a branch (a pull
// request and a preview). Screenshots land in test-artifacts/editor/.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
const ARTIFACTS = path.resolve('test-artifacts/editor');
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const EMAIL = 'ann.writer@example.com';
const PASSWORD = 'a long enough passphrase';

if (!HAVE_CHROMIUM) console.warn(`editor browser tests skipped: no chromium at ${CHROMIUM}`);

describe.skipIf(!HAVE_CHROMIUM)('the web editor in a browser', { timeout: 240_000 }, () => {
  let root: string;
  let bare: string;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let project: ProjectRow;
  let editorUrl: string;

  const shot = (name: string, target: Page = page) => target.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  const preview = () => page.frameLocator('#ed-preview').locator('body');
  /** Wait until the autosave indicator says the text is on the server. */
  const saved = () => page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved', undefined, { timeout: 30_000 });

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-browser-'));
    bare = createBareRepo(root);
    server = await runServer({ dataDir: path.join(root, 'data'), port: 0 });
    await createUser(server.db, EMAIL, PASSWORD);
    project = await createProject(server.db, { name: 'Editor Docs', repoUrl: bare, branch: 'main' });
    editorUrl = `${server.url}/dashboard/projects/${project.id}/editor`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    // Wide enough that the source pane beside the dashboard's sidebar and the preview does not wrap the
    // fixture's longest line (End moves to the end of a wrapped line's visual row).
    page = await browser.newPage({ viewport: { width: 1760, height: 900 } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('signs in and opens the editor on the first page of the navigation', async () => {
    await page.goto(editorUrl);
    await page.waitForURL(/\/dashboard\/login\?next=/);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/editor$/);
    await page.locator('.cm-content').getByText('Read [setup](/guides/setup).').waitFor();
    await expect(page.locator('#ed-tree a').allTextContents()).resolves.toEqual(['Welcome to the fixture', 'Setup', 'Deploy']);
    await expect(page.locator('#ed-crumbs li').allTextContents()).resolves.toEqual(['Start', 'Welcome to the fixture']);
    await preview().getByText('Read setup').waitFor();
    // The page is never cut at the preview pane's edge: it was, and the site's pager card ("Next: Setup",
    // its text right-aligned) showed there as an empty white box.
    const edge = await page.evaluate(() => {
      const pane = document.getElementById('ed-preview-pane')!.getBoundingClientRect();
      const frame = document.getElementById('ed-preview') as HTMLIFrameElement;
      const scale = frame.getBoundingClientRect().width / frame.offsetWidth;
      const card = frame.contentDocument!.querySelector('.pager-next')!.getBoundingClientRect();
      return { frameOver: frame.getBoundingClientRect().right - pane.right, cardOver: frame.getBoundingClientRect().left + card.right * scale - pane.right };
    });
    expect(edge.frameOver).toBeLessThanOrEqual(1);
    expect(edge.cardOver).toBeLessThanOrEqual(1);
    await shot('01-editor-layout');
  });

  it('edits docs.json as text and refuses an edit that leaves it invalid, keeping the last good one', async () => {
    // One way to the site's settings: the Site configuration manager (the outline's old docs.json entry is gone).
    await expect(page.getByRole('link', { name: 'Site settings (docs.json)' }).count()).resolves.toBe(0);
    await page.locator('#ed-open-settings').click();
    await page.locator('#ed-mg-docs-json').click();
    await page.locator('.cm-content').getByText('"navigation"', { exact: false }).waitFor();
    await page.locator('.cm-line').first().click();
    await page.keyboard.press('Home');
    await page.keyboard.type('oops ');
    await page.waitForFunction(() => /EDITOR_DOCS_JSON_INVALID/.test(document.getElementById('ed-problems')?.textContent ?? ''));
    await expect(page.locator('#ed-status').textContent()).resolves.toBe('Not saved');
    await shot('01b-docs-json-refused');
    const saved = (await (await page.request.get(`${editorUrl}/file.json?file=docs.json`)).json()) as { text: string };
    expect(saved.text.startsWith('{')).toBe(true);
    // Undo: the text is the branch's again, and nothing stays as a draft.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Control+z');
    await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved');
    expect(((await (await page.request.get(`${editorUrl}/state.json`)).json()) as { drafts: unknown[] }).drafts).toEqual([]);
    // Settings on docs.json opens the Site configuration manager, whose form writes docs.json: a colour and a
    // navbar button, the rest of the file as it was.
    await page.locator('#ed-settings-toggle').click();
    const form = page.locator('#ed-mg-settings');
    await expect(form.getByLabel('Primary colour', { exact: true }).inputValue()).resolves.toBe('#3d4ed8');
    await form.getByLabel('Primary colour', { exact: true }).fill('#1d4ed8');
    await form.getByLabel('Primary button', { exact: true }).fill('Get started');
    await form.getByLabel('Primary button link').fill('https://example.com/start');
    await shot('01c-site-settings');
    await form.getByRole('button', { name: 'Save configuration' }).click();
    await page.locator('#ed-mg-message', { hasText: 'Configuration saved' }).waitFor();
    const written = ((await (await page.request.get(`${editorUrl}/file.json?file=docs.json`)).json()) as { text: string }).text;
    expect(JSON.parse(written)).toMatchObject({ colors: { primary: '#1d4ed8' }, navbar: { primary: { type: 'button', label: 'Get started', href: 'https://example.com/start' } }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/setup'] }] } });
    await page.locator('#ed-mg-close').click();
    await page.locator('#ed-tree a', { hasText: 'Welcome to the fixture' }).click();
    await page.locator('.cm-content').getByText('Read [setup](/guides/setup).').waitFor();
  });

  it('edits a page in the source mode and the preview shows the change; MDX errors keep the last good preview', async () => {
    await page.locator('#ed-tree a', { hasText: 'Setup' }).click();
    await page.locator('.cm-content').getByText('Install it.').waitFor();
    await page.locator('.cm-line', { hasText: 'Install it.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Now from the web editor.');
    await saved();
    await preview().getByText('Install it. Now from the web editor.').waitFor();
    await shot('02-source-and-preview');

    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('<Not');
    // Completion of component names from Folio's component set.
    await page.locator('.cm-tooltip-autocomplete').getByText('Note', { exact: true }).waitFor();
    await shot('03-component-completion');
    await page.keyboard.press('Enter');
    await page.keyboard.type('>Unclosed');
    await saved();
    await expect(page.locator('#ed-problems')).not.toBeNull();
    await page.waitForFunction(() => /Line 7:/.test(document.getElementById('ed-problems')?.textContent ?? ''));
    await preview().getByText('Install it. Now from the web editor.').waitFor();
    expect(await preview().textContent()).not.toContain('Unclosed');
    await shot('04-mdx-error-kept-preview');
    await page.keyboard.type('</Note>');
    await saved();
    await page.waitForFunction(() => (document.getElementById('ed-problems')?.textContent ?? '') === '');
    await preview().getByText('Unclosed').waitFor();
  });

  it('edits in the visual mode, switches to Markdown: only the edited block changed, the preview shows it', async () => {
    const before = await page.evaluate(() => document.querySelector('.cm-content')?.textContent ?? '');
    const source = (await (await page.request.get(`${editorUrl}/file.json?branch=main&file=guides/setup.mdx`)).json()) as { text: string };
    await page.getByRole('button', { name: 'Visual' }).click();
    const paragraph = page.locator('.ed-v-p', { hasText: 'Install it. Now from the web editor.' });
    await paragraph.waitFor();
    // The callout drawn as the site draws it (the visual mode's components), not as a box of its source.
    await expect(page.locator('#ed-visual .folio-callout-note').count()).resolves.toBe(1);
    await shot('05-visual-mode');
    await paragraph.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Edited visually.');
    await saved();
    await preview().getByText('Install it. Now from the web editor. Edited visually.').waitFor();
    await page.getByRole('button', { name: 'Markdown source' }).click();
    await page.locator('.cm-content').getByText('Install it. Now from the web editor. Edited visually.').waitFor();
    expect(await page.evaluate(() => document.querySelector('.cm-content')?.textContent ?? '')).toBe(before.replace('web editor.', 'web editor. Edited visually.'));
    // The saved draft differs from the text before by exactly the typed words.
    const after = (await (await page.request.get(`${editorUrl}/file.json?branch=main&file=guides/setup.mdx`)).json()) as { text: string };
    expect(after.text).toBe(source.text.replace('Now from the web editor.', 'Now from the web editor. Edited visually.'));
  });

  it('shows prose as rich text in the visual mode: bold as bold, a typed word made bold with Ctrl+B changes only that in the Markdown', async () => {
    const fileText = async () => ((await (await page.request.get(`${editorUrl}/file.json?branch=main&file=guides/setup.mdx`)).json()) as { text: string }).text;
    // A paragraph with bold text, written in the source mode below the others.
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\n## Options\n\n- `--fast`: skip the checks\n- a _quiet_ run\n\nUse the **fast** path, or read [the guide](/guides/setup).\n');
    await saved();
    const before = await fileText();
    expect(before).toContain('\n\nUse the **fast** path, or read [the guide](/guides/setup).\n');

    await page.getByRole('button', { name: 'Visual' }).click();
    const paragraph = page.locator('.ed-v-p.ed-rich', { hasText: 'Use the fast path' });
    await paragraph.waitFor();
    // Formatted, not Markdown: the bold is a <strong>, the link an <a>, and no asterisk or bracket shows.
    await expect(paragraph.locator('strong').allTextContents()).resolves.toEqual(['fast']);
    await expect(paragraph.locator('a').getAttribute('href')).resolves.toBe('/guides/setup');
    expect(await paragraph.textContent()).toBe('Use the fast path, or read the guide.');
    // The heading and the list too: an <h2>, list items with inline code and italics.
    await expect(page.locator('.ed-v-h2.ed-rich h2').textContent()).resolves.toBe('Options');
    const list = page.locator('.ed-v-p.ed-rich', { has: page.locator('ul') });
    await expect(list.locator('li').allTextContents()).resolves.toEqual(['--fast: skip the checks', 'a quiet run']);
    await expect(list.locator('li code').textContent()).resolves.toBe('--fast');
    await expect(list.locator('li em').textContent()).resolves.toBe('quiet');
    await expect(page.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Bold' }).isDisabled()).resolves.toBe(true);
    await shot('05b-visual-rich-text');

    await paragraph.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Now');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+b');
    await expect(paragraph.locator('strong').allTextContents()).resolves.toEqual(['fast', 'Now']);
    // The toolbar follows the selection: it is in bold text.
    await expect(page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await shot('05c-visual-bold-applied');
    await saved();
    await preview().locator('strong', { hasText: 'Now' }).waitFor();

    // Axe finds nothing serious in the visual mode, in either colour scheme.
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      if (scheme === 'dark') await shot('05d-visual-rich-text-dark');
      const findings = (await runAxe(page)).filter((f) => !f.target.startsWith('#ed-preview'));
      expect(findings.map((f) => `${f.id} ${f.target}`), scheme).toEqual([]);
    }

    await page.getByRole('button', { name: 'Markdown source' }).click();
    await page.locator('.cm-content').getByText('**Now**', { exact: false }).waitFor();
    // Exactly the typed word, bold; every other byte of the page as it was.
    expect(await fileText()).toBe(before.replace('read [the guide](/guides/setup).', 'read [the guide](/guides/setup). **Now**'));
  });

  it('changes the page title through page settings and adds a page to the navigation', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.locator('#ed-settings input[name=title]').fill('Set up the tool');
    await page.locator('#ed-settings input[name=description]').fill('Install: the short way');
    await page.getByRole('button', { name: 'Apply' }).click();
    await saved();
    await page.locator('.cm-content').getByText('title: Set up the tool').waitFor();
    await page.locator('.cm-content').getByText('description: "Install: the short way"').waitFor();
    await page.locator('#ed-tree a', { hasText: 'Set up the tool' }).waitFor();
    await shot('06-page-settings');

    await page.getByRole('button', { name: 'Add page' }).first().click();
    await page.locator('#ed-add-title').fill('Release notes');
    expect(await page.locator('#ed-add-file').inputValue()).toBe('guides/release-notes.mdx');
    await page.locator('#ed-add-form').getByRole('button', { name: 'Add page' }).click();
    await page.locator('#ed-tree a[aria-current=page]', { hasText: 'Release notes' }).waitFor();
    await expect(page.locator('#ed-tree a').allTextContents()).resolves.toEqual(['Welcome to the fixture', 'Set up the tool', 'Release notes', 'Deploy']);
    // A colliding name is refused with its message.
    await page.getByRole('button', { name: 'Add page' }).first().click();
    await page.locator('#ed-add-title').fill('Setup');
    await page.locator('#ed-add-form').getByRole('button', { name: 'Add page' }).click();
    await page.waitForFunction(() => /EDITOR_PAGE_EXISTS/.test(document.getElementById('ed-problems')?.textContent ?? ''));
    await shot('07-add-page-refused');
    await page.locator('#ed-add-cancel').click();
  });

  it('publishes to main: one commit by the writer, and the live site shows it after the update', async () => {
    await page.locator('#ed-publish-toggle').click();
    await expect(page.locator('#ed-changes li').allTextContents()).resolves.toEqual(['docs.jsonModified', 'guides/release-notes.mdxAdded', 'guides/setup.mdxModified']);
    await shot('08-publish-menu');
    await page.locator('#ed-message').fill('Setup: describe the editor');
    await page.getByRole('button', { name: 'Publish to main' }).click();
    await page.locator('#ed-publish-result').getByText('The site update has started.').waitFor({ timeout: 60_000 });
    await shot('09-published');
    expect(git(bare, ['log', '-1', '--format=%an <%ae>|%s', 'main'])).toBe(`ann.writer <${EMAIL}>|Setup: describe the editor`);
    expect(git(bare, ['show', 'main:guides/setup.mdx'])).toContain('Install it. Now from the web editor. Edited visually.');

    const deadline = Date.now() + 150_000;
    let status = '';
    while (Date.now() < deadline) {
      status = (await listUpdates(server.db, project.id, 1))[0]?.status ?? '';
      if (status === 'success' || status === 'failure') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe('success');
    const site = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await site.goto(`http://${project.id}.localhost:${server.port}/guides/setup`);
    await expect(site.textContent('body')).resolves.toContain('Install it. Now from the web editor. Edited visually.');
    await expect(site.title()).resolves.toContain('Set up the tool');
    await shot('10-live-site', site);
    await site.close();
  });

  it('shows a conflicting push with both versions, uploads an image, and publishes the writer\'s answer', async () => {
    await page.locator('#ed-publish-toggle').click();
    await page.locator('#ed-tree a', { hasText: 'Welcome to the fixture' }).click();
    await page.locator('.cm-line', { hasText: 'Read [setup]' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Editor words.');
    await saved();
    pushChange(root, bare, { 'index.mdx': '---\ntitle: Welcome to the fixture\n---\n\nRead [setup](/guides/setup). Outside words.\n' }, 'Outside edit');
    await page.locator('#ed-publish-toggle').click();
    await page.getByRole('button', { name: 'Publish to main' }).click();
    const result = page.locator('#ed-publish-result');
    await result.getByText(/EDITOR_CONFLICT/).waitFor({ timeout: 60_000 });
    await expect(result.locator('pre').allTextContents()).resolves.toEqual([expect.stringContaining('Outside words.'), expect.stringContaining('Editor words.')]);
    await shot('11-conflict');
    expect(git(bare, ['show', 'main:index.mdx'])).toContain('Outside words.');

    // An image: the wrong type is refused, a PNG goes into images/ and into the page at the cursor.
    await page.locator('#ed-publish-toggle').click();
    await page.locator('#ed-image').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await page.waitForFunction(() => /EDITOR_IMAGE_TYPE/.test(document.getElementById('ed-problems')?.textContent ?? ''));
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await page.locator('.cm-line', { hasText: 'Editor words.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Merged.');
    await page.locator('#ed-image').setInputFiles({ name: 'Dot Chart.png', mimeType: 'image/png', buffer: png });
    await page.locator('.cm-content').getByText('![dot-chart](/images/dot-chart.png)').waitFor();
    await saved();
    await preview().locator('img[src$="/images/dot-chart.png"]').waitFor({ state: 'attached' });
    await page.locator('#ed-publish-toggle').click();
    await page.getByRole('button', { name: 'Publish to main' }).click();
    await result.getByText('The site update has started.').waitFor({ timeout: 60_000 });
    expect(git(bare, ['show', 'main:index.mdx'])).toContain('Read [setup](/guides/setup). Editor words. Merged.');
    expect(git(bare, ['show', '--format=', '--name-only', 'main']).split('\n').sort()).toEqual(['images/dot-chart.png', 'index.mdx']);
    expect(Buffer.from(execFileSync('git', ['show', 'main:images/dot-chart.png'], { cwd: bare })).equals(png)).toBe(true);
  });

  it('publishes a branch as a pull request with a preview', async () => {
    await page.goto(`${editorUrl}?branch=docs/editor-test&file=index.mdx`);
    // A branch named in the address is not made by opening it: the writer asks for it (a POST).
    await page.getByRole('button', { name: 'Create branch docs/editor-test' }).click();
    await page.locator('.cm-content').getByText('Read [setup](/guides/setup).').waitFor();
    // Opening a page saves nothing: the branch has no drafts yet.
    await saved();
    expect(await page.locator('#ed-tree a.draft').count()).toBe(0);
    expect(await page.locator('#ed-branch').inputValue()).toBe('docs/editor-test');
    await page.locator('.cm-line', { hasText: 'Read [setup]' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Branch text.');
    await saved();
    // A branch made in the editor saves into a draft pull request (by itself after a pause, or at once by hand),
    // and saving by hand starts its site preview.
    await page.locator('#ed-publish-toggle').click();
    await page.getByRole('button', { name: 'Save in branch', exact: true }).click();
    const preview = page.locator('#ed-publish-result a', { hasText: 'Preview' });
    await preview.waitFor({ timeout: 60_000 });
    const link = page.locator('#ed-pr-link');
    await expect.poll(() => link.textContent(), { timeout: 30_000 }).toMatch(/Draft pull request/);
    await shot('12-pull-request');
    const id = (await link.getAttribute('href'))!.split('/').at(-1)!;
    const pr = await getLocalPullRequest(server.db, id);
    expect(pr).toMatchObject({ baseBranch: 'main', headBranch: 'docs/editor-test', status: 'open' });
    expect(pr!.diff).toMatch(/\n\+Read \[setup\]\(\/guides\/setup\)\. Editor words\. Merged\. Branch text\.\n/);
    expect(git(bare, ['log', '-1', '--format=%ae', 'docs/editor-test'])).toBe(EMAIL);
    const previews = await listPreviews(server.db, project.id);
    expect(previews.map((p) => p.branch)).toContain('docs/editor-test');
    expect(await preview.getAttribute('href')).toMatch(new RegExp(`^http://[a-z0-9-]+--${project.id}\\.localhost:${server.port}/$`));
    // The pull request page Folio serves.
    const pulls = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await pulls.context().addCookies(await page.context().cookies());
    await pulls.goto((await link.getAttribute('href'))!);
    await expect(pulls.textContent('body')).resolves.toContain('docs/editor-test');
    await pulls.close();
  });

  it('lets two writers edit one page at once: each sees the other\'s text and cursor', async () => {
    // The text without the other writers' carets and name labels.
    const textOf = (p: Page) =>
      p.evaluate(() => {
        const copy = document.querySelector('.cm-content')!.cloneNode(true) as HTMLElement;
        for (const caret of copy.querySelectorAll('.cm-ySelectionCaret')) caret.remove();
        return copy.textContent ?? '';
      });
    const other = await browser.newContext({ viewport: { width: 1760, height: 900 } });
    await other.addCookies(await page.context().cookies());
    const second = await other.newPage();
    const url = `${editorUrl}?branch=docs/editor-test&file=guides/setup.mdx`;
    await page.goto(url);
    await page.locator('.cm-content').getByText('Install it.', { exact: false }).first().waitFor();
    await second.goto(url);
    await second.locator('.cm-content').getByText('Install it.', { exact: false }).first().waitFor();
    await page.locator('.cm-line', { hasText: 'Install it.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' First writer.');
    await second.locator('.cm-content').getByText('First writer.', { exact: false }).waitFor({ timeout: 10_000 });
    await second.locator('.cm-line', { hasText: 'First writer.' }).click();
    await second.keyboard.press('End');
    await second.keyboard.type(' Second writer.');
    await expect.poll(() => textOf(page), { timeout: 10_000 }).toContain('First writer. Second writer.');
    // Each sees the other's cursor with the other's name.
    await page.locator('.cm-ySelectionCaret').first().waitFor({ timeout: 10_000 });
    await second.locator('.cm-ySelectionCaret').first().waitFor({ timeout: 10_000 });
    await shot('13-two-writers-first', page);
    await shot('14-two-writers-second', second);
    // Both texts agree, and the saved draft has both edits.
    await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved');
    await second.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved');
    expect(await textOf(page)).toBe(await textOf(second));
    await expect.poll(async () => ((await (await page.request.get(`${editorUrl}/file.json?branch=docs/editor-test&file=guides/setup.mdx`)).json()) as { text: string }).text, { timeout: 10_000 }).toContain('First writer. Second writer.');
    // A writer joining late gets the current text.
    const third = await other.newPage();
    await third.goto(url);
    // The other writers' carets (with their names) may sit inside the line, so the text is read without them.
    await expect.poll(() => textOf(third), { timeout: 30_000 }).toContain('First writer. Second writer.');
    await other.close();
  });
  it('shows another writer\'s change in the rich block being edited, the caret kept where it was', async () => {
    const textOf = (p: Page) =>
      p.evaluate(() => {
        const copy = document.querySelector('.cm-content')!.cloneNode(true) as HTMLElement;
        for (const caret of copy.querySelectorAll('.cm-ySelectionCaret')) caret.remove();
        return copy.textContent ?? '';
      });
    const url = `${editorUrl}?branch=docs/editor-test&file=guides/setup.mdx`;
    await page.goto(url);
    await page.locator('.cm-content').getByText('Install it.', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Visual' }).click();
    const paragraph = page.locator('.ed-v-p.ed-rich', { hasText: 'Install it.' });
    // A short paragraph (one line in both views, so End is its end).
    await paragraph.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Install it. Visual writer.');
    const other = await browser.newContext({ viewport: { width: 1760, height: 900 } });
    await other.addCookies(await page.context().cookies());
    const second = await other.newPage();
    await second.goto(url);
    await expect.poll(() => textOf(second), { timeout: 30_000 }).toContain('Install it. Visual writer.');
    await second.locator('.cm-line', { hasText: 'Visual writer.' }).click();
    await second.keyboard.press('End');
    await second.keyboard.type(' Source writer.');
    // The rich paragraph is drawn again with the other writer's words; the caret stays after "Visual writer."
    await expect.poll(() => paragraph.textContent(), { timeout: 10_000 }).toContain('Visual writer. Source writer.');
    await page.keyboard.type(' More.');
    await expect.poll(() => textOf(second), { timeout: 10_000 }).toContain('Visual writer. More. Source writer.');
    await shot('15-visual-writer-and-source-writer', page);
    await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved');
    await expect.poll(async () => ((await (await page.request.get(`${editorUrl}/file.json?branch=docs/editor-test&file=guides/setup.mdx`)).json()) as { text: string }).text, { timeout: 10_000 }).toContain('Visual writer. More. Source writer.');
    await other.close();
  });
});
