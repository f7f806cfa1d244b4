/**
 * A docs.json whose navigation nests 10,000 levels deep (issue 48, item 8). It overflowed the stack of
 * everything that reads it: the build (a CONFIG_READ_FAILED "Maximum call stack size exceeded"), the
 * editor's state.json (500), its save (400 with the same words) and navigation edits, the maintainer's
 * "normalise docs.json" job (AGENT_INTERNAL). Now the loader measures the nesting on the text, with no
 * recursion, before anything parses it, and every reader answers with one located CONFIG_TOO_DEEP.
 * The editor keeps drafts in the database: both backends.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintainer } from '../../src/agent/maintainer/maintainer.js';
import { syncOpenApiNavigation } from '../../src/agent/maintainer/openapi-sync.js';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { LocalEditor } from '../../src/editor/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { loadSite } from '../../src/site/index.js';
import { backends } from '../db/helpers.js';
import { dashboardStack, FormClient, type Stack } from '../dashboard/harness.js';

/** The documented limit (docs/reference/errors/config.md, CONFIG_TOO_DEEP): levels of objects and arrays. */
const MAX_CONFIG_DEPTH = 128;
const HEAD = '{"name":"Deep","theme":"mint","colors":{"primary":"#123456"},"navigation":{"groups":[';

/** docs.json with `levels` groups each inside the previous one's `pages` (two JSON levels per group). */
function deepDocsJson(levels: number): string {
  let text = HEAD;
  for (let i = 0; i < levels; i++) text += `{"group":"Level ${i}","pages":["index",`;
  text += '"index"';
  for (let i = 0; i < levels; i++) text += ']}';
  return `${text}]}}\n`;
}

/** Where the bracket past the limit sits: the loader's offset, as a 1-based column of the one-line file. */
const DEEP_COLUMN = (() => {
  const text = deepDocsJson(MAX_CONFIG_DEPTH);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') i = text.indexOf('"', i + 1);
    else if (text[i] === '{' || text[i] === '[') {
      if (++depth > MAX_CONFIG_DEPTH) return i + 1;
    } else if (text[i] === '}' || text[i] === ']') depth--;
  }
  throw new Error('not deep enough');
})();

const NORMAL = JSON.stringify({ name: 'Normal', theme: 'mint', colors: { primary: '#123456' }, navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }, null, 2);
const INDEX = '---\ntitle: Home\n---\n\nHello.\n';
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();

