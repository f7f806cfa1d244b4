/**
 * Hosted updates of a private GitLab repository: the server clones it with the GitLab token (user
 * `oauth2`, through git's credential helper, as agent jobs push), never with the token in the URL,
 * and the token shows in no update log. Without GitLab settings the same clone is refused. The
 * dashboard editor's checkout of the same repository is cloned the same way.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, getUpdate } from '../../src/db/index.js';
import { EditorService } from '../../src/editor/index.js';
import type { BuildSite } from '../../src/hosting/index.js';
import { createAppBundle } from '../../src/server/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';
import { createBareRepo, tempDir } from '../git/git-fixtures.js';
import { startHttpGitServer, type HttpGitServer } from '../git/http-git-server.js';

const TOKEN = 'glpat-updatesToken_QRSTUV987';

describe.each(backends)('hosted updates of a private GitLab repository on %s', { timeout: 120_000 }, (backend) => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let t: TestDatabase;
  let server: HttpGitServer;
  const built: string[] = [];
  // The build is not what is tested here: it records what the clone brought.
  const buildSite: BuildSite = async ({ root, outDir }) => {
    built.push(fs.readFileSync(path.join(root, 'index.mdx'), 'utf8'));
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'index.html'), 'ok');
    return { ok: true, pages: 1, diagnostics: [], durationMs: 1 };
  };

  beforeAll(async () => {
    tmp = await tempDir('folio-gitlab-updates-');
    t = await openTestDatabase(backend);
    await createBareRepo(path.join(tmp.dir, 'acme'), { 'docs.json': JSON.stringify({ name: 'Private', navigation: { pages: ['index'] } }), 'index.mdx': '# Private home\n' }, 'docs');
    server = await startHttpGitServer(tmp.dir, TOKEN, { readsNeedToken: true });
  });
  afterAll(async () => {
    await server?.close();
    await t?.cleanup();
    await tmp?.cleanup();
  });

  it('clones with the GitLab token through the credential helper; the token is in no log', async () => {
    const repoUrl = `${server.origin}/acme/docs.git`;
    const project = await createProject(t.db, { name: 'Private', repoUrl });

    const without = createAppBundle({ db: t.db, dataDir: path.join(tmp.dir, 'a'), buildSite, slack: false, analytics: false });
    const refused = await getUpdate(t.db, (await without.updates.runNow(project)).id);
    expect(refused!.status).toBe('failure');

    const bundle = createAppBundle({ db: t.db, dataDir: path.join(tmp.dir, 'b'), buildSite, slack: false, analytics: false, gitlab: { token: TOKEN, hosts: ['127.0.0.1'] } });
    const done = await getUpdate(t.db, (await bundle.updates.runNow(project)).id);
    expect(done!.status, done!.logs.join('\n')).toBe('success');
    expect(built).toEqual(['# Private home\n']);
    expect(server.authorizations).toContain(`Basic ${Buffer.from(`oauth2:${TOKEN}`).toString('base64')}`);
    for (const row of [refused!, done!]) expect(row.logs.join('\n')).not.toContain(TOKEN);
  });

  it('the editor clones it with the GitLab token through the credential helper; the token is in no log and not in the checkout', async () => {
    const repoUrl = `${server.origin}/acme/docs.git`;
    const project = await createProject(t.db, { name: 'Private editor', repoUrl });
    const lines: string[] = [];
    const editorOf = (dir: string, gitlab?: { token: string; hosts: string[] }) =>
      new EditorService({ db: t.db, workRoot: path.join(tmp.dir, dir), assetBase: () => '/assets', log: (line) => lines.push(line), ...(gitlab ? { gitlab } : {}) });

    const seen = server.authorizations.length;
    const without = editorOf('editor-a');
    const refusal = await without.open(project, project.branch).then(() => null, (error: unknown) => error as Error);
    expect(refusal).toBeInstanceOf(Error);
    expect(server.authorizations.slice(seen)).not.toContain(`Basic ${Buffer.from(`oauth2:${TOKEN}`).toString('base64')}`);

    const editor = editorOf('editor-b', { token: TOKEN, hosts: ['127.0.0.1'] });
    const session = await editor.open(project, project.branch);
    expect((await session.readText('index.mdx')).text).toBe('# Private home\n');
    expect(server.authorizations.slice(seen)).toContain(`Basic ${Buffer.from(`oauth2:${TOKEN}`).toString('base64')}`);
    // Neither the checkout's remote nor anything logged holds the token.
    const config = execFileSync('git', ['-C', session.root, 'config', '--local', '--list'], { encoding: 'utf8' });
    expect(config).toContain(`remote.origin.url=${repoUrl}`);
    expect(config).not.toContain(TOKEN);
    expect([...lines, refusal!.message].join('\n')).not.toContain(TOKEN);
    await session.dispose();
  });
});
