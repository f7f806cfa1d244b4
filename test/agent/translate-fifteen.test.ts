/**
 * The translate automation on a 15-language repository with a real git history (English at the root,
 * 14 translated folders, test/site/translation-repo.ts): one English page edited and committed turns
 * exactly its 14 translations stale in `folio check --translations`; one run of the automation (a
 * stand-in chat model translating) brings every one of them current again, recorded with
 * `translatedFrom`, on the job's branch.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAutomations } from '../../src/agent/index.js';
import { checkTranslations } from '../../src/cli/commands/check.js';
import { createAutomation, createProject, getAgentJobById, listAgentJobSteps, type AgentJobRow } from '../../src/db/index.js';
import { gitBlobId, type TranslationReport } from '../../src/site/index.js';
import { LANGS, translationRepo, type TranslationRepo } from '../site/translation-repo.js';
import { startHarness, type Harness } from './harness.js';
import { sentText, startChatStandIn, type ReceivedRequest, type ScriptedTurn } from './llm-stand-in.js';

/** The stand-in translator: the page between the SOURCE markers, its English words swapped for the target language's tag. */
function translator(request: ReceivedRequest): ScriptedTurn {
  const prompt = sentText(request.messages.at(-1)?.content);
  const to = /into the language "([^"]+)"/.exec(prompt)?.[1] ?? '??';
  const source = /<<<SOURCE [^\n]*\n([\s\S]*)\nSOURCE>>>/.exec(prompt)?.[1] ?? '';
  return { text: source.replace(/English text/g, `${to} text`) };
}

async function report(dir: string): Promise<{ status: number; report: TranslationReport }> {
  let out = '';
  const status = await checkTranslations(dir, { json: true, strict: true }, { out: (t) => (out += t), err: () => {} });
  return { status, report: JSON.parse(out) as TranslationReport };
}
const stateOf = (r: TranslationReport, state: string) => r.entries.filter((e) => e.state === state).map((e) => e.translation?.file ?? `${e.language} ${e.source.file}`).sort();

let repo: TranslationRepo;
let work: string;
let model: Awaited<ReturnType<typeof startChatStandIn>>;
let h: Harness;

beforeAll(async () => {
  repo = await translationRepo();
  work = await mkdtemp(path.join(tmpdir(), 'folio-translate-fifteen-'));
  model = await startChatStandIn(translator);
  h = await startHarness({ llm: { provider: 'openai-compatible', baseUrl: model.baseUrl, apiKey: 'test-key', models: ['translator'] } });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
  await rm(repo.dir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

it('a run of the translate automation brings the 14 translations an English edit made stale current again', async () => {
  const before = (await report(repo.dir)).report;
  expect(stateOf(before, 'stale')).toEqual([]);
  const edited = '---\ntitle: quickstart\n---\n\nEnglish text of quickstart, now with a second step.\n';
  await writeFile(path.join(repo.dir, 'quickstart.mdx'), edited);
  repo.commitAll('Rewrite the quickstart', 5);
  const stale = LANGS.map((l) => `${l.toLowerCase()}/quickstart.mdx`).sort();
  expect(stateOf((await report(repo.dir)).report, 'stale')).toEqual(stale);

  const bare = path.join(work, 'fifteen.git');
  execFileSync('git', ['clone', '-q', '--bare', repo.dir, bare]);
  const project = await createProject(h.db, { name: 'fifteen', repoUrl: bare, agentRatePerHour: 1000 });
  const automation = await createAutomation(h.db, {
    projectId: project.id,
    name: 'Translations',
    trigger: 'push',
    schedule: null,
    branch: null,
    prompt: 'Update the stale and missing translations of the site from their source pages in the default language.',
    model: 'translator',
    nextRunAt: null,
    kind: 'translate',
  });
  const started = await createAutomations({ db: h.db, defaultModel: 'folio-maintainer', enqueue: (id) => h.worker.enqueue(id) }).fire(automation, 'push');
  let job: AgentJobRow | null = null;
  for (const until = Date.now() + 240_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    job = await getAgentJobById(h.db, started!.job.id);
    if (job?.status !== 'active') break;
  }
  expect(job!.status, job!.failureReason ?? '').toBe('completed');
  const changed = (await listAgentJobSteps(h.db, job!.id)).filter((s) => s.kind === 'changed').map((s) => s.text);
  for (const file of stale) expect(changed).toContain(file);

  const checkout = path.join(work, 'branch');
  execFileSync('git', ['clone', '-q', '--branch', `folio/agent-${job!.id}`, '--', bare, checkout]);
  const after = (await report(checkout)).report;
  expect(stateOf(after, 'stale')).toEqual([]);
  for (const l of LANGS) {
    expect(after.entries.find((e) => e.language === l && e.source.file === 'quickstart.mdx'), l).toMatchObject({ state: 'current', basis: 'record' });
  }
  const ko = await readFile(path.join(checkout, 'ko', 'quickstart.mdx'), 'utf8');
  expect(ko).toContain(`translatedFrom: ${gitBlobId(Buffer.from(edited))}`);
  expect(ko).toContain('ko text of quickstart, now with a second step.');
}, 300_000);
