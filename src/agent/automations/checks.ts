import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseFrontmatter } from '../../content/index.js';
import { gitClient, type WorkBranch } from '../../git/index.js';
import { resolveInside } from '../../shared/index.js';
import { AgentError } from '../codes.js';
import { findBrokenLinks } from '../maintainer/fix-links.js';
import type { AutomationKind, KindCheck } from './kinds.js';

/** What a kind's checks look at: the work branch, the docs root in it, and the files the run changed (repository paths). */
export interface KindCheckInput {
  work: WorkBranch;
  /** The docs folder relative to the repository (`.` or `docs`). */
  docsDir: string;
  /** Absolute docs root inside the work branch's checkout. */
  root: string;
  changed: readonly string[];
  /** Record a check and its outcome in the job's transcript. */
  report: (ok: boolean, text: string) => void;
}

const PAGE = /\.mdx?$/i;
const FENCE = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm;
const MAX_DESCRIPTION = 160;

/** Files of the change that are pages, as paths relative to the docs root (those inside it). */
function changedPages(input: KindCheckInput): string[] {
  const prefix = input.docsDir === '.' || input.docsDir === '' ? '' : `${input.docsDir.replace(/\/+$/, '')}/`;
  return input.changed.filter((f) => PAGE.test(f) && f.startsWith(prefix)).map((f) => f.slice(prefix.length));
}

/** A repository file as it was at the base commit, or null when it did not exist. */
async function before(work: WorkBranch, repoPath: string): Promise<string | null> {
  try {
    return await gitClient(work.dir).raw(['show', `${work.baseCommit}:${repoPath}`]);
  } catch {
    return null;
  }
}

async function readNow(root: string, rel: string): Promise<string | null> {
  const abs = resolveInside(root, rel);
  if (abs === null) return null;
  return readFile(abs, 'utf8').catch(() => null);
}

const fences = (text: string) => text.match(FENCE) ?? [];

/** One check: null when it passes, else what is wrong (a short list). */
async function problemOf(check: KindCheck, input: KindCheckInput): Promise<string | null> {
  const pages = changedPages(input);
  const prefix = input.docsDir === '.' || input.docsDir === '' ? '' : `${input.docsDir.replace(/\/+$/, '')}/`;
  switch (check) {
    case 'pages-only': {
      const others = input.changed.filter((f) => !PAGE.test(f));
      return others.length ? `only pages may change, but so did ${others.slice(0, 5).join(', ')}` : null;
    }
    case 'code-unchanged': {
      const moved: string[] = [];
      for (const page of pages) {
        const was = await before(input.work, prefix + page);
        const now = await readNow(input.root, page);
        if (was === null || now === null) continue;
        if (JSON.stringify(fences(was)) !== JSON.stringify(fences(now))) moved.push(page);
      }
      return moved.length ? `code blocks changed in ${moved.slice(0, 5).join(', ')}` : null;
    }
    case 'titles-descriptions': {
      const bad: string[] = [];
      for (const page of pages) {
        const text = await readNow(input.root, page);
        if (text === null) continue;
        const { data } = parseFrontmatter(text, page);
        const title = typeof data.title === 'string' ? data.title.trim() : '';
        const description = typeof data.description === 'string' ? data.description.trim() : '';
        if (!title) bad.push(`${page} has no title`);
        else if (!description) bad.push(`${page} has no description`);
        else if (description.length > MAX_DESCRIPTION) bad.push(`${page}'s description is ${description.length} characters (at most ${MAX_DESCRIPTION})`);
      }
      return bad.length ? bad.slice(0, 5).join('; ') : null;
    }
    case 'changelog-changed':
      return input.changed.some((f) => /changelog|release-notes|whats-new/i.test(path.posix.basename(f))) ? null : 'no changelog page changed';
    case 'links': {
      const key = (b: { file: string; target: string }) => `${b.file}|${b.target}`;
      const after = await findBrokenLinks(input.root);
      if (after.length === 0) return null;
      const had = new Set(
        (await input.work.withBaseCheckout(async (baseDir) => findBrokenLinks(resolveInside(baseDir, input.docsDir) ?? baseDir))).map(key),
      );
      const added = after.filter((b) => !had.has(key(b)));
      return added.length ? `the edits break ${added.length} link(s): ${added.slice(0, 5).map((b) => `${b.file}:${b.line} → ${b.target}`).join('; ')}` : null;
    }
    case 'translations-current': {
      const { loadSite, readTranslationReport } = await import('../../site/index.js');
      const { site } = await loadSite(input.root, { openapi: false });
      if (!site) return 'the site could not be loaded to read its translations';
      const report = await readTranslationReport(site);
      const behind = report.entries.filter((e) => e.state !== 'current');
      return behind.length ? `${behind.length} translation(s) still ${[...new Set(behind.map((e) => e.state))].join(' or ')}: ${behind.slice(0, 5).map((e) => `${e.language} ${e.source.file}`).join(', ')}` : null;
    }
  }
}

/**
 * Run a kind's checks on the run's result; each is a step of the transcript. Fails the job with
 * AGENT_CHECK_FAILED, before anything is pushed, when one does not pass.
 */
export async function runKindChecks(kind: AutomationKind, input: KindCheckInput): Promise<void> {
  const failed: string[] = [];
  for (const check of kind.checks) {
    const problem = await problemOf(check, input);
    input.report(problem === null, problem === null ? `${kind.id}: ${check} passed` : `${kind.id}: ${check} failed: ${problem}`);
    if (problem !== null) failed.push(`${check}: ${problem}`);
  }
  if (failed.length) throw new AgentError('AGENT_CHECK_FAILED', `The "${kind.title}" automation's checks failed (${failed.join('; ')}). Nothing was pushed.`);
}
