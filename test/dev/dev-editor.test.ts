/**
 * The web editor in `folio dev`, wired as the command wires it (`devEditor` before the assistant's
 * routes), over a docs folder on disk: the page and its assets; a page read and saved (the file
 * changes byte for byte and the dev site shows it at once); pages created, renamed (with a redirect)
 * and deleted through docs.json edits; a navigation edit; image uploads with their checks; paths out
 * of the folder and symbolic links refused; a docs.json that would not load refused with the file
 * unchanged; a POST from another origin refused with nothing written. Without the editor (`--no-editor`)
 * its paths are not answered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devAssistant, devEditor, devSiteRoute } from '../../src/cli/commands/dev.js';
import { startDevServer, type DevServer } from '../../src/dev/index.js';

const DOCS_JSON = `{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "Gadgets",
  "colors": { "primary": "#225588" },
  "navigation": {
    "groups": [
      { "group": "Start", "pages": ["index", "guides/setup"] },
      { "group": "More", "pages": ["guides/extra"] }
    ]
  }
}
`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e5270fe70000000049454e44ae426082', 'hex');

describe('the editor in folio dev', () => {
  let root: string;
  let outside: string;
  let dev: DevServer;
  let based: DevServer;
  let bare: DevServer;
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  const api = (server: DevServer, route: string, base = '') => `${server.url}${base}/__folio/editor/api/${route}`;
  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(api(dev, route), { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
  const page = async (pathname: string) => {
    const res = await fetch(dev.url + pathname);
    return { status: res.status, html: await res.text() };
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-dev-editor-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-dev-editor-outside-'));
    fs.mkdirSync(path.join(root, 'guides'));
    fs.writeFileSync(path.join(root, 'docs.json'), DOCS_JSON);
    fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
    fs.writeFileSync(path.join(root, 'guides/setup.mdx'), '---\ntitle: Setup\n---\n\nInstall the gadget.\n');
    fs.writeFileSync(path.join(root, 'guides/extra.mdx'), '---\ntitle: Extra\n---\n\nMore things.\n');
    fs.writeFileSync(path.join(outside, 'secret.mdx'), '---\ntitle: Secret\n---\n\nNot in the docs.\n');
    fs.symlinkSync(path.join(outside, 'secret.mdx'), path.join(root, 'guides/linked.mdx'));
    const route = devSiteRoute(devEditor(root), devAssistant({}, () => {}).route);
    dev = await startDevServer({ root, port: 0, siteRoute: route });
    based = await startDevServer({ root, port: 0, basePath: '/docs', siteRoute: route });
    bare = await startDevServer({ root, port: 0, siteRoute: devSiteRoute(null, devAssistant({}, () => {}).route) });
  });

  afterAll(async () => {
    await Promise.all([dev?.close(), based?.close(), bare?.close()]);
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('serves the editor page, local, with its script and styles', async () => {
    const res = await fetch(`${dev.url}/__folio/editor?file=guides/setup.mdx`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('data-local="1"');
    expect(html).toContain('data-api="/__folio/editor/api"');
    expect(html).toContain('data-file="guides/setup.mdx"');
    expect(html).toContain('Gadgets');
    const script = /src="(\/__folio\/editor\/assets\/editor\.js\?v=\w+)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(dev.url + script);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect((await js.text()).length).toBeGreaterThan(10_000);
    for (const css of ['app.css', 'editor.css']) expect((await fetch(`${dev.url}/__folio/editor/assets/${css}`)).status).toBe(200);
  });

  it('lists the navigation and reads a page', async () => {
    const state = (await (await fetch(api(dev, 'state.json'))).json()) as { branch: string; drafts: unknown[]; navigation: { sections: { items: { type: string; name?: string; children?: { file?: string }[] }[] }[] }; outline: { items: unknown[] } | null };
    expect(state.branch).toBe('local');
    expect(state.drafts).toEqual([]);
    const start = state.navigation.sections[0]!.items[0]!;
    expect(start).toMatchObject({ type: 'group', name: 'Start' });
    expect(start.children!.map((c) => c.file)).toEqual(['index.mdx', 'guides/setup.mdx']);
    expect(state.outline?.items).toHaveLength(2);
    const res = await fetch(`${api(dev, 'file.json')}?file=guides/setup.mdx`);
    expect(res.status).toBe(200);
    const file = (await res.json()) as { text: string; breadcrumbs: string[]; preview: { ok: boolean; version: number } };
    expect(file.text).toBe(read('guides/setup.mdx'));
    expect(file.breadcrumbs).toEqual(['Start', 'Setup']);
    expect(file.preview.ok).toBe(true);
  });

  it('saves a page as the file, byte for byte, and the dev site shows it at once', async () => {
    expect((await page('/guides/setup')).html).toContain('Install the gadget.');
    const text = '---\ntitle: Setup\r\n---\n\nInstall the gadget — carefully, «twice».\r\n\n## Tighten\n\nNo trailing newline';
    // Open pages of the site listen for reloads.
    const events = new AbortController();
    const stream = (await fetch(`${dev.url}/__folio/events`, { signal: events.signal })).body!.getReader();
    let heard = '';
    const listening = (async () => {
      for (let part = await stream.read(); !part.done; part = await stream.read()) heard += new TextDecoder().decode(part.value);
    })().catch(() => undefined);
    // The save reports the file to the dev server before it answers (not left to the watcher's next report).
    const reloaded: string[][] = [];
    void dev.nextReload().then((files) => reloaded.push(files));
    const res = await post('save.json', { file: 'guides/setup.mdx', text });
    expect(res.status).toBe(200);
    expect(reloaded).toEqual([['guides/setup.mdx']]);
    // The watcher's own report of that write is not a second change: open pages reload once.
    await new Promise((resolve) => setTimeout(resolve, 400));
    events.abort();
    await listening;
    expect(heard.match(/event: reload\ndata: .*guides\/setup\.mdx/g)).toHaveLength(1);
    const saved = (await res.json()) as { preview: { ok: boolean; version: number } };
    expect(saved.preview.ok).toBe(true);
    expect(fs.readFileSync(path.join(root, 'guides/setup.mdx'))).toEqual(Buffer.from(text, 'utf8'));
    // The answer came after the dev server took the change in: the next render has it.
    expect((await page('/guides/setup')).html).toContain('carefully, «twice»');
    // The preview pane's address leads to the page on the dev server.
    const preview = await fetch(`${api(dev, 'preview')}?file=guides/setup.mdx&v=${saved.preview.version}`, { redirect: 'manual' });
    expect(preview.status).toBe(303);
    expect(preview.headers.get('location')).toBe('/guides/setup');
  });

  it('saves a page with an MDX error and answers the error at its line', async () => {
    const broken = '---\ntitle: Setup\n---\n\nFine.\n\n<Note>Unclosed\n';
    const res = await post('save.json', { file: 'guides/setup.mdx', text: broken });
    expect(res.status).toBe(200);
    const { preview } = (await res.json()) as { preview: { ok: boolean; diagnostics: { line: number; severity: string; code: string }[] } };
    expect(read('guides/setup.mdx')).toBe(broken);
    expect(preview.ok).toBe(false);
    expect(preview.diagnostics).toContainEqual(expect.objectContaining({ line: 7, severity: 'error' }));
    const fixed = await post('save.json', { file: 'guides/setup.mdx', text: broken.replace('Unclosed\n', 'Closed</Note>\n') });
    expect(((await fixed.json()) as { preview: { ok: boolean; diagnostics: unknown[] } }).preview).toMatchObject({ ok: true, diagnostics: [] });
  });

  it('does not write over a file changed on disk since it was read, unless the writer saves again', async () => {
    const opened = (await (await fetch(`${api(dev, 'file.json')}?file=guides/extra.mdx`)).json()) as { text: string; hash: string };
    const first = await post('save.json', { file: 'guides/extra.mdx', text: opened.text + 'Typed in the browser.\n', base: opened.hash });
    expect(first.status).toBe(200);
    const { hash } = (await first.json()) as { hash: string };
    // Saved from another program meanwhile.
    const theirs = opened.text + 'Typed in another editor.\n';
    fs.writeFileSync(path.join(root, 'guides/extra.mdx'), theirs);
    const refused = await post('save.json', { file: 'guides/extra.mdx', text: opened.text + 'Typed in the browser, more.\n', base: hash });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('EDITOR_FILE_CHANGED');
    expect(read('guides/extra.mdx')).toBe(theirs);
    // Saving the same text as the disk's is no conflict; the writer's next save is their answer, written over it.
    expect((await post('save.json', { file: 'guides/extra.mdx', text: theirs, base: hash })).status).toBe(200);
    fs.writeFileSync(path.join(root, 'guides/extra.mdx'), theirs + 'Again elsewhere.\n');
    expect((await post('save.json', { file: 'guides/extra.mdx', text: opened.text, base: hash })).status).toBe(409);
    const answer = await post('save.json', { file: 'guides/extra.mdx', text: opened.text, base: hash });
    expect(answer.status).toBe(200);
    expect(read('guides/extra.mdx')).toBe(opened.text);
  });

  it('creates a page in the navigation, renames it with a redirect, and deletes a page', async () => {
    const created = await post('pages.json', { action: 'create', file: 'guides/tuning.mdx', title: 'Tuning', besides: 'guides/setup.mdx' });
    expect(created.status).toBe(200);
    expect(read('guides/tuning.mdx')).toBe('---\ntitle: "Tuning"\n---\n\n');
    expect(JSON.parse(read('docs.json')).navigation.groups[0].pages).toEqual(['index', 'guides/setup', 'guides/tuning']);
    expect((await page('/guides/tuning')).html).toContain('Tuning');
    const again = await post('pages.json', { action: 'create', file: 'guides/tuning.mdx', title: 'Again' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('EDITOR_PAGE_EXISTS');

    const renamed = await post('pages.json', { action: 'rename', file: 'guides/tuning.mdx', to: 'guides/tune.mdx' });
    expect(renamed.status).toBe(200);
    expect(fs.existsSync(path.join(root, 'guides/tuning.mdx'))).toBe(false);
    expect(read('guides/tune.mdx')).toBe('---\ntitle: "Tuning"\n---\n\n');
    const docs = JSON.parse(read('docs.json'));
    expect(docs.navigation.groups[0].pages).toEqual(['index', 'guides/setup', 'guides/tune']);
    expect(docs.redirects).toEqual([expect.objectContaining({ source: '/guides/tuning', destination: '/guides/tune' })]);
    const old = await fetch(`${dev.url}/guides/tuning`, { redirect: 'manual' });
    expect(old.status).toBeGreaterThanOrEqual(301);
    expect(old.headers.get('location')).toBe('/guides/tune');

    const deleted = await post('pages.json', { action: 'delete', file: 'guides/tune.mdx' });
    expect(deleted.status).toBe(200);
    expect(fs.existsSync(path.join(root, 'guides/tune.mdx'))).toBe(false);
    expect(JSON.parse(read('docs.json')).navigation.groups[0].pages).toEqual(['index', 'guides/setup']);
  });

  it('arranges the navigation as a docs.json edit, the rest of the file kept', async () => {
    const before = read('docs.json');
    const res = await post('navigation.json', { op: 'move-to-group', id: 'navigation/groups/1/pages/0', expect: 'guides/extra', group: 'navigation/groups/0' });
    expect(res.status).toBe(200);
    const after = read('docs.json');
    expect(JSON.parse(after).navigation.groups).toEqual([
      { group: 'Start', pages: ['index', 'guides/setup', 'guides/extra'] },
      { group: 'More', pages: [] },
    ]);
    expect(after.slice(0, after.indexOf('"navigation"'))).toBe(before.slice(0, before.indexOf('"navigation"')));
    const stale = await post('navigation.json', { op: 'move-to-group', id: 'navigation/groups/1/pages/0', expect: 'guides/extra', group: 'navigation/groups/0' });
    expect(stale.status).toBe(409);
    expect(read('docs.json')).toBe(after);
  });

  it('uploads images after checking their bytes', async () => {
    const res = await fetch(`${api(dev, 'upload.json')}?file=images/dot.png`, { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: PNG });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ file: 'images/dot.png', src: '/images/dot.png' });
    expect(fs.readFileSync(path.join(root, 'images/dot.png'))).toEqual(PNG);
    expect((await fetch(`${dev.url}/images/dot.png`)).status).toBe(200);
    const fake = await fetch(`${api(dev, 'upload.json')}?file=images/fake.png`, { method: 'POST', body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    expect(fake.status).toBe(415);
    expect((await errorOf(fake)).code).toBe('EDITOR_IMAGE_TYPE');
    expect(fs.existsSync(path.join(root, 'images/fake.png'))).toBe(false);
    const svg = await fetch(`${api(dev, 'upload.json')}?file=images/x.svg`, { method: 'POST', body: PNG });
    expect((await errorOf(svg)).code).toBe('EDITOR_PATH_INVALID');
  });

  it('refuses paths out of the folder and symbolic links, writing nothing', async () => {
    for (const file of ['../escape.mdx', 'guides/../../escape.mdx', '/etc/escape.mdx']) {
      const res = await post('save.json', { file, text: 'x' });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('EDITOR_PATH_INVALID');
      const created = await post('pages.json', { action: 'create', file, title: 'Escape' });
      expect((await errorOf(created)).code).toBe('EDITOR_PATH_INVALID');
    }
    expect(fs.existsSync(path.join(root, '..', 'escape.mdx'))).toBe(false);
    expect((await fetch(`${api(dev, 'file.json')}?file=../docs.json`)).status).toBe(400);
    // A page that is a link out of the folder is neither read nor written.
    expect((await fetch(`${api(dev, 'file.json')}?file=guides/linked.mdx`)).status).toBe(404);
    const linked = await post('save.json', { file: 'guides/linked.mdx', text: 'overwritten' });
    expect(linked.status).toBeGreaterThanOrEqual(400);
    expect(fs.readFileSync(path.join(outside, 'secret.mdx'), 'utf8')).toBe('---\ntitle: Secret\n---\n\nNot in the docs.\n');
    const through = await post('pages.json', { action: 'rename', file: 'guides/extra.mdx', to: 'guides/linked.mdx' });
    expect(through.status).toBe(409);
    expect(fs.readFileSync(path.join(outside, 'secret.mdx'), 'utf8')).toBe('---\ntitle: Secret\n---\n\nNot in the docs.\n');
    expect(fs.existsSync(path.join(root, 'guides/extra.mdx'))).toBe(true);
  });

  it('refuses a docs.json that does not load, leaving the file as it was', async () => {
    const before = read('docs.json');
    for (const text of ['{ "name": "Broken", "navigation": ', '{ "theme": "mint", "name": "No colours or navigation", "navigation": 42 }']) {
      const res = await post('save.json', { file: 'docs.json', text });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('EDITOR_DOCS_JSON_INVALID');
      expect(read('docs.json')).toBe(before);
    }
    const good = before.replace('"Gadgets"', '"Gadgets & Co"');
    const res = await post('save.json', { file: 'docs.json', text: good });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{40}$/), preview: null });
    expect(read('docs.json')).toBe(good);
  });

  it('refuses a POST from another origin or a cross-site fetch, writing nothing', async () => {
    const before = read('guides/setup.mdx');
    for (const headers of [{ Origin: 'https://evil.example' }, { Origin: 'http://localhost:1' }, { Origin: 'null' }, { 'Sec-Fetch-Site': 'cross-site' }]) {
      const res = await post('save.json', { file: 'guides/setup.mdx', text: 'pwned' }, headers);
      expect(res.status).toBe(403);
      const upload = await fetch(`${api(dev, 'upload.json')}?file=images/evil.png`, { method: 'POST', headers, body: PNG });
      expect(upload.status).toBe(403);
    }
    expect(read('guides/setup.mdx')).toBe(before);
    expect(fs.existsSync(path.join(root, 'images/evil.png'))).toBe(false);
    // Its own page's Origin is accepted.
    const own = await post('save.json', { file: 'guides/setup.mdx', text: before }, { Origin: dev.url, 'Sec-Fetch-Site': 'same-origin' });
    expect(own.status).toBe(200);
  });

  it('answers under the base path, and not at all without the editor', async () => {
    const html = await (await fetch(`${based.url}/docs/__folio/editor`)).text();
    expect(html).toContain('data-api="/docs/__folio/editor/api"');
    const preview = await fetch(`${api(based, 'preview', '/docs')}?file=guides/setup.mdx`, { redirect: 'manual' });
    expect(preview.headers.get('location')).toBe('/docs/guides/setup');
    expect((await fetch(`${api(based, 'state.json', '/docs')}`)).status).toBe(200);
    expect((await fetch(`${bare.url}/__folio/editor`)).status).toBe(404);
    const write = await fetch(api(bare, 'save.json'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ file: 'guides/setup.mdx', text: 'x' }) });
    expect(write.status).toBe(405);
  });
});
