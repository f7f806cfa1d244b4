import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomations } from '../../src/agent/index.js';
import { createAutomation, createProject, getAgentJobById, listAgentJobSteps, type AgentJobRow } from '../../src/db/index.js';
import { startHarness, type Harness } from '../agent/harness.js';
import { startChatStandIn, type ScriptedTurn } from '../agent/llm-stand-in.js';
import { createBareRepo, gitOut, SITE_FILES, tempDir } from '../git/git-fixtures.js';

// A kind's checks decide whether a run's result is pushed: the SEO kind refuses a page left without a
// description, the grammar kind a changed code block (AGENT_CHECK_FAILED, no branch pushed); a result
// that passes them opens its pull request. The "model" is a stand-in chat server scripted per model name.
const QUICKSTART = '---\ntitle: Quickstart\n---\n\nRead [setup](/guides/setup) next.\n\n```sh\nnpm install folio\n```\n';
const write = (content: string): ScriptedTurn[] => [{ tools: [{ name: 'write_file', args: { path: 'quickstart.mdx', content } }] }, { text: 'Edit the quickstart\n\nDone.' }];
const SCRIPTS: Record<string, ScriptedTurn[]> = {
  'seo-without-description': write('---\ntitle: Install Folio in five minutes\n---\n\nRead [setup](/guides/setup) next.\n\n```sh\nnpm install folio\n```\n'),
  'seo-good': write('---\ntitle: Install Folio in five minutes\ndescription: Install Folio with npm and open your first page.\n---\n\nRead [setup](/guides/setup) next.\n\n```sh\nnpm install folio\n```\n'),
  'grammar-touching-code': write('---\ntitle: Quickstart\n---\n\nRead [setup](/guides/setup) next.\n\n```sh\nnpm install --save folio\n```\n'),
};

let tmp: Awaited<ReturnType<typeof tempDir>>;
let model: Awaited<ReturnType<typeof startChatStandIn>>;
let h: Harness;
let n = 0;

beforeAll(async () => {
  tmp = await tempDir('folio-kind-checks-');
  model = await startChatStandIn(SCRIPTS);
  h = await startHarness({ llm: { provider: 'openai-compatible', baseUrl: model.baseUrl, apiKey: 'test-key', models: Object.keys(SCRIPTS) } });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
  await tmp?.cleanup();
});

async function runKind(kind: string, modelName: string): Promise<{ job: AgentJobRow; bare: string }> {
  const bare = await createBareRepo(tmp.dir, { ...SITE_FILES, 'quickstart.mdx': QUICKSTART }, `docs${++n}`);
  const project = await createProject(h.db, { name: 'docs', repoUrl: bare, agentRatePerHour: 1000 });
  const automation = await createAutomation(h.db, { projectId: project.id, name: kind, trigger: 'push', schedule: null, branch: null, prompt: `${kind} run`, model: modelName, nextRunAt: null, kind });
  const started = await createAutomations({ db: h.db, defaultModel: 'folio-maintainer', enqueue: (id) => h.worker.enqueue(id) }).fire(automation, 'push');
  let job: AgentJobRow | null = null;
  for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    job = await getAgentJobById(h.db, started!.job.id);
    if (job?.status !== 'active') break;
  }
  return { job: job!, bare };
}

describe('the checks of automation kinds', () => {
  it('fail a run whose result breaks them, pushing nothing, and pass one that keeps them', async () => {
    const noDescription = await runKind('seo', 'seo-without-description');
    expect(noDescription.job.status).toBe('failed');
    expect(noDescription.job.failureReason).toMatch(/^AGENT_CHECK_FAILED: The "SEO: titles and descriptions" automation's checks failed \(titles-descriptions: quickstart\.mdx has no description\)/);
    expect(gitOut(noDescription.bare, ['branch', '--list', 'folio/*'])).toBe('');
    const steps = await listAgentJobSteps(h.db, noDescription.job.id);
    expect(steps.filter((s) => s.kind === 'check' && s.text.startsWith('seo:')).map((s) => [s.text.split(' ')[1], s.ok])).toEqual([
      ['pages-only', true],
      ['titles-descriptions', false],
      ['code-unchanged', true],
    ]);

    const code = await runKind('grammar', 'grammar-touching-code');
    expect(code.job.status).toBe('failed');
    expect(code.job.failureReason).toMatch(/^AGENT_CHECK_FAILED: .*code-unchanged: code blocks changed in quickstart\.mdx/);

    const good = await runKind('seo', 'seo-good');
    expect(good.job.status, good.job.failureReason ?? '').toBe('completed');
    expect(good.job.prLink).not.toBeNull();
    expect(gitOut(good.bare, ['show', `folio/agent-${good.job.id}:quickstart.mdx`])).toContain('description: Install Folio with npm');
  }, 240_000);
});
