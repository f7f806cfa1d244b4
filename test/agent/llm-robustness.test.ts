import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentError, runClaimedJob } from '../../src/agent/index.js';
import { llmAgent } from '../../src/agent/llm/llm-agent.js';
import { claimAgentJob, createAgentJob, createProject, getAgentJobById, listAgentJobSteps, openDatabase, type Database } from '../../src/db/index.js';
import { createBareRepo, SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { startAnthropicStandIn, startChatStandIn } from './llm-stand-in.js';

// The language-model agent against local servers speaking OpenAI chat completions and Anthropic
// Messages: malformed tool calls are reported and the loop goes on; a model that never answers is
// stopped by the job's wall-clock limit; Anthropic runs stop at the step limit.
type Step = { kind: string; text: string };

let tmp: Awaited<ReturnType<typeof tempDir>>;
let chat: Awaited<ReturnType<typeof startChatStandIn>>;
let root: string;

beforeAll(async () => {
  tmp = await tempDir('folio-llm-robust-');
  root = path.join(tmp.dir, 'docs');
  // Beside the docs folder: files of the repository the agent must not reach.
  await writeFile(path.join(tmp.dir, 'README.md'), 'Repository readme.\n');
  await writeFile(path.join(tmp.dir, 'secret.txt'), 'do-not-read\n');
  for (const [file, text] of Object.entries(SITE_FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  chat = await startChatStandIn({
    'gpt-sloppy': [
      { malformed: [{ name: 'write_file', arguments: '{"path": "guides/setup.mdx", "content": ' }] },
      { malformed: [{ name: 'delete_everything', arguments: '{}' }] },
      { tools: [{ name: 'write_file', args: { path: 'guides/setup.mdx', content: '---\ntitle: Setup\n---\n\nInstall it with npm.\n' } }] },
      { text: 'Clarify setup\n\nSaid how to install.' },
    ],
    'gpt-garbage': [{ malformed: [{ name: 'read_file', arguments: 'not json at all' }] }],
    'gpt-hang': [{ hang: true }],
    'gpt-escapes': [
      { tools: [{ name: 'read_file', args: { path: '../secret.txt' } }] },
      { tools: [{ name: 'write_file', args: { path: '../README.md', content: 'owned' } }] },
      { tools: [{ name: 'write_file', args: { path: '.git/config', content: 'owned' } }] },
      { text: 'Nothing to do\n\nThe files asked for are outside the docs folder.' },
    ],
    'gpt-links': [{ tools: [{ name: 'check_links', args: {} }] }, { text: 'Report links\n\nOne link is broken.' }],
  });
});
afterAll(async () => {
  await chat?.close();
  await tmp?.cleanup();
});

const openai = (maxSteps?: number) => ({ provider: 'openai-compatible' as const, baseUrl: chat.baseUrl, apiKey: 'test-key', maxSteps });

describe('language-model agent robustness', () => {
  it('reports malformed tool calls in the transcript, sends the error back, and recovers', async () => {
    const steps: Step[] = [];
    const run = await llmAgent(openai(), 'gpt-sloppy')({ root, prompt: 'say how to install', step: (s) => void steps.push(s) });
    expect(run.title).toBe('Clarify setup');
    expect(await readFile(path.join(root, 'guides/setup.mdx'), 'utf8')).toContain('npm');
    const refused = steps.filter((s) => s.kind === 'note' && s.text.includes('was refused'));
    expect(refused.map((s) => s.text)).toEqual([expect.stringMatching(/^Model step 1: the call to write_file was refused: /), expect.stringMatching(/^Model step 2: the call to delete_everything was refused: /)]);
    // The model saw each error as its tool's result.
    const third = JSON.stringify(chat.received.filter((r) => r.model === 'gpt-sloppy')[2]!.messages);
    expect(third).toContain('delete_everything');
    expect(third.toLowerCase()).toMatch(/no such tool|unavailable tool|not found/);
  });

  it('tells the model the docs.json format and diagnostics codes that exist', async () => {
    const system = chat.received.find((r) => r.model === 'gpt-sloppy')!.messages[0]!;
    expect(system.role).toBe('system');
    const text = String(system.content);
    expect(text).toContain('"navigation" holds exactly one kind of division');
    expect(text).toContain('"redirects"');
    // Every code it names is one Folio registers (src/<layer>/codes.ts).
    const registered = new Set<string>();
    for (const layer of await readdir(path.resolve('src'))) {
      const file = path.resolve('src', layer, 'codes.ts');
      const source = await readFile(file, 'utf8').catch(() => '');
      for (const m of source.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)) registered.add(m[1]!);
    }
    const named = [...new Set(text.match(/\b[A-Z]+_[A-Z_]+\b/g) ?? [])];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((c) => !registered.has(c))).toEqual([]);
  });

  it('keeps reads and writes inside the docs folder; each refused call is in the transcript', async () => {
    const steps: Step[] = [];
    const run = await llmAgent(openai(), 'gpt-escapes')({ root, prompt: 'update the readme', step: (s) => void steps.push(s) });
    expect(run.title).toBe('Nothing to do');
    expect(await readFile(path.join(tmp.dir, 'README.md'), 'utf8')).toBe('Repository readme.\n');
    const refused = steps.filter((s) => s.text.includes('was refused')).map((s) => s.text);
    expect(refused).toEqual([
      expect.stringContaining('read_file was refused: Path "../secret.txt" is outside the docs root.'),
      expect.stringContaining('write_file was refused: Path "../README.md" is outside the docs root.'),
      expect.stringContaining('write_file was refused: Path ".git/config" is outside the docs root.'),
    ]);
    expect(steps.some((s) => s.kind === 'changed')).toBe(false);
    expect(JSON.stringify(chat.received.filter((r) => r.model === 'gpt-escapes').at(-1)!.messages)).not.toContain('do-not-read');
  });

  it('check_links reports a broken internal link with its file and line', async () => {
    await writeFile(path.join(root, 'quickstart.mdx'), '---\ntitle: Quickstart\n---\n\nRead [setup](/guides/setp) next.\n');
    const steps: Step[] = [];
    await llmAgent(openai(), 'gpt-links')({ root, prompt: 'check the links', step: (s) => void steps.push(s) });
    const result = JSON.stringify(chat.received.filter((r) => r.model === 'gpt-links').at(-1)!.messages);
    expect(result).toContain('quickstart.mdx:5: /guides/setp leads to no page or file');
    // Links that work are not listed.
    expect(result).not.toContain('index.mdx');
    expect(steps.find((s) => s.kind === 'check')).toMatchObject({ ok: false, text: expect.stringMatching(/^links: 1 broken: /) });
  });

  it('a model that only sends malformed calls stops at the step limit, without crashing', async () => {
    const steps: Step[] = [];
    const error = await llmAgent(openai(3), 'gpt-garbage')({ root, prompt: 'read docs.json', step: (s) => void steps.push(s) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).code).toBe('AGENT_STEP_LIMIT');
    expect(steps.filter((s) => s.text.includes('the call to read_file was refused'))).toHaveLength(3);
  });

  it('Anthropic: a model that never stops calling tools is stopped by the step limit', async () => {
    const api = await startAnthropicStandIn([{ tools: [{ name: 'list_files', args: { dir: '.' } }] }]);
    try {
      const steps: Step[] = [];
      const error = await llmAgent({ provider: 'anthropic', baseUrl: api.baseUrl, apiKey: 'test-key', maxSteps: 4 }, 'claude-loops')({ root, prompt: 'tidy up', step: (s) => void steps.push(s) }).catch((e: unknown) => e);
      expect((error as AgentError).code).toBe('AGENT_STEP_LIMIT');
      expect(api.received).toHaveLength(4);
      expect(steps.filter((s) => s.text.startsWith('Model step'))).toHaveLength(4);
    } finally {
      await api.close();
    }
  });

  describe('a model that never answers', () => {
    let db: Database;
    beforeAll(async () => {
      db = await openDatabase({ memory: true });
    });
    afterAll(() => db?.close());

    it("fails the job with AGENT_TIMEOUT at the job's wall-clock limit", async () => {
      const bare = await createBareRepo(tmp.dir, SITE_FILES, 'hang');
      const project = await createProject(db, { name: 'hang', repoUrl: bare });
      const created = await createAgentJob(db, { projectId: project.id, repository: bare, ref: null, model: 'gpt-hang', prompt: 'rewrite the intro' });
      const job = (await claimAgentJob(db, { workerId: 'w', leaseMs: 60_000, jobId: created.id }))!;
      const before = chat.received.filter((r) => r.model === 'gpt-hang').length;
      const started = Date.now();
      const outcome = await runClaimedJob(
        { db, workerId: 'w', workDir: path.join(tmp.dir, 'work'), llm: openai(), verify: 'none', timeoutMs: 5_000, log: () => {}, publicUrl: 'http://folio.test' },
        job,
        new AbortController().signal,
      );
      expect(outcome).toBe('failed');
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(chat.received.filter((r) => r.model === 'gpt-hang').length).toBe(before + 1);
      const row = await getAgentJobById(db, job.id);
      expect(row!.failureReason).toMatch(/^AGENT_TIMEOUT: /);
      expect(row!.summary).toMatch(/^The job failed and opened no pull request: the run took longer than/);
      expect((await listAgentJobSteps(db, job.id)).map((s) => s.kind)).toContain('summary');
    });
  });
});
