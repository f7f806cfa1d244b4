/**
 * A docs repository's AGENTS.md reaches the language model's instructions in every job (through the
 * chat-completions stand-in), is named in the job's transcript, is cut at its limit with a note, and
 * is not read through a symlink that leads out of the checkout.
 */
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AGENTS_MD_BYTES, readAgentsMd } from '../../src/agent/index.js';
import { getAgentJobById } from '../../src/db/index.js';
import { backends } from '../db/helpers.js';
import { createBareRepo, SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { postJob, projectWithKey, startHarness, waitForJob, type Harness } from './harness.js';
import { sentText, startChatStandIn } from './llm-stand-in.js';

const RULES = '# House rules\n\nWrite in British English. Never touch the changelog. MARKER-7f3a.\n';

// Each job clones, runs the model and checks: under a loaded 2-core machine one takes up to ~30 s.
describe.each(backends)('AGENTS.md in a job on %s', { timeout: 120_000 }, (backend) => {
  let repos: { dir: string; cleanup: () => Promise<void> };
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let h: Harness;
  beforeAll(async () => {
    repos = await tempDir('folio-agents-md-');
    // Answers at once, changing nothing: the job ends without a pull request.
    llm = await startChatStandIn({ 'gpt-reads': [{ text: 'Nothing to change\n\nThe docs already say it.' }] });
    h = await startHarness({ llm: { provider: 'openai-compatible', baseUrl: llm.baseUrl, apiKey: 'test-key' } }, backend);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await llm?.close();
    await repos?.cleanup();
  });

  const systemOf = (i: number) => {
    const system = llm.received[i]!.messages.find((m) => m.role === 'system');
    return sentText(system?.content);
  };
  const notes = async (p: { projectId: string; auth: Record<string, string> }, id: string) =>
    ((await (await h.app.request(`/v2/agent/${p.projectId}/job/${id}/messages`, { headers: p.auth })).json()) as { messages: { kind: string; text: string }[] }).messages
      .filter((m) => m.kind === 'note')
      .map((m) => m.text);

  it("gives the repository's AGENTS.md to the model with its instructions and says so in the transcript", async () => {
    const bare = await createBareRepo(repos.dir, { ...SITE_FILES, 'AGENTS.md': RULES }, 'rules');
    const p = await projectWithKey(h, bare);
    const before = llm.received.length;
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'Tidy the setup guide', model: 'gpt-reads' })).id);
    expect(job.status, (await getAgentJobById(h.db, job.id))?.failureReason ?? '').toBe('completed');
    const system = systemOf(before);
    expect(system).toContain('You maintain a documentation repository built with Folio');
    expect(system).toContain("## The repository's instructions (AGENTS.md)");
    expect(system).toContain('Write in British English. Never touch the changelog. MARKER-7f3a.');
    // The prompt stays the user's message, apart from the instructions.
    expect(sentText(llm.received[before]!.messages.find((m) => m.role === 'user')?.content)).not.toContain('MARKER-7f3a');
    expect(await notes(p, job.id)).toContain(`Read AGENTS.md (${Buffer.byteLength(RULES)} bytes) into the agent's instructions.`);
  });

  it('cuts a 1 MB AGENTS.md at the limit, with a note to the model and in the transcript', async () => {
    const line = 'Prefer short sentences and active verbs in every guide. ';
    const huge = `${'# Style\n\n'}${line.repeat(Math.ceil((1024 * 1024) / line.length))}\nTHE-END-MARKER\n`;
    const bare = await createBareRepo(repos.dir, { ...SITE_FILES, 'AGENTS.md': huge }, 'huge');
    const p = await projectWithKey(h, bare);
    const before = llm.received.length;
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'Tidy the setup guide', model: 'gpt-reads' })).id);
    expect(job.status).toBe('completed');
    const system = systemOf(before);
    expect(system).toContain('Prefer short sentences');
    expect(system).not.toContain('THE-END-MARKER');
    expect(system).toContain(`[AGENTS.md was cut here: it is ${Buffer.byteLength(huge)} bytes and the agent is given the first ${MAX_AGENTS_MD_BYTES}.]`);
    // The whole system prompt stays within the built-in part, the cap and the heading.
    expect(Buffer.byteLength(system)).toBeLessThan(MAX_AGENTS_MD_BYTES + 12_000);
    expect(await notes(p, job.id)).toContain(`Read AGENTS.md (${Buffer.byteLength(huge)} bytes) into the agent's instructions, cut to its first ${MAX_AGENTS_MD_BYTES} bytes.`);
  });

  it('says so when the repository has no AGENTS.md, and gives the model only the built-in instructions', async () => {
    const bare = await createBareRepo(repos.dir, SITE_FILES, 'plain');
    const p = await projectWithKey(h, bare);
    const before = llm.received.length;
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'Tidy the setup guide', model: 'gpt-reads' })).id);
    expect(job.status).toBe('completed');
    expect(systemOf(before)).not.toContain("repository's instructions");
    expect(await notes(p, job.id)).toContain('No AGENTS.md in the repository (looked for .folio/AGENTS.md, .mintlify/AGENTS.md, AGENTS.md).');
  });
});

describe('readAgentsMd', () => {
  it('reads .folio/AGENTS.md before the root one, and refuses a link that leads out of the checkout', async () => {
    const tmp = await tempDir('folio-agents-md-read-');
    try {
      const checkout = path.join(tmp.dir, 'checkout');
      await mkdir(path.join(checkout, '.folio'), { recursive: true });
      await writeFile(path.join(checkout, '.folio/AGENTS.md'), 'Folio-specific rules.\n');
      await writeFile(path.join(checkout, 'AGENTS.md'), 'Rules for every coding agent.\n');
      const found = await readAgentsMd(checkout);
      expect(found).toEqual({ kind: 'found', agentsMd: { file: '.folio/AGENTS.md', text: 'Folio-specific rules.\n', bytes: 22, limit: MAX_AGENTS_MD_BYTES, truncated: false } });
      await writeFile(path.join(tmp.dir, 'secret.txt'), 'a secret outside the checkout');
      await rm(path.join(checkout, '.folio/AGENTS.md'));
      await symlink(path.join(tmp.dir, 'secret.txt'), path.join(checkout, '.folio/AGENTS.md'));
      expect(await readAgentsMd(checkout)).toEqual({ kind: 'refused', file: '.folio/AGENTS.md', why: 'it is a link that leads out of the repository' });
    } finally {
      await tmp.cleanup();
    }
  });
});
