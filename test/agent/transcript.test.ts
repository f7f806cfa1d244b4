import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractClient } from '../server/contract.js';
import { createBareRepo, gitOut, SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { postJob, projectWithKey, startHarness, waitForJob, type Harness } from './harness.js';

interface Entry {
  role: 'user' | 'agent';
  kind: string;
  text: string;
  ok: boolean | null;
}

let h: Harness;
let repos: { dir: string; cleanup: () => Promise<void> };
let api: Awaited<ReturnType<typeof contractClient>>;
beforeAll(async () => {
  h = await startHarness();
  repos = await tempDir('folio-transcript-');
  // Every response below is also checked against Folio's own /openapi.json.
  api = await contractClient(h.app);
});
afterAll(async () => {
  await h?.close();
  await repos?.cleanup();
});

async function transcript(p: { projectId: string; auth: Record<string, string> }, id: string): Promise<Entry[]> {
  const res = await api.request(`/v2/agent/${p.projectId}/job/${id}/messages`, { headers: p.auth });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { jobId: string; messages: Entry[] };
  expect(body.jobId).toBe(id);
  return body.messages;
}

const summaryOf = async (p: { projectId: string; auth: Record<string, string> }, id: string) =>
  ((await (await api.request(`/v2/agent/${p.projectId}/job/${id}`, { headers: p.auth })).json()) as { summary: string | null }).summary;

describe('a job tells its story (folio-maintainer, through the API)', () => {
  it('prompt → transcript → pull request, with a summary for a person', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'story');
    const p = await projectWithKey(h, bare);
    const created = await postJob(h, p, { prompt: 'add pages that are not in the navigation' });
    expect(await summaryOf(p, created.id)).toBeNull();
    const job = await waitForJob(h, p, created.id);
    expect(job.status).toBe('completed');
    expect(job.prLink).toMatch(/\/pulls\//);

    const entries = await transcript(p, job.id);
    expect(entries[0]).toMatchObject({ role: 'user', kind: 'prompt', text: 'add pages that are not in the navigation' });
    const agent = entries.filter((e) => e.role === 'agent');
    expect(agent.map((e) => e.kind)).toEqual(['note', 'note', 'note', 'read', 'read', 'note', 'changed', 'check', 'note', 'summary']);
    // The repository's instructions are looked for in every job, and the transcript says so.
    expect(agent.filter((e) => e.kind === 'note').some((e) => e.text.startsWith('No AGENTS.md in the repository'))).toBe(true);
    expect(agent.filter((e) => e.kind === 'read').map((e) => e.text)).toEqual(['docs.json', 'the frontmatter of every page']);
    expect(agent.find((e) => e.kind === 'changed')!.text).toBe('docs.json');
    expect(agent.find((e) => e.kind === 'check')).toMatchObject({ ok: true, text: 'validate: the edits add no error' });
    expect(agent.at(-2)!.text).toBe(`Pushed folio/agent-${job.id} and opened a pull request: ${job.prLink}`);

    const summary = await summaryOf(p, job.id);
    expect(summary).toBe(agent.at(-1)!.text);
    expect(summary).toContain(`Changed 1 file (\`docs.json\`) and opened a pull request: ${job.prLink}`);
    expect(summary).toContain('Listed `guides/deploy` in group "Guides"');
    expect(gitOut(bare, ['show', `folio/agent-${job.id}:docs.json`])).toContain('guides/deploy');
  });

  it('a job that changes nothing says why, and opens no pull request', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'nothing');
    const p = await projectWithKey(h, bare);
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'normalise docs.json formatting' })).id);
    expect(job).toMatchObject({ status: 'completed', prLink: null });
    const summary = await summaryOf(p, job.id);
    expect(summary).toMatch(/^No file changed, so no pull request was opened\./);
    expect(summary).toContain('docs.json was already formatted.');
    const entries = await transcript(p, job.id);
    expect(entries.some((e) => e.kind === 'changed')).toBe(false);
    expect(entries.at(-1)).toMatchObject({ kind: 'summary', text: summary });
  });

  it('a failed job says why in its summary and transcript; a follow-up clears the summary while it runs', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'failing');
    const p = await projectWithKey(h, bare);
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'rewrite the intro to be friendlier' })).id);
    expect(job.status).toBe('failed');
    const summary = await summaryOf(p, job.id);
    expect(summary).toMatch(/^The job failed and opened no pull request: folio-maintainer does not recognise the prompt\. It can: /);
    expect((await transcript(p, job.id)).at(-1)).toMatchObject({ role: 'agent', kind: 'summary', text: summary });

    const again = await postJob(h, p, { prompt: 'add unlisted pages' }, job.id);
    expect(again.status).toBe('active');
    expect(await summaryOf(p, job.id)).toBeNull();
    const done = await waitForJob(h, p, job.id);
    expect(done.status).toBe('completed');
    const entries = await transcript(p, job.id);
    expect(entries.filter((e) => e.kind === 'prompt').map((e) => e.text)).toEqual(['rewrite the intro to be friendlier', 'add unlisted pages']);
    expect(entries.filter((e) => e.kind === 'summary')).toHaveLength(2);
  });

  it('answers 404 for a job of another project', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'other');
    const mine = await projectWithKey(h, bare);
    const theirs = await projectWithKey(h, bare);
    const job = await postJob(h, mine, { prompt: 'fix broken internal links' });
    const res = await api.request(`/v2/agent/${theirs.projectId}/job/${job.id}/messages`, { headers: theirs.auth });
    expect(res.status).toBe(404);
    await waitForJob(h, mine, job.id);
  });
});
