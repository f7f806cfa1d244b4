import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentJobById } from '../../src/db/index.js';
import { createBareRepo, gitOut, SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { startGithubStandIn } from './github-stand-in.js';
import { postJob, projectWithKey, startHarness, waitForJob, type Harness } from './harness.js';
import { startChatStandIn } from './llm-stand-in.js';

let repos: { dir: string; cleanup: () => Promise<void> };
let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let llm: Awaited<ReturnType<typeof startChatStandIn>>;
let h: Harness;
let bareGithub: string;


beforeAll(async () => {
  repos = await tempDir('folio-providers-');
  bareGithub = await createBareRepo(repos.dir, SITE_FILES, 'gh');
  github = await startGithubStandIn('gh-token');
  llm = await startChatStandIn({ 'gpt-test': [
    { tools: [{ name: 'list_files', args: { dir: '.' } }] },
    { tools: [{ name: 'write_file', args: { path: 'guides/faq.mdx', content: '---\ntitle: FAQ\n---\n\nAnswers.\n' } }] },
    { tools: [{ name: 'read_file', args: { path: 'docs.json' } }] },
    {
      tools: [
        {
          name: 'write_file',
          args: {
            path: 'docs.json',
            content: JSON.stringify({ name: 'Fixture Docs', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Get started', pages: ['index', 'quickstart'] }, { group: 'Guides', pages: ['guides/setup', 'guides/deploy', 'guides/faq'] }] } }, null, 2),
          },
        },
      ],
    },
    { tools: [{ name: 'validate', args: {} }] },
    { text: 'Add an FAQ page\n\nWrote guides/faq.mdx and listed it under Guides.' },
  ], 'gpt-breaks-things': [
    { tools: [{ name: 'write_file', args: { path: 'docs.json', content: '{"name": "x", "navigation": {"pages": ["index", "no-such-page"]}}' } }] },
    { text: 'Reorganised the navigation' },
  ] });
  h = await startHarness({
    github: { apiUrl: github.apiUrl, token: 'gh-token', repositories: { [bareGithub]: 'acme/docs' } },
    llm: { provider: 'openai-compatible', baseUrl: llm.baseUrl, apiKey: 'test-key' },
  });
});
afterAll(async () => {
  await h?.close();
  await github?.close();
  await llm?.close();
  await repos?.cleanup();
});

describe('GitHub pull requests (REST stand-in)', () => {
  it('opens one pull request per job branch and updates it on a follow-up', async () => {
    const p = await projectWithKey(h, bareGithub);
    const first = await waitForJob(h, p, (await postJob(h, p, { prompt: 'add unlisted pages' })).id);
    expect(first).toMatchObject({ status: 'completed', prLink: 'https://github.test/acme/docs/pull/1' });
    expect(github.pulls).toEqual([expect.objectContaining({ head: `folio/agent-${first.id}`, base: 'main', state: 'open', title: 'List pages missing from the navigation' })]);
    expect(gitOut(bareGithub, ['show', `folio/agent-${first.id}:docs.json`])).toContain('guides/deploy');

    await postJob(h, p, { prompt: 'normalize docs.json formatting and fix broken links' }, first.id);
    const second = await waitForJob(h, p, first.id);
    expect(second).toMatchObject({ status: 'completed', prLink: 'https://github.test/acme/docs/pull/1' });
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]!.body).toContain('2. normalize docs.json formatting and fix broken links');
    expect(github.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
    expect(github.requests.filter((r) => r.startsWith('PATCH'))).toHaveLength(1);
  });
});

describe('GitHub pull request races', () => {
  it('updates the pull request another worker created between its list and its create', async () => {
    const { githubPullRequests } = await import('../../src/agent/pull-requests/github.js');
    github.pulls.push({ number: 99, owner: 'acme', repo: 'race', title: 'old', body: '', head: 'folio/agent-race', base: 'main', state: 'open' });
    github.options.hideNextList = true;
    const provider = githubPullRequests({ apiUrl: github.apiUrl, token: 'gh-token' }, { owner: 'acme', repo: 'race' });
    const url = await provider.ensure({ jobId: 'race', projectId: 'p', repository: 'x', baseBranch: 'main', headBranch: 'folio/agent-race', title: 'new title', body: 'b', diff: '' });
    expect(url).toBe('https://github.test/acme/race/pull/99');
    expect(github.pulls.filter((p) => p.repo === 'race')).toEqual([expect.objectContaining({ number: 99, title: 'new title' })]);
  });
});

describe('language-model agent (chat completions stand-in)', () => {
  it('runs the tool loop: lists, writes, validates, and opens a pull request with its summary', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'llm');
    const p = await projectWithKey(h, bare);
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'Add an FAQ page under Guides', model: 'gpt-test' })).id);
    expect(job.status, (await getAgentJobById(h.db, job.id))?.failureReason ?? '').toBe('completed');
    expect(job.prLink).toMatch(/\/pulls\//);
    const branch = `folio/agent-${job.id}`;
    expect(gitOut(bare, ['show', `${branch}:guides/faq.mdx`])).toContain('Answers.');
    expect(gitOut(bare, ['log', '-1', '--format=%s', branch])).toBe('Add an FAQ page');
    // The loop really ran: six requests, each carrying the previous tool result.
    const received = llm.received.filter((r) => r.model === 'gpt-test');
    expect(received).toHaveLength(6);
    expect(received[0]!.tools).toEqual(expect.arrayContaining(['list_files', 'read_file', 'write_file', 'search_files', 'validate', 'build']));
    const toolResults = received[5]!.messages.filter((m) => m.role === 'tool').map((m) => JSON.stringify(m.content));
    expect(toolResults[0]).toContain('guides/deploy.mdx');
    expect(toolResults.at(-1)).toContain('OK');
  });

  it('fails the job, pushing nothing, when the model leaves the site broken', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'llm-broken');
    const p = await projectWithKey(h, bare);
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'Reorganise the navigation', model: 'gpt-breaks-things' })).id);
    expect(job).toMatchObject({ status: 'failed', prLink: null });
    // The missing page is only a warning now (the site still builds); the missing `colors` breaks it.
    expect((await getAgentJobById(h.db, job.id))!.failureReason).toMatch(/^AGENT_SITE_BROKEN: The edits break the site \(validate\): docs\.json:\d+:\d+ error `colors` is required/);
    expect(gitOut(bare, ['branch', '--list', 'folio/*'])).toBe('');
  });
});
