import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMaintainer } from '../../src/agent/maintainer/maintainer.js';
import { tasksForPrompt } from '../../src/agent/maintainer/tasks.js';
import { SITE_FILES, tempDir } from '../git/git-fixtures.js';

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(() => tmp.cleanup());

async function writeSite(files: Record<string, string>): Promise<string> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(tmp.dir, file)), { recursive: true });
    await writeFile(path.join(tmp.dir, file), text);
  }
  return tmp.dir;
}

const readJson = async (root: string) => JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as { navigation: unknown };

describe('folio-maintainer', () => {
  it('recognises its prompts and nothing else', () => {
    expect(tasksForPrompt('Add the pages that are missing from the navigation').map((t) => t.id)).toEqual(['add-unlisted-pages']);
    expect(tasksForPrompt('Please fix broken links and normalize docs.json formatting').map((t) => t.id)).toEqual(['fix-broken-links', 'normalize-docs-json']);
    expect(tasksForPrompt('Upgrade our mint.json to docs.json').map((t) => t.id)).toEqual(['upgrade-mint-json']);
    expect(tasksForPrompt('sync navigation with the openapi spec').map((t) => t.id)).toEqual(['sync-openapi-navigation']);
    expect(tasksForPrompt('Write a poem about databases')).toEqual([]);
  });

  it('lists an unlisted page in the group of its folder and keeps the rest of docs.json', async () => {
    const root = await writeSite(SITE_FILES);
    const run = await runMaintainer({ root, prompt: 'add unlisted pages to the navigation' });
    expect((await readJson(root)).navigation).toEqual({
      groups: [
        { group: 'Get started', pages: ['index', 'quickstart'] },
        { group: 'Guides', pages: ['guides/setup', 'guides/deploy'] },
      ],
    });
    expect(run.summary).toContain('Listed `guides/deploy` in group "Guides"');
    // Idempotent: a second run changes nothing.
    const before = await readFile(path.join(root, 'docs.json'), 'utf8');
    await runMaintainer({ root, prompt: 'add unlisted pages to the navigation' });
    expect(await readFile(path.join(root, 'docs.json'), 'utf8')).toBe(before);
  });

  it('puts unlisted pages into the group the prompt names, and fails clearly on an unknown group', async () => {
    const root = await writeSite(SITE_FILES);
    await runMaintainer({ root, prompt: 'Add the unlisted pages to the "Get started" group' });
    expect(((await readJson(root)).navigation as { groups: { pages: string[] }[] }).groups[0]!.pages).toEqual(['index', 'quickstart', 'guides/deploy']);
    const other = await tempDir();
    try {
      for (const [file, text] of Object.entries(SITE_FILES)) {
        await mkdir(path.dirname(path.join(other.dir, file)), { recursive: true });
        await writeFile(path.join(other.dir, file), text);
      }
      await expect(runMaintainer({ root: other.dir, prompt: 'add unlisted pages to the Recipes group' })).rejects.toThrow(
        'The prompt asks for group "Recipes", which the navigation does not have. Groups: "Get started", "Guides".',
      );
    } finally {
      await other.cleanup();
    }
  });

  it('creates a group named after a folder no group lists, inside the tab holding that folder', async () => {
    const root = await writeSite({
      'docs.json': JSON.stringify({
        name: 'x',
        navigation: {
          tabs: [
            { tab: 'Docs', groups: [{ group: 'Intro', pages: ['index'] }] },
            { tab: 'API', groups: [{ group: 'Endpoints', pages: ['api/users'] }] },
          ],
        },
      }),
      'index.mdx': '# Home\n',
      'api/users.mdx': '# Users\n',
      'api/webhooks/events.mdx': '# Events\n',
      'snippets/note.mdx': 'a snippet\n',
      'secret.mdx': '---\nhidden: true\n---\n# Secret\n',
    });
    await runMaintainer({ root, prompt: 'Add missing pages to the nav' });
    const nav = (await readJson(root)).navigation as { tabs: { groups: unknown[] }[] };
    expect(nav.tabs[1]!.groups).toEqual([
      { group: 'Endpoints', pages: ['api/users'] },
      { group: 'Webhooks', pages: ['api/webhooks/events'] },
    ]);
    expect(nav.tabs[0]!.groups).toEqual([{ group: 'Intro', pages: ['index'] }]);
  });

  it('fixes broken links only when the fix is unambiguous', async () => {
    const root = await writeSite({
      ...SITE_FILES,
      'docs.json': JSON.stringify({ name: 'x', navigation: { pages: ['index'] }, redirects: [{ source: '/old', destination: '/quickstart' }] }),
      'index.mdx': '# Home\n\nSee [setup](/setup#install), [old](/old), [gone](/nowhere) and [ok](/quickstart).\n\n```md\n[code](/setup)\n```\n',
    });
    const run = await runMaintainer({ root, prompt: 'fix broken internal links' });
    expect(await readFile(path.join(root, 'index.mdx'), 'utf8')).toBe(
      '# Home\n\nSee [setup](/guides/setup#install), [old](/quickstart), [gone](/nowhere) and [ok](/quickstart).\n\n```md\n[code](/setup)\n```\n',
    );
    expect(run.summary).toContain('`/nowhere`, which does not exist');
  });

  it('normalises docs.json formatting', async () => {
    const root = await writeSite({ 'docs.json': '{"name":"x",\r\n  "navigation": {"pages": ["index"]}}', 'index.mdx': '# Hi\n' });
    await runMaintainer({ root, prompt: 'normalize the docs.json formatting' });
    expect(await readFile(path.join(root, 'docs.json'), 'utf8')).toBe('{\n  "name": "x",\n  "navigation": {\n    "pages": [\n      "index"\n    ]\n  }\n}\n');
  });

  it('replaces MDX endpoint pages with OpenAPI entries and deletes the pages', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Users', version: '1.0.0' },
      paths: { '/users': { get: { summary: 'List users', responses: { '200': { description: 'ok' } } } } },
    };
    const root = await writeSite({
      'docs.json': JSON.stringify({ name: 'x', theme: 'mint', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'Home', pages: ['index'] }, { group: 'API', openapi: 'openapi.json', pages: ['api/list-users'] }] } }, null, 2),
      'index.mdx': '# Home\n',
      'openapi.json': JSON.stringify(spec),
      'api/list-users.mdx': '---\nopenapi: GET /users\n---\n',
    });
    const run = await runMaintainer({ root, prompt: 'Sync the navigation with the OpenAPI spec' });
    const nav = (await readJson(root)).navigation as { groups: { pages: string[] }[] };
    expect(nav.groups[1]!.pages).toEqual(['GET /users']);
    await expect(readFile(path.join(root, 'api/list-users.mdx'))).rejects.toThrow();
    expect(run.summary).toContain('`api/list-users.mdx` → `GET /users`');
  });

  it('removes endpoint entries the spec no longer defines', async () => {
    const spec = { openapi: '3.1.0', info: { title: 'U', version: '1' }, paths: { '/users': { get: { responses: { '200': { description: 'ok' } } } } } };
    const root = await writeSite({
      'docs.json': JSON.stringify({ name: 'x', theme: 'mint', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'Home', pages: ['index'] }, { group: 'API', openapi: 'openapi.json', pages: ['DELETE /gone', 'GET /users', 'POST /old'] }] } }, null, 2),
      'index.mdx': '# Home\n',
      'openapi.json': JSON.stringify(spec),
    });
    const run = await runMaintainer({ root, prompt: 'sync the navigation with the OpenAPI spec' });
    expect(((await readJson(root)).navigation as { groups: { pages: string[] }[] }).groups[1]!.pages).toEqual(['GET /users']);
    expect(run.summary).toContain('Removed `DELETE /gone` from the navigation');
    expect(run.summary).toContain('Removed `POST /old` from the navigation');
  });

  it('upgrades mint.json to docs.json with the config layer converter', async () => {
    const root = await writeSite({
      'mint.json': JSON.stringify({ name: 'Legacy', colors: { primary: '#123456' }, navigation: [{ group: 'Start', pages: ['index'] }] }),
      'index.mdx': '# Home\n',
    });
    const run = await runMaintainer({ root, prompt: 'upgrade mint.json to docs.json' });
    const docs = (await readJson(root)) as { navigation: unknown; name?: string };
    expect(docs.name).toBe('Legacy');
    expect(docs.navigation).toEqual({ groups: [{ group: 'Start', pages: ['index'] }] });
    await expect(readFile(path.join(root, 'mint.json'))).rejects.toThrow();
    expect(run.title).toBe('Upgrade mint.json to docs.json');
  });

  it('leaves repository notes (AGENTS.md, plain markdown) out of the navigation', async () => {
    const root = await writeSite({ ...SITE_FILES, 'AGENTS.md': '# Agents\n', 'notes/plan.md': 'A plan.\n' });
    const run = await runMaintainer({ root, prompt: 'add unlisted pages' });
    expect(JSON.stringify((await readJson(root)).navigation)).not.toMatch(/AGENTS|notes\/plan/);
    expect(run.summary).toContain('Skipped `AGENTS.md`');
  });

  it('fails with a coded reason on prompts it does not recognise, naming the tasks it can do', async () => {
    const root = await writeSite(SITE_FILES);
    const failure = runMaintainer({ root, prompt: 'translate everything to French' });
    await expect(failure).rejects.toMatchObject({ code: 'AGENT_PROMPT_NOT_UNDERSTOOD' });
    await expect(failure).rejects.toThrow(/It can: "upgrade mint\.json to docs\.json", "add pages that are not in the navigation", .*"fix broken internal links"/);
  });

  it('leaves hidden and noindex pages of the bundled example out of the navigation', async () => {
    await cp(path.resolve('examples'), tmp.dir, { recursive: true });
    const before = await readFile(path.join(tmp.dir, 'docs.json'), 'utf8');
    const run = await runMaintainer({ root: tmp.dir, prompt: 'add pages that are not in the navigation' });
    expect(await readFile(path.join(tmp.dir, 'docs.json'), 'utf8')).toBe(before);
    expect(run.summary).toContain('Left `en/v2/hidden` out: its frontmatter sets `noindex: true`');
  });

  it('leaves a page with hidden: true out and lists its noindex-free sibling', async () => {
    const root = await writeSite({ ...SITE_FILES, 'guides/secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n# Secret\n' });
    const run = await runMaintainer({ root, prompt: 'add unlisted pages' });
    const nav = JSON.stringify((await readJson(root)).navigation);
    expect(nav).toContain('guides/deploy');
    expect(nav).not.toContain('guides/secret');
    expect(run.summary).toContain('Left `guides/secret` out: its frontmatter sets `hidden: true`');
  });
});
