/**
 * The editor's assets, redirects and site settings managers over HTTP, on each database backend: the
 * media files listed with their size and the pages that use them; a file in use refused for deletion
 * (its places listed) unless forced; a move renames its references in pages and docs.json; redirects
 * validated, added, edited and deleted; settings written as the keys that changed, docs.json's other
 * bytes (its unknown keys, its layout) untouched; every change a draft, published to git as the pages
 * are; a viewer refused every write.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { acceptInvite, inviteMember } from '../../src/dashboard/data/members.js';
import type { BuildSite } from '../../src/hosting/index.js';
import { backends } from '../db/helpers.js';
import { dashboardStack, FormClient, type Stack } from './harness.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'user.name=T', '-c', 'user.email=t@example.test', ...args], { cwd, stdio: 'pipe' }).toString();
const PASSWORD = 'a long enough password';
// One line per key, a comment-free but hand-laid-out file with a key Folio's form does not show (`x-team`).
const DOCS_JSON = `{
    "$schema": "https://folio.test/docs.json",
    "theme": "mint",
    "name": "Garden",
    "x-team": { "owner": "docs" },
    "colors": { "primary": "#123456" },
    "logo": "/logo/mark.svg",
    "navigation": { "pages": ["index", "guides/plant"] },
    "redirects": [
        { "source": "/old", "destination": "/index" }
    ]
}
`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');
const buildSite: BuildSite = async ({ outDir }) => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), '<p>built</p>');
  return { ok: true, pages: 1, diagnostics: [], durationMs: 1 };
};

describe.each(backends)('the editor managers on %s', (kind) => {
  let stack: Stack;
  let tmp: string;
  let bare: string;
  let project: ProjectRow;
  const users: Record<string, { client: FormClient; csrf: string }> = {};

  async function call(who: string, route: string, json?: Record<string, unknown>): Promise<{ status: number; body: any }> {
    const { client, csrf } = users[who]!;
    const headers: Record<string, string> = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': csrf };
    if (json) headers['content-type'] = 'application/json';
    const res = await stack.app.request(`/dashboard/projects/${project.id}/editor/${route}`, { method: json ? 'POST' : 'GET', headers, body: json ? JSON.stringify(json) : undefined });
    return { status: res.status, body: await res.json() };
  }

  async function signIn(email: string): Promise<void> {
    const client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email, password: PASSWORD });
    await client.get('/dashboard/projects');
    users[email.split('@')[0]!] = { client, csrf: client.csrf() };
  }

  const docsJson = async () => (await call('owner', 'file.json?file=docs.json')).body.text as string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-managers-'));
    bare = path.join(tmp, 'origin.git');
    const work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    const files: Record<string, string | Buffer> = {
      'docs.json': DOCS_JSON,
      'index.mdx': '---\ntitle: Home\n---\n\n![Hero](/images/hero.png)\n\nNothing else.\n',
      'guides/plant.mdx': '---\ntitle: Plant\n---\n\n<img src="../images/hero.png" alt="Hero" />\n\n<Frame>\n  <img src="/images/unused-not.png" />\n</Frame>\n',
      'images/hero.png': PNG,
      'images/spare.png': PNG,
      'logo/mark.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'files/guide.pdf': '%PDF-1.4\n',
      'node_modules/pkg/icon.png': PNG,
      '.hidden/secret.png': PNG,
    };
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      fs.writeFileSync(path.join(work, file), content);
    }
    git(work, 'add', '-A', '-f');
    git(work, 'commit', '-q', '-m', 'First');
    git(work, 'push', '-q', 'origin', 'main');
    stack = await dashboardStack({ kind, buildSite });
    project = await createProject(stack.db, { name: 'Garden', repoUrl: bare, branch: 'main' });
    await createUser(stack.db, 'owner@example.test', PASSWORD);
    await signIn('owner@example.test');
    const invited = await inviteMember(stack.db, { email: 'viewer@example.test', role: 'viewer', projectIds: [] });
    if ('refused' in invited) throw new Error('exists');
    await acceptInvite(stack.db, invited.token, PASSWORD);
    await signIn('viewer@example.test');
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lists the media files with sizes and the places that use them, outside node_modules and dot-folders', async () => {
    const { status, body } = await call('owner', 'assets.json');
    expect(status).toBe(200);
    expect(body.assets.map((a: any) => a.file)).toEqual(['files/guide.pdf', 'images/hero.png', 'images/spare.png', 'logo/mark.svg']);
    const hero = body.assets.find((a: any) => a.file === 'images/hero.png');
    expect(hero).toMatchObject({ size: PNG.length, kind: 'image', drafted: false });
    expect(hero.uses.map((u: any) => `${u.file}:${u.line}`)).toEqual(['guides/plant.mdx:5', 'index.mdx:5']);
    expect(body.assets.find((a: any) => a.file === 'logo/mark.svg').uses).toEqual([{ file: 'docs.json', line: 7, text: '"logo": "/logo/mark.svg",' }]);
    expect(body.assets.find((a: any) => a.file === 'images/spare.png').uses).toEqual([]);
    expect(body.assets.find((a: any) => a.file === 'files/guide.pdf').kind).toBe('document');
    expect(body.base).toMatch(/\/editor\/site\/[^/]+$/);
  });

  it('refuses to delete a file in use (listing where), deletes it when forced or unused, and moves one with its references', async () => {
    const refused = await call('owner', 'assets.json', { action: 'delete', file: 'images/hero.png' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('EDITOR_ASSET_IN_USE');
    expect(refused.body.error.details.map((u: any) => u.file)).toEqual(['guides/plant.mdx', 'index.mdx']);
    expect(refused.body.error.message).toContain('guides/plant.mdx:5, index.mdx:5');
    expect((await call('owner', 'assets.json', { action: 'delete', file: 'images/spare.png' })).status).toBe(200);
    // A move: the file, the pages (`/images/…` and `../images/…`) and docs.json all name the new path.
    const moved = await call('owner', 'assets.json', { action: 'move', file: 'images/hero.png', to: 'images/garden/hero.png' });
    expect(moved.status).toBe(200);
    expect(moved.body.changed.sort()).toEqual(['guides/plant.mdx', 'index.mdx']);
    // The pages' new text is read from git once published (last case): file.json would render their previews here.
    const logo = await call('owner', 'assets.json', { action: 'move', file: 'logo/mark.svg', to: 'logo/brand.svg' });
    expect(logo.status).toBe(200);
    expect(await docsJson()).toBe(DOCS_JSON.replace('/logo/mark.svg', '/logo/brand.svg'));
    // Refusals: another ending, an existing name, a path out of the folder, a file that is not there.
    expect((await call('owner', 'assets.json', { action: 'move', file: 'files/guide.pdf', to: 'files/guide.png' })).body.error.code).toBe('EDITOR_PATH_INVALID');
    expect((await call('owner', 'assets.json', { action: 'move', file: 'files/guide.pdf', to: '../guide.pdf' })).body.error.code).toBe('EDITOR_PATH_INVALID');
    expect((await call('owner', 'assets.json', { action: 'delete', file: 'images/spare.png' })).status).toBe(404);
    const list = (await call('owner', 'assets.json')).body.assets;
    expect(list.map((a: any) => [a.file, a.drafted])).toEqual([
      ['files/guide.pdf', false],
      ['images/garden/hero.png', true],
      ['logo/brand.svg', true],
    ]);
    // Forced: gone, though a page still names it.
    const forced = await call('owner', 'assets.json', { action: 'delete', file: 'logo/brand.svg', force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.uses.map((u: any) => u.file)).toEqual(['docs.json']);
    // Put back for the next cases: the logo is named again by a settings edit below.
    const state = (await call('owner', 'state.json')).body;
    expect(state.drafts.map((d: any) => `${d.path}:${d.change}`).sort()).toEqual(['docs.json:modified', 'guides/plant.mdx:modified', 'images/garden/hero.png:added', 'images/hero.png:deleted', 'images/spare.png:deleted', 'index.mdx:modified', 'logo/mark.svg:deleted'].sort());
  });

  it('validates redirects and adds, edits and deletes them as text edits of docs.json', async () => {
    const before = await docsJson();
    const refuse = async (redirect: Record<string, unknown>, why: RegExp) => {
      const res = await call('owner', 'redirects.json', { action: 'add', redirect });
      expect(res.status, JSON.stringify(redirect)).toBe(400);
      expect(res.body.error.code).toBe('EDITOR_REDIRECT_INVALID');
      expect(res.body.error.message).toMatch(why);
    };
    await refuse({ source: 'old-page', destination: '/new' }, /must be a path starting with "\/"/);
    await refuse({ source: '/old', destination: '/elsewhere' }, /already has the source "\/old"/);
    await refuse({ source: '/same', destination: '/same/' }, /source itself/);
    await refuse({ source: '/a?b=1', destination: '/b' }, /query/);
    await refuse({ source: '/beta/:slug*', destination: '/v2/:page*' }, /:page, which the source/);
    await refuse({ source: '/beta', destination: 'v2' }, /path starting with "\/" or an http\(s\) URL/);
    expect(await docsJson()).toBe(before);

    const added = await call('owner', 'redirects.json', { action: 'add', redirect: { source: '/beta/:slug*', destination: '/v2/:slug*', permanent: false } });
    expect(added.status).toBe(200);
    expect(added.body.redirects).toEqual([
      { source: '/old', destination: '/index', permanent: true },
      { source: '/beta/:slug*', destination: '/v2/:slug*', permanent: false },
    ]);
    // Added in the list's own layout; nothing else of the file moved.
    const withAdded = before.replace('{ "source": "/old", "destination": "/index" }\n', '{ "source": "/old", "destination": "/index" },\n        {\n            "source": "/beta/:slug*",\n            "destination": "/v2/:slug*",\n            "permanent": false\n        }\n');
    expect(await docsJson()).toBe(withAdded);

    const edited = await call('owner', 'redirects.json', { action: 'update', index: 0, expect: '/old', redirect: { source: '/old', destination: '/guides/plant', permanent: true } });
    expect(edited.status).toBe(200);
    expect(await docsJson()).toBe(withAdded.replace('"destination": "/index"', '"destination": "/guides/plant"'));
    const stale = await call('owner', 'redirects.json', { action: 'delete', index: 0, expect: '/older' });
    expect([stale.status, stale.body.error.code]).toEqual([409, 'EDITOR_REDIRECT_STALE']);
    const deleted = await call('owner', 'redirects.json', { action: 'delete', index: 1, expect: '/beta/:slug*' });
    expect(deleted.body.redirects).toEqual([{ source: '/old', destination: '/guides/plant', permanent: true }]);
    expect(await docsJson()).toBe(before.replace('"destination": "/index"', '"destination": "/guides/plant"'));
    expect((await call('owner', 'redirects.json')).body.redirects).toHaveLength(1);
  });

  it('reads and writes the site settings, touching only the keys that changed and keeping unknown ones', async () => {
    const before = await docsJson();
    const { body } = await call('owner', 'settings.json');
    expect(body.settings).toMatchObject({ name: 'Garden', theme: 'mint', primary: '#123456', logoLight: '/logo/brand.svg', logoDark: '/logo/brand.svg', links: [], socials: [] });
    expect(body.choices.theme).toContain('maple');
    const settings = { ...body.settings, primary: '#0D9373', logoLight: '/logo/mark.svg', logoDark: '/logo/mark.svg', banner: 'New: **version 2**', bannerDismissible: true, socials: [{ network: 'github', url: 'https://github.com/acme' }], links: [{ label: 'Blog', href: 'https://acme.test/blog' }], indexing: 'all' };
    const saved = await call('owner', 'settings.json', { settings });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ primary: '#0D9373', banner: 'New: **version 2**', bannerDismissible: true, indexing: 'all' });
    const after = await docsJson();
    const parsed = JSON.parse(after);
    expect(parsed['x-team']).toEqual({ owner: 'docs' });
    expect(parsed.colors).toEqual({ primary: '#0D9373' });
    expect(parsed.logo).toBe('/logo/mark.svg');
    expect(parsed.footer).toEqual({ socials: { github: 'https://github.com/acme' } });
    expect(parsed.banner).toEqual({ content: 'New: **version 2**', dismissible: true });
    expect(parsed.navbar).toEqual({ links: [{ label: 'Blog', href: 'https://acme.test/blog' }] });
    // The lines the form did not change are the same lines, in the same order.
    const kept = (text: string) => text.split('\n').filter((l) => !/primary|logo|footer|banner|socials|github|navbar|links|label|href|seo|indexing|content|dismissible|^\s*[}\]],?$|^\s*\{$|^\s*\[$/.test(l));
    expect(kept(after)).toEqual(kept(before));
    expect(after).toContain('    "x-team": { "owner": "docs" },\n    "colors": { "primary": "#0D9373" },\n    "logo": "/logo/mark.svg",');

    // Emptied fields drop their keys (and the objects they leave empty).
    const cleared = await call('owner', 'settings.json', { settings: { ...saved.body.settings, banner: '', bannerDismissible: false, socials: [], links: [], indexing: '' } });
    expect(cleared.status).toBe(200);
    const parsedCleared = JSON.parse(await docsJson());
    for (const key of ['banner', 'footer', 'navbar', 'seo']) expect(parsedCleared[key], key).toBeUndefined();

    const bad = async (change: Record<string, unknown>, what: RegExp) => {
      const res = await call('owner', 'settings.json', { settings: { ...saved.body.settings, ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error.code).toBe('EDITOR_SETTING_INVALID');
      expect(res.body.error.message).toMatch(what);
    };
    await bad({ primary: 'green' }, /Primary colour: "green" is not a hex colour/);
    await bad({ name: ' ' }, /Name: is required/);
    await bad({ theme: 'oak' }, /Theme: "oak" is not one of/);
    await bad({ socials: [{ network: 'myspace', url: 'https://x' }] }, /not a network Folio knows/);
    await bad({ links: [{ label: 'Blog', href: '' }] }, /needs both a label and an address/);
  });

  it('refuses every manager write to a viewer, and publishes the drafts to git', async () => {
    for (const [route, json] of [
      ['assets.json', { action: 'delete', file: 'files/guide.pdf' }],
      ['redirects.json', { action: 'add', redirect: { source: '/x', destination: '/y' } }],
      ['settings.json', { settings: { name: 'Taken' } }],
    ] as const) {
      const res = await call('viewer', route, json);
      expect(res.status, route).toBe(403);
    }
    expect((await call('viewer', 'assets.json')).status).toBe(403);
    const published = await call('owner', 'publish.json', { message: 'Assets, redirects and settings' });
    expect(published.status).toBe(200);
    const show = (file: string) => git(tmp, '--git-dir', bare, 'show', `main:${file}`);
    expect(show('docs.json')).toContain('"primary": "#0D9373"');
    expect(show('docs.json')).toContain('"destination": "/guides/plant"');
    expect(show('index.mdx')).toContain('![Hero](/images/garden/hero.png)');
    expect(show('guides/plant.mdx')).toContain('<img src="../images/garden/hero.png" alt="Hero" />');
    expect(execFileSync('git', ['--git-dir', bare, 'show', 'main:images/garden/hero.png'])).toEqual(PNG);
    const tree = git(tmp, '--git-dir', bare, 'ls-tree', '-r', '--name-only', 'main');
    expect(tree).not.toContain('images/spare.png');
    expect(tree).not.toContain('images/hero.png\n');
    expect(tree).not.toContain('logo/brand.svg');
  });
});