function site(dir: string, docsJson: string): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'docs.json'), docsJson);
  fs.writeFileSync(path.join(dir, 'index.mdx'), INDEX);
  return dir;
}

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-deep-docs-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('a docs.json nested 10,000 levels deep', () => {
  it('loadSite and the build report one located CONFIG_TOO_DEEP instead of overflowing the stack', async () => {
    const root = site(path.join(tmp, 'load'), deepDocsJson(10_000));
    const loaded = await loadSite(root);
    expect(loaded.site).toBeNull();
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ file: 'docs.json', line: 1, column: DEEP_COLUMN, severity: 'error', code: 'CONFIG_TOO_DEEP', message: expect.stringContaining(`more than ${MAX_CONFIG_DEPTH} levels deep`) }),
    ]);
    const built = await buildSite({ root, outDir: path.join(tmp, 'load-out'), search: false, cache: false });
    expect(built.ok).toBe(false);
    expect(built.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual([`docs.json:1:${DEEP_COLUMN} CONFIG_TOO_DEEP`]);
    // Just under the limit is read as before (about 60 levels of groups; real sites nest 5).
    const fine = await loadSite(site(path.join(tmp, 'fine'), deepDocsJson(MAX_CONFIG_DEPTH / 2 - 4)));
    expect(fine.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(fine.site).not.toBeNull();
  });

  it('a $ref file adds the levels of the file that includes it', async () => {
    const root = path.join(tmp, 'ref');
    site(root, JSON.stringify({ name: 'Ref', theme: 'mint', colors: { primary: '#123456' }, navigation: { $ref: './nav.json' } }));
    // nav.json nests 128 levels (63 groups; as much as a file may alone), under docs.json's object: 129 together.
    let nav = '{"groups":[';
    for (let i = 0; i < 63; i++) nav += `{"group":"g${i}","pages":["index",`;
    nav += '"index"' + ']}'.repeat(63) + ']}';
    fs.writeFileSync(path.join(root, 'nav.json'), nav);
    const loaded = await loadSite(root);
    expect(loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file} ${d.code}`)).toEqual(['nav.json CONFIG_TOO_DEEP']);
  });

  it('folio dev\'s editor names the site by its folder and lists the problem', async () => {
    const root = site(path.join(tmp, 'local'), deepDocsJson(10_000));
    const local = new LocalEditor(root);
    expect(await local.siteName()).toBe('local');
    const state = await local.state();
    expect(state.outline).toBeNull();
    expect(state.navigation.problems).toEqual([expect.stringContaining(`docs.json:1: objects and arrays nest more than ${MAX_CONFIG_DEPTH} levels deep`)]);
  });

  it('the maintainer\'s "normalise docs.json" job answers AGENT_INVALID_CONFIG with the located problem', async () => {
    const root = site(path.join(tmp, 'normalize'), deepDocsJson(10_000));
    const before = fs.readFileSync(path.join(root, 'docs.json'), 'utf8');
    const error = await runMaintainer({ root, prompt: 'normalise docs.json formatting' }).then(() => null, (e: Error & { code?: string }) => e);
    expect(error?.code).toBe('AGENT_INVALID_CONFIG');
    expect(error?.message).toContain(`docs.json:1:${DEEP_COLUMN} CONFIG_TOO_DEEP: objects and arrays nest more than ${MAX_CONFIG_DEPTH} levels deep`);
    expect(fs.readFileSync(path.join(root, 'docs.json'), 'utf8')).toBe(before);
  });

  it('the OpenAPI sync job answers with the located problem, not a stack overflow', async () => {
    const root = site(path.join(tmp, 'sync'), deepDocsJson(10_000));
    const outcome = await syncOpenApiNavigation(root).then((r) => JSON.stringify(r), (e: Error & { code?: string }) => `${e.code}: ${e.message}`);
    expect(outcome).toContain('CONFIG_TOO_DEEP');
    expect(outcome).not.toMatch(/call stack|AGENT_INTERNAL/);
  });
});

describe.each(backends)('the web editor with a docs.json nested 10,000 levels deep on %s', (kind) => {
  let stack: Stack;
  let client: FormClient;
  let csrf: string;
  let deep: ProjectRow;
  let normal: ProjectRow;

  const request = (url: string, json?: unknown) =>
    stack.app.request(url, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });

  function repository(name: string, docsJson: string): string {
    const bare = path.join(tmp, `${kind}-${name}.git`);
    const work = path.join(tmp, `${kind}-${name}`);
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    site(work, docsJson);
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'init');
    git(work, 'push', '-q', 'origin', 'main');
    return bare;
  }

  beforeAll(async () => {
    stack = await dashboardStack({ kind });
    deep = await createProject(stack.db, { name: 'Deep', repoUrl: repository('deep', deepDocsJson(10_000)), branch: 'main' });
    normal = await createProject(stack.db, { name: 'Normal', repoUrl: repository('normal', NORMAL), branch: 'main' });
    await createUser(stack.db, `writer-${kind}@example.test`, 'a long enough password');
    client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email: `writer-${kind}@example.test`, password: 'a long enough password' });
    // The session's token, as the editor page hands it to its script (the page itself is not needed here).
    expect((await client.get('/dashboard/projects')).status).toBe(200);
    csrf = client.csrf();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('state.json answers with the problem, a navigation edit is refused with it', async () => {
    const editor = `/dashboard/projects/${deep.id}/editor`;
    const res = await request(`${editor}/state.json`);
    expect(res.status).toBe(200);
    const state = (await res.json()) as { outline: unknown; navigation: { sections: unknown[]; problems: string[] } };
    expect(state.outline).toBeNull();
    expect(state.navigation.sections).toEqual([]);
    expect(state.navigation.problems).toEqual([`docs.json:1: objects and arrays nest more than ${MAX_CONFIG_DEPTH} levels deep from here (about 60 levels of navigation groups), past what Folio reads (real sites nest under 20); the configuration is not read. Flatten the navigation: put deep groups side by side, or split the site into tabs or products`]);
    const nav = await request(`${editor}/navigation.json`, { branch: 'main', op: 'add-group', name: 'More' });
    expect(nav.status).toBe(400);
    expect((await nav.json()).error).toMatchObject({ code: 'EDITOR_DOCS_JSON_INVALID', message: expect.stringContaining(`line 1, column ${DEEP_COLUMN}: CONFIG_TOO_DEEP`) });
  });

  it('saving such a docs.json is refused with the problem, and the file stays as it was', async () => {
    const editor = `/dashboard/projects/${normal.id}/editor`;
    const saved = await request(`${editor}/save.json`, { branch: 'main', file: 'docs.json', text: deepDocsJson(10_000) });
    expect(saved.status).toBe(400);
    const { error } = (await saved.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('EDITOR_DOCS_JSON_INVALID');
    expect(error.message).toContain('CONFIG_TOO_DEEP');
    expect(error.message).not.toContain('call stack');
    const file = (await (await request(`${editor}/file.json?file=docs.json`)).json()) as { text: string };
    expect(file.text).toBe(NORMAL);
  });
});
