import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomations } from '../../src/agent/index.js';
import { checkTranslations } from '../../src/cli/commands/check.js';
import { createAutomation, createProject, getAgentJobById, listAgentJobSteps, type AgentJobRow } from '../../src/db/index.js';
import { gitBlobId, type TranslationReport } from '../../src/site/index.js';
import { startHarness, type Harness } from '../agent/harness.js';
import { sentText, startChatStandIn, type ReceivedRequest, type ScriptedTurn } from '../agent/llm-stand-in.js';
import { createBareRepo, tempDir } from '../git/git-fixtures.js';

// The translate automation on a three-language docs repository (English at the root, French and German
// folders, a real git history): one English page edited and committed makes exactly its two translations
// stale; a run of the automation (a stand-in chat model translating) writes both with `translatedFrom`,
// and `folio check --translations` reports every translation current on the job's branch.
const PAGES = ['index', 'quickstart', 'guides/setup'];
const LANGS = ['fr', 'de'];

function siteFiles(): Record<string, string> {
  const groups = (prefix: string) => [{ group: prefix ? `Start ${prefix}` : 'Start', pages: PAGES.map((p) => prefix + p) }];
  const files: Record<string, string> = {
    'docs.json': JSON.stringify(
      { name: 'Three', theme: 'mint', colors: { primary: '#123456' }, navigation: { languages: [{ language: 'en', default: true, groups: groups('') }, ...LANGS.map((l) => ({ language: l, groups: groups(`${l}/`) }))] } },
      null,
      2,
    ),
  };
  for (const p of PAGES) files[`${p}.mdx`] = `---\ntitle: ${p}\n---\n\nEnglish text of ${p}.\n\n\`\`\`sh\nnpm run ${p}\n\`\`\`\n`;
  return files;
}

/** Clone `branch` of the bare repository into a new folder and run `fn` on it. */
async function inClone<T>(bare: string, branch: string, fn: (dir: string, git: (...a: string[]) => string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-translate-clone-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Writer', '-c', 'user.email=w@example.invalid', ...args], { cwd: dir, encoding: 'utf8' });
  try {
    git('clone', '-q', '--branch', branch, '--', bare, '.');
    return await fn(dir, git);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function report(dir: string): Promise<{ status: number; report: TranslationReport }> {
  let out = '';
  const status = await checkTranslations(dir, { json: true, strict: true }, { out: (t) => (out += t), err: () => {} });
  return { status, report: JSON.parse(out) as TranslationReport };
}
const notCurrent = (r: TranslationReport) => r.entries.filter((e) => e.state !== 'current').map((e) => `${e.state} ${e.translation?.file ?? e.source.file}`).sort();

/** The stand-in translator: the page between the SOURCE markers, its English words swapped for the target language's tag. */
function translator(request: ReceivedRequest): ScriptedTurn {
  const prompt = sentText(request.messages.at(-1)?.content);
  const to = /into the language "([^"]+)"/.exec(prompt)?.[1] ?? '??';
  const source = /<<<SOURCE [^\n]*\n([\s\S]*)\nSOURCE>>>/.exec(prompt)?.[1] ?? '';
  return { text: source.replace(/English text/g, `[${to}] text`) };
}

async function settled(id: string): Promise<AgentJobRow> {
  let job: AgentJobRow | null = null;
  for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    job = await getAgentJobById(h.db, id);
    if (job?.status !== 'active') break;
  }
  return job!;
}

let tmp: Awaited<ReturnType<typeof tempDir>>;
let model: Awaited<ReturnType<typeof startChatStandIn>>;
let h: Harness;
let bare: string;
let automationId = '';
const automations = () => createAutomations({ db: h.db, defaultModel: 'folio-maintainer', enqueue: (id) => h.worker.enqueue(id) });

beforeAll(async () => {
  tmp = await tempDir('folio-translate-');
  // English first, translations in a later commit: history calls them current.
  bare = await createBareRepo(tmp.dir, siteFiles(), 'three');
  await inClone(bare, 'main', async (dir, git) => {
    for (const l of LANGS) {
      for (const p of PAGES) {
        execFileSync('mkdir', ['-p', path.dirname(path.join(dir, l, p))]);
        await writeFile(path.join(dir, l, `${p}.mdx`), `---\ntitle: ${l} ${p}\n---\n\n[${l}] text of ${p}.\n\n\`\`\`sh\nnpm run ${p}\n\`\`\`\n`);
      }
    }
    git('add', '-A');
    git('commit', '-q', '-m', 'Translations');
    git('push', '-q', 'origin', 'main');
  });
  model = await startChatStandIn(translator);
  h = await startHarness({ llm: { provider: 'openai-compatible', baseUrl: model.baseUrl, apiKey: 'test-key', models: ['translator'] } });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
  await tmp?.cleanup();
});

