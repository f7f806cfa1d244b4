/**
 * The suggestions inbox end to end, on each database: a push to the product's source repository (a
 * real local git repository) that renames a documented CLI flag becomes ONE suggestion naming both
 * pages; the admin API lists it; accepting it on the dashboard opens one agent job; the same push
 * seen again suggests nothing; a dismissed suggestion is not made again; a topic of thumbs-down
 * questions becomes a readers' suggestion.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProjectSuggestions, listSuggestions } from '../../src/agent/index.js';
import { createApiKey, createAssistantThread, createProject, recordAssistantTurn, type Database, type ProjectRow } from '../../src/db/index.js';
import { createDashboard, createUser } from '../../src/dashboard/index.js';
import { createApp } from '../../src/server/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';
import { FormClient } from '../dashboard/harness.js';
import { commitAndPush, createBareRepo, SITE_FILES, tempDir } from '../git/git-fixtures.js';

const PASSWORD = 'a long enough password';

const DOCS: Record<string, string> = {
  ...SITE_FILES,
  'guides/cli.mdx': '---\ntitle: CLI\n---\n\nRun `acme deploy --dry-run` to see what would change.\n',
  'guides/deploy.mdx': '---\ntitle: Deploy\n---\n\nShip it. Try `--dry-run` first.\n\nSet `ACME_TOKEN` before deploying.\n',
  // Mentions a longer flag only: not a mention of --dry-run.
  'guides/setup.mdx': '---\ntitle: Setup\n---\n\nInstall it. `--dry-run-all` is something else.\n',
};

const CLI_V1 = `program\n  .option('--dry-run', 'show what would change')\n  .option('--verbose', 'say more');\nconst token = process.env.ACME_TOKEN;\n`;
const CLI_V2 = `program\n  .option('--preview', 'show what would change')\n  .option('--verbose', 'say more');\nconst token = process.env.ACME_TOKEN;\n`;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } }).trim();
}

// Git clones and fetches per check: under a loaded 2-core machine a test can take tens of seconds.
describe.each(backends)('suggestions inbox on %s', { timeout: 120_000 }, (kind) => {
  let tmp: { dir: string; cleanup: () => Promise<void> };
  let testDb: TestDatabase;
  let db: Database;
  let app: ReturnType<typeof createApp>;
  let project: ProjectRow;
  let sourceWork: string;
  let auth: Record<string, string>;
  let owner: FormClient;
  const workDir = () => path.join(tmp.dir, 'work');
  const check = () => checkProjectSuggestions({ db, workDir: workDir() }, project.id);
  const jobsOf = async () => db.query<{ id: string; prompt: string }>('SELECT id, prompt FROM agent_jobs WHERE project_id = $1', [project.id]);

  beforeAll(async () => {
    tmp = await tempDir('folio-suggestions-');
    testDb = await openTestDatabase(kind);
    db = testDb.db;
    const docsRepo = await createBareRepo(tmp.dir, DOCS, 'docs');
    // The product's source: a bare repository and a working clone that pushes to it.
    const sourceBare = path.join(tmp.dir, 'source.git');
    git(tmp.dir, 'init', '-q', '--bare', '-b', 'main', sourceBare);
    sourceWork = path.join(tmp.dir, 'source-work');
    git(tmp.dir, 'clone', '-q', sourceBare, sourceWork);
    git(sourceWork, 'checkout', '-q', '-b', 'main');
    commitAndPush(sourceWork, { 'src/cli.ts': CLI_V1, 'README.md': 'Use --dry-run.\n' }, 'CLI');
    app = createApp({
      db,
      dataDir: path.join(tmp.dir, 'data'),
      enqueueAgentJob: async () => {},
      mount: (hono: Hono, shared) => hono.route('/dashboard', createDashboard({ db, services: shared.services, editor: { workRoot: path.join(tmp.dir, 'editor') } })),
    });
    project = await createProject(db, { name: 'Acme', repoUrl: docsRepo, branch: 'main' });
    const { key } = await createApiKey(db, { projectIds: [project.id] });
    auth = { authorization: `Bearer ${key}` };
    await createUser(db, 'owner@example.test', PASSWORD);
    owner = new FormClient(app as unknown as Hono);
    await owner.get('/dashboard/login');
    await owner.post('/dashboard/login', { email: 'owner@example.test', password: PASSWORD });
    // The owner names the source repository on the Suggestions page.
    expect((await owner.get(`/dashboard/projects/${project.id}/suggestions`)).status).toBe(200);
    const saved = await owner.post(`/dashboard/projects/${project.id}/suggestions/source`, { url: sourceBare, branch: 'main' });
    expect(saved.status).toBe(303);
  }, 120_000);

  afterAll(async () => {
    await testDb?.cleanup();
    await tmp?.cleanup();
  });

  it('records where the source branch is on the first check, and suggests from the docs checks only', async () => {
    const first = await check();
    expect(first.error).toBeNull();
    expect(first.sourceSha).toBe(git(sourceWork, 'rev-parse', 'HEAD'));
    // guides/deploy.mdx and guides/cli.mdx are in no navigation group: the maintainer's check says so.
    expect(first.created.map((s) => s.evidenceKey).sort()).toEqual(['maintainer:unlisted:guides/cli', 'maintainer:unlisted:guides/deploy']);
    expect(first.created.every((s) => s.source === 'maintainer')).toBe(true);
  });

  it('turns a push that renames a documented CLI flag into ONE suggestion naming both pages', async () => {
    commitAndPush(sourceWork, { 'src/cli.ts': CLI_V2, 'README.md': 'Use --preview.\n' }, 'Rename --dry-run to --preview');
    const result = await check();
    expect(result.error).toBeNull();
    expect(result.created).toHaveLength(1);
    const [s] = result.created;
    expect(s!.source).toBe('code');
    expect(s!.evidenceKey).toBe('code:flag:--dry-run->--preview');
    expect(s!.title).toBe('CLI flag --dry-run was renamed to --preview');
    expect(s!.evidence.pages).toEqual(['guides/cli.mdx', 'guides/deploy.mdx']);
    expect(s!.evidence.items.map((i) => i.label)).toEqual(['guides/cli.mdx:5', 'guides/deploy.mdx:5']);
    expect(s!.prompt).toContain('`--preview`');
  });

  it('lists suggestions on the admin API, a page at a time, for keys of the project only', async () => {
    const res = await app.request(`/v1/suggestions/${project.id}?limit=2`, { headers: auth });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { suggestions: { evidenceKey: string; status: string; evidence: { pages: string[] } }[]; nextCursor: string | null; hasMore: boolean };
    expect(body.suggestions).toHaveLength(2);
    expect(body.suggestions[0]!.evidenceKey).toBe('code:flag:--dry-run->--preview');
    expect(body.hasMore).toBe(true);
    const next = (await (await app.request(`/v1/suggestions/${project.id}?limit=2&cursor=${body.nextCursor}`, { headers: auth })).json()) as typeof body;
    expect(next.suggestions.map((s) => s.evidenceKey)).toHaveLength(1);
    expect(next.hasMore).toBe(false);
    expect((await app.request(`/v1/suggestions/${project.id}`)).status).toBe(401);
    const other = await createProject(db, { name: 'Other', repoUrl: '/nowhere.git' });
    const notHers = await app.request(`/v1/suggestions/${other.id}`, { headers: auth });
    expect(notHers.status).toBe(404);
    expect(((await notHers.json()) as { code: string }).code).toBe('NOT_FOUND');
    const bad = await app.request(`/v1/suggestions/${project.id}?status=maybe`, { headers: auth });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('INVALID_REQUEST');
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/v1/suggestions/{projectId}');
  });

  it('suggests nothing when the same push is seen again', async () => {
    expect((await check()).created).toEqual([]);
    // The same commits diffed again (as if the last check had not been recorded): the evidence key is taken.
    const [before] = await db.query<{ last_sha: string }>('SELECT last_sha FROM suggestion_sources WHERE project_id = $1', [project.id]);
    await db.query('UPDATE suggestion_sources SET last_sha = $2, docs_sha = NULL WHERE project_id = $1', [project.id, git(sourceWork, 'rev-parse', 'HEAD~1')]);
    expect((await check()).created).toEqual([]);
    const [after] = await db.query<{ last_sha: string }>('SELECT last_sha FROM suggestion_sources WHERE project_id = $1', [project.id]);
    expect(after!.last_sha).toBe(before!.last_sha);
    const all = await listSuggestions(db, project.id, { status: null, limit: 100 });
    expect(all.suggestions.filter((s) => s.source === 'code')).toHaveLength(1);
  });

  it('opens one agent job when a suggestion is accepted, whose prompt carries it and its evidence', async () => {
    const { suggestions } = await listSuggestions(db, project.id);
    const code = suggestions.find((s) => s.source === 'code')!;
    await owner.get(`/dashboard/projects/${project.id}/suggestions`);
    expect(owner.lastHtml).toContain('CLI flag --dry-run was renamed to --preview');
    const accepted = await owner.post(`/dashboard/projects/${project.id}/suggestions/${code.id}/accept`, {});
    expect(accepted.status).toBe(303);
    const jobs = await jobsOf();
    expect(jobs).toHaveLength(1);
    expect(accepted.headers.get('location')).toBe(`/dashboard/projects/${project.id}/jobs/${jobs[0]!.id}?notice=job-started`);
    expect(jobs[0]!.prompt).toContain('`--dry-run` is now `--preview`');
    expect(jobs[0]!.prompt).toContain('"guides/cli.mdx:5": "Run `acme deploy --dry-run` to see what would change."');
    expect(jobs[0]!.prompt).toContain('guides/deploy.mdx');
    // A second click (another tab) starts nothing.
    const again = await owner.post(`/dashboard/projects/${project.id}/suggestions/${code.id}/accept`, {});
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('DASHBOARD_SUGGESTION_DECIDED');
    expect(await jobsOf()).toHaveLength(1);
    const api = (await (await app.request(`/v1/suggestions/${project.id}?status=accepted`, { headers: auth })).json()) as { suggestions: { id: string; jobId: string }[] };
    expect(api.suggestions).toEqual([expect.objectContaining({ id: code.id, jobId: jobs[0]!.id })]);
  });

  it('keeps a dismissed suggestion dismissed, with its reason, when its evidence is seen again', async () => {
    const { suggestions } = await listSuggestions(db, project.id);
    const unlisted = suggestions.find((s) => s.evidenceKey === 'maintainer:unlisted:guides/cli')!;
    await owner.get(`/dashboard/projects/${project.id}/suggestions`);
    const empty = await owner.post(`/dashboard/projects/${project.id}/suggestions/${unlisted.id}/dismiss`, { reason: '  ' });
    expect(empty.status).toBe(400);
    const dismissed = await owner.post(`/dashboard/projects/${project.id}/suggestions/${unlisted.id}/dismiss`, { reason: 'Reached from the CLI reference only' });
    expect(dismissed.status).toBe(303);
    // The docs checks run again (the docs branch "moved"): the page is still unlisted.
    await db.query('UPDATE suggestion_sources SET docs_sha = NULL WHERE project_id = $1', [project.id]);
    const result = await check();
    expect(result.docsChecked).not.toBeNull();
    expect(result.created).toEqual([]);
    const all = await listSuggestions(db, project.id, { status: null, limit: 100 });
    const row = all.suggestions.find((s) => s.evidenceKey === 'maintainer:unlisted:guides/cli')!;
    expect(row.status).toBe('dismissed');
    expect(row.dismissReason).toBe('Reached from the CLI reference only');
    expect(all.suggestions.filter((s) => s.evidenceKey === 'maintainer:unlisted:guides/cli')).toHaveLength(1);
  });

  it("turns a topic of thumbs-down questions into a readers' suggestion", async () => {
    const now = Date.now() - 60 * 60_000;
    const turns = [
      ['How do I roll back a deploy?', 'Deploys are shipped with one command. See [Deploy](/guides/deploy).'],
      ['can I undo a deploy', 'See [Deploy](/guides/deploy).'],
    ] as const;
    for (const [i, [question, answer]] of turns.entries()) {
      const thread = await createAssistantThread(db, { projectId: project.id, fp: `fp${i}`, pagePath: '/guides/deploy' });
      await recordAssistantTurn(db, { threadId: thread, question, answer, citations: [{ path: '/guides/deploy', title: 'Deploy' }], outcome: 'answered', tokensIn: 10, tokensOut: 10 }, now + i * 1000);
      await db.query(`UPDATE assistant_messages SET rating = 'down' WHERE thread_id = $1 AND role = 'assistant'`, [thread]);
    }
    // Opening the page looks at readers' questions at most every five minutes: "Check now" looks at once.
    await owner.get(`/dashboard/projects/${project.id}/suggestions`);
    const checked = await owner.post(`/dashboard/projects/${project.id}/suggestions/check`, {});
    expect(checked.status).toBe(200);
    const html = await checked.text();
    expect(html).toMatch(/Checked: \d+ new suggestions?\./);
    const all = await listSuggestions(db, project.id, { status: 'open', limit: 100 });
    const readers = all.suggestions.filter((s) => s.source === 'readers');
    expect(readers).toHaveLength(1);
    expect(readers[0]!.evidenceKey).toBe('readers:topic:page-guides-deploy');
    expect(readers[0]!.evidence.items.map((i) => i.label).sort()).toEqual(['How do I roll back a deploy?', 'can I undo a deploy']);
    expect(readers[0]!.evidence.pages).toEqual(['/guides/deploy']);
    expect(html).toContain('How do I roll back a deploy?');
  });

  it('refuses a source repository URL that carries credentials', async () => {
    await owner.get(`/dashboard/projects/${project.id}/suggestions`);
    const res = await owner.post(`/dashboard/projects/${project.id}/suggestions/source`, { url: 'https://user:secret@example.com/a.git', branch: 'main' });
    expect(res.status).toBe(400);
    expect(owner.lastHtml === '' || !(await res.text()).includes('secret@')).toBe(true);
  });

  it('records AGENT_SOURCE_UNREADABLE when the source repository cannot be read, and suggests nothing from code', async () => {
    const other = await createProject(db, { name: 'Unreadable', repoUrl: project.repoUrl });
    await db.query('INSERT INTO suggestion_sources (project_id, repo_url, branch) VALUES ($1, $2, $3)', [other.id, path.join(tmp.dir, 'missing.git'), 'main']);
    const result = await checkProjectSuggestions({ db, workDir: workDir() }, other.id);
    expect(result.error).toMatch(/^AGENT_SOURCE_UNREADABLE: Could not fetch /);
    expect(result.created.filter((s) => s.source === 'code')).toEqual([]);
    const [row] = await db.query<{ last_error: string }>('SELECT last_error FROM suggestion_sources WHERE project_id = $1', [other.id]);
    expect(row!.last_error).toBe(result.error);
  });
});
