/**
 * Before publishing, the editor lists links its drafts would leave leading nowhere: links written in
 * the pages the drafts change, and links anywhere into a page they delete (not into one renamed,
 * which gets a redirect). Through the dashboard's editor routes, with a real git repository.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { dashboardStack, FormClient, type Stack } from './harness.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();

describe('links the drafts would break, listed before publishing', () => {
  let stack: Stack;
  let client: FormClient;
  let tmp: string;
  let csrf: string;
  let editor: string;

  const request = (url: string, json?: unknown) =>
    stack.app.request(url, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': csrf, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  const broken = async () => ((await (await request(`${editor}/links.json?branch=main`)).json()) as { broken: { file: string; line: number; target: string }[] }).broken;

  beforeAll(async () => {
    stack = await dashboardStack();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-links-'));
    const bare = path.join(tmp, 'origin.git');
    const work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    fs.mkdirSync(path.join(work, 'guides'));
    fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Links', colors: { primary: '#123456' }, navigation: { pages: ['index', 'guides/old', 'guides/moved', 'guides/keep'] } }, null, 2));
    fs.writeFileSync(path.join(work, 'index.mdx'), '---\ntitle: Home\n---\n\nSee [old](/guides/old) and [moved](/guides/moved).\n');
    for (const name of ['old', 'moved', 'keep']) fs.writeFileSync(path.join(work, 'guides', `${name}.mdx`), `---\ntitle: ${name}\n---\n\nText.\n`);
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'init');
    git(work, 'push', '-q', 'origin', 'main');
    const project = await createProject(stack.db, { name: 'Links', repoUrl: bare, branch: 'main' });
    editor = `/dashboard/projects/${project.id}/editor`;
    await createUser(stack.db, 'writer@example.test', 'a long enough password');
    client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email: 'writer@example.test', password: 'a long enough password' });
    await client.get(editor);
    csrf = /data-csrf="([^"]+)"/.exec(client.lastHtml)![1]!;
  });

  afterAll(async () => {
    await stack.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lists nothing without drafts, then a link written into a changed page that leads nowhere', async () => {
    expect(await broken()).toEqual([]);
    const saved = await request(`${editor}/save.json`, { branch: 'main', file: 'guides/keep.mdx', text: '---\ntitle: keep\n---\n\nText.\n\nRead [this](/guides/nowhere#intro) and [home](/).\n' });
    expect(saved.status).toBe(200);
    expect(await broken()).toEqual([{ file: 'guides/keep.mdx', line: 7, target: '/guides/nowhere#intro' }]);
  });

  it('lists links of unchanged pages into a deleted page, not into a renamed one (it gets a redirect)', async () => {
    expect((await request(`${editor}/pages.json`, { branch: 'main', action: 'rename', file: 'guides/moved.mdx', to: 'guides/elsewhere.mdx' })).status).toBe(200);
    expect((await request(`${editor}/pages.json`, { branch: 'main', action: 'delete', file: 'guides/old.mdx' })).status).toBe(200);
    const list = await broken();
    expect(list).toContainEqual({ file: 'index.mdx', line: 5, target: '/guides/old' });
    expect(list.map((b) => b.target)).not.toContain('/guides/moved');
  });
});