describe('the translate automation', () => {
  it('makes exactly the edited page’s translations stale, then current again with translatedFrom after a run', async () => {
    expect(notCurrent((await inClone(bare, 'main', report)).report)).toEqual([]);
    // Edit one English page and commit.
    const edited = await inClone(bare, 'main', async (dir, git) => {
      const text = `---\ntitle: quickstart\n---\n\nEnglish text of quickstart, now with a second step.\n\n\`\`\`sh\nnpm run quickstart\n\`\`\`\n`;
      await writeFile(path.join(dir, 'quickstart.mdx'), text);
      git('commit', '-q', '-am', 'Rewrite the quickstart');
      git('push', '-q', 'origin', 'main');
      const { status, report: r } = await report(dir);
      expect(status).not.toBe(0);
      expect(notCurrent(r)).toEqual(['stale de/quickstart.mdx', 'stale fr/quickstart.mdx']);
      return text;
    });

    const project = await createProject(h.db, { name: 'three', repoUrl: bare, agentRatePerHour: 1000 });
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
    automationId = automation.id;
    const started = await automations().fire(automation, 'push');
    const job: AgentJobRow | null = await settled(started!.job.id);
    expect(job!.status, job!.failureReason ?? '').toBe('completed');
    expect(job!.prLink).not.toBeNull();
    // One model request per stale page, none for the current ones.
    expect(model.received).toHaveLength(2);
    const steps = await listAgentJobSteps(h.db, job!.id);
    expect(steps.filter((s) => s.kind === 'changed').map((s) => s.text).sort()).toEqual(['de/quickstart.mdx', 'fr/quickstart.mdx']);
    expect(steps.find((s) => s.kind === 'check' && s.text.startsWith('translate: translations-current'))).toMatchObject({ ok: true });

    await inClone(bare, `folio/agent-${job!.id}`, async (dir) => {
      const { status, report: r } = await report(dir);
      expect(notCurrent(r)).toEqual([]);
      expect(status).toBe(0);
      const fr = await readFile(path.join(dir, 'fr', 'quickstart.mdx'), 'utf8');
      expect(fr).toContain(`translatedFrom: ${gitBlobId(Buffer.from(edited))}`);
      expect(fr).toContain('[fr] text of quickstart, now with a second step.');
      expect(r.entries.find((e) => e.language === 'de' && e.source.file === 'quickstart.mdx')).toMatchObject({ state: 'current', basis: 'record' });
      // The pages it had no reason to touch are as they were.
      expect(await readFile(path.join(dir, 'de', 'index.mdx'), 'utf8')).toBe('---\ntitle: de index\n---\n\n[de] text of index.\n\n```sh\nnpm run index\n```\n');
    });
  }, 240_000);

  it('writes a missing translation and lists it in its language\'s navigation where its source is listed', async () => {
    // A new English page, listed in English only: its French and German translations are missing.
    await inClone(bare, 'main', async (dir, git) => {
      await writeFile(path.join(dir, 'guides', 'deploy.mdx'), '---\ntitle: deploy\n---\n\nEnglish text of deploy.\n');
      const docs = JSON.parse(await readFile(path.join(dir, 'docs.json'), 'utf8'));
      docs.navigation.languages[0].groups[0].pages.splice(2, 0, 'guides/deploy');
      await writeFile(path.join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
      git('add', '-A');
      git('commit', '-q', '-m', 'Deploy page');
      git('push', '-q', 'origin', 'main');
      expect(notCurrent((await report(dir)).report)).toEqual(['missing guides/deploy.mdx', 'missing guides/deploy.mdx', 'stale de/quickstart.mdx', 'stale fr/quickstart.mdx']);
    });
    const before = model.received.length;
    const automation = (await import('../../src/db/index.js')).getAutomationById(h.db, automationId);
    const started = await automations().fire((await automation)!, 'push');
    const job = await settled(started!.job.id);
    expect(job.status, job.failureReason ?? '').toBe('completed');
    expect(model.received.length - before).toBe(4);
    await inClone(bare, `folio/agent-${job.id}`, async (dir) => {
      const { status, report: r } = await report(dir);
      expect(notCurrent(r)).toEqual([]);
      expect(status).toBe(0);
      expect(await readFile(path.join(dir, 'de', 'guides', 'deploy.mdx'), 'utf8')).toContain('[de] text of deploy.');
      const docs = JSON.parse(await readFile(path.join(dir, 'docs.json'), 'utf8'));
      expect(docs.navigation.languages[1].groups[0].pages).toEqual(['fr/index', 'fr/quickstart', 'fr/guides/deploy', 'fr/guides/setup']);
      expect(docs.navigation.languages[2].groups[0].pages).toEqual(['de/index', 'de/quickstart', 'de/guides/deploy', 'de/guides/setup']);
    });
  }, 240_000);
});
