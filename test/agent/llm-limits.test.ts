import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentJobById } from '../../src/db/index.js';
import { createBareRepo, gitOut, SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { postJob, projectWithKey, startHarness, waitForJob, type Harness } from './harness.js';
import { startChatStandIn } from './llm-stand-in.js';

// The language-model agent against a local chat-completions server, through the API:
// a multi-step edit whose every step lands in the transcript, and endless loops stopped by the limits.
let repos: { dir: string; cleanup: () => Promise<void> };
let llm: Awaited<ReturnType<typeof startChatStandIn>>;
let h: Harness;
beforeAll(async () => {
  repos = await tempDir('folio-llm-limits-');
  llm = await startChatStandIn({
    'gpt-edits': [
      { tools: [{ name: 'search_files', args: { query: 'deploy' } }] },
      { tools: [{ name: 'read_file', args: { path: 'guides/deploy.mdx' } }] },
      { tools: [{ name: 'write_file', args: { path: 'guides/deploy.mdx', content: '---\ntitle: Deploy\n---\n\nDeploy with one command.\n' } }] },
      { tools: [{ name: 'validate', args: {} }] },
      { text: 'Shorten the deploy guide\n\nThe deploy guide now says it in one line.' },
    ],
    // The stand-in repeats a script's last turn: these models never stop calling tools.
    'gpt-loops': [{ tools: [{ name: 'read_file', args: { path: 'docs.json' } }] }],
    'gpt-hungry': [{ tools: [{ name: 'list_files', args: { dir: '.' } }], tokens: 400 }],
  });
  h = await startHarness({ llm: { provider: 'openai-compatible', baseUrl: llm.baseUrl, apiKey: 'test-key', maxSteps: 6, maxTokens: 1_000 } });
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
  await repos?.cleanup();
});

type Entry = { kind: string; text: string; ok: boolean | null };
const transcript = async (p: { projectId: string; auth: Record<string, string> }, id: string) =>
  ((await (await h.app.request(`/v2/agent/${p.projectId}/job/${id}/messages`, { headers: p.auth })).json()) as { messages: Entry[] }).messages;
const rounds = (entries: Entry[]) => entries.filter((s) => s.kind === 'note' && s.text.startsWith('Model step')).map((s) => s.text);

describe('language-model agent: transcript and limits', () => {
  it('records a multi-step edit step by step and opens a pull request', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'edits');
    const p = await projectWithKey(h, bare);
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'Shorten the deploy guide', model: 'gpt-edits' })).id);
    expect(job.status, (await getAgentJobById(h.db, job.id))?.failureReason ?? '').toBe('completed');
    const entries = await transcript(p, job.id);
    expect(rounds(entries)).toEqual([
      'Model step 1: called search_files.',
      'Model step 2: called read_file.',
      'Model step 3: called write_file.',
      'Model step 4: called validate.',
      'Model step 5: answered.',
    ]);
    expect(entries.filter((s) => s.kind === 'read').map((s) => s.text)).toEqual(['guides/deploy.mdx']);
    expect(entries.filter((s) => s.kind === 'changed').map((s) => s.text)).toEqual(['guides/deploy.mdx']);
    expect(entries.filter((s) => s.kind === 'check')).toEqual([
      expect.objectContaining({ text: 'validate: no errors', ok: true }),
      expect.objectContaining({ text: 'validate: the edits add no error', ok: true }),
    ]);
    expect(entries.at(-1)!.text).toContain('The deploy guide now says it in one line.');
    expect(gitOut(bare, ['show', `folio/agent-${job.id}:guides/deploy.mdx`])).toContain('Deploy with one command.');
  });

  it('stops a model that never finishes at the step limit, pushing nothing', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'loops');
    const p = await projectWithKey(h, bare);
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'Tidy everything', model: 'gpt-loops' })).id);
    expect(job.status).toBe('failed');
    expect((await getAgentJobById(h.db, job.id))!.failureReason).toBe(
      'AGENT_STEP_LIMIT: Model "gpt-loops" made 6 tool-call rounds, the limit of a run, without finishing. Narrow the prompt or raise FOLIO_LLM_MAX_STEPS.',
    );
    expect(llm.received.filter((r) => r.model === 'gpt-loops')).toHaveLength(6);
    expect(rounds(await transcript(p, job.id))).toHaveLength(6);
    expect(gitOut(bare, ['branch', '--list', 'folio/*'])).toBe('');
  });

  it('stops a model at its token budget', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'hungry');
    const p = await projectWithKey(h, bare);
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'List everything', model: 'gpt-hungry' })).id);
    expect(job.status).toBe('failed');
    expect((await getAgentJobById(h.db, job.id))!.failureReason).toMatch(/^AGENT_TOKEN_BUDGET: Model "gpt-hungry" used 1200 tokens, the budget of a run is 1000/);
    expect(llm.received.filter((r) => r.model === 'gpt-hungry')).toHaveLength(3);
    const entries = await transcript(p, job.id);
    expect(entries.at(-1)).toMatchObject({ kind: 'summary', text: expect.stringContaining('used 1200 tokens') });
  });
});
