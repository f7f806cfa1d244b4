/**
 * Code changes as suggestions: the product's source repository is fetched into a bare mirror of the
 * followed branch (`<workDir>/suggestion-sources/<project>.git`), the commits since the last check
 * are diffed, and each name that changed (`names.ts`) and that pages of the docs still mention becomes
 * ONE suggestion naming every such page.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkBranchName, checkRepositoryUrl, GitError, gitMessage, runGit, type GitCredentials } from '../../git/index.js';
import { findMentions } from './mentions.js';
import { changedNames, KIND_LABELS, mentionPattern, type NameChange } from './names.js';
import type { NewSuggestion } from './store.js';

/** The mirror of a project's source repository (bare, the followed branch only). */
export function sourceMirrorDir(workDir: string, projectId: string): string {
  return path.join(workDir, 'suggestion-sources', `${projectId.replace(/[^\w.-]/g, '_')}.git`);
}

/** Fetch the followed branch into the mirror; the commit it is at. */
export async function fetchSource(mirror: string, repoUrl: string, branch: string, credentials?: GitCredentials, signal?: AbortSignal): Promise<string> {
  const url = checkRepositoryUrl(repoUrl);
  checkBranchName(branch);
  const exists = await stat(path.join(mirror, 'HEAD')).then(() => true, () => false);
  if (!exists) {
    await mkdir(mirror, { recursive: true });
    await runGit(mirror, ['init', '--quiet', '--bare', '.']);
  }
  try {
    await runGit(mirror, ['fetch', '--quiet', '--no-tags', '--no-recurse-submodules', '--', url, `+refs/heads/${branch}:refs/heads/followed`], {
      signal,
      credentials: credentials && { ...credentials, repository: url },
    });
  } catch (err) {
    throw new GitError('GIT_CLONE_FAILED', `Could not fetch ${url} at branch ${branch}: ${gitMessage(err)}`);
  }
  return (await runGit(mirror, ['rev-parse', '--verify', 'refs/heads/followed^{commit}'])).trim();
}

/** Whether the mirror still has `sha` (a force-push and a gc can take it away). */
async function hasCommit(mirror: string, sha: string): Promise<boolean> {
  return runGit(mirror, ['cat-file', '-e', `${sha}^{commit}`]).then(() => true, () => false);
}

/** The names that changed between two commits of the mirror. */
export async function namesChangedBetween(mirror: string, from: string, to: string, signal?: AbortSignal): Promise<NameChange[] | null> {
  if (!(await hasCommit(mirror, from))) return null;
  const diff = await runGit(mirror, ['diff', '-U0', '--no-color', '--no-ext-diff', '--no-textconv', from, to, '--'], { signal });
  return changedNames(diff, async (names) => {
    // Which candidates the new commit still holds anywhere: those moved, not changed.
    let out = '';
    try {
      out = await runGit(mirror, ['grep', '-I', '-h', '-F', ...names.flatMap((n) => ['-e', n]), to, '--'], { signal });
    } catch (err) {
      // Exit code 1: none found.
      if (!/exited with code 1$/.test((err as Error).message)) throw err;
    }
    const lines = out.split('\n');
    return new Set(names.filter((n) => lines.some((l) => l.includes(n) && mentionPattern(n.startsWith('/') ? 'path' : 'flag', n).test(l))));
  });
}

/** One suggestion per changed name that pages of `docsRoot` mention. */
export async function codeChangeSuggestions(
  changes: readonly NameChange[],
  docsRoot: string,
  docsPrefix: string,
  where: { repoUrl: string; branch: string; from: string; to: string },
): Promise<NewSuggestion[]> {
  const inRepo = (file: string) => (docsPrefix && docsPrefix !== '.' ? `${docsPrefix}/${file}` : file);
  const mentions = await findMentions(docsRoot, changes.map((c) => ({ kind: c.kind, name: c.old })));
  const out: NewSuggestion[] = [];
  for (const change of changes) {
    const found = mentions.get(change.old) ?? [];
    if (found.length === 0) continue;
    const what = KIND_LABELS[change.kind];
    const pages = found.map((m) => inRepo(m.page));
    const range = `${where.from.slice(0, 12)}..${where.to.slice(0, 12)}`;
    const happened = change.new ? `is now \`${change.new}\`` : 'is gone';
    const files = change.files.slice(0, 5).map((f) => `\`${f}\``).join(', ');
    out.push({
      source: 'code',
      evidenceKey: `code:${change.kind}:${change.old}->${change.new ?? ''}`,
      title: change.new ? `${what} ${change.old} was renamed to ${change.new}` : `${what} ${change.old} was removed`,
      prompt: [
        `The product's source code changed (${where.repoUrl}, branch ${where.branch}, commits ${range}): the ${what} \`${change.old}\` ${happened} (seen in ${files}).`,
        `${pages.length === 1 ? 'This page still mentions' : `These ${pages.length} pages still mention`} \`${change.old}\`: ${pages.map((p) => `\`${p}\``).join(', ')}.`,
        change.new
          ? `Update every mention to \`${change.new}\`, and check that what the pages say about it still holds.`
          : `Remove or rewrite what the pages say about \`${change.old}\`; if the source shows what replaced it, document that instead. Do not invent behaviour the source does not show.`,
      ].join('\n\n'),
      evidence: {
        summary: `${what} ${change.old} ${change.new ? `is now ${change.new}` : 'is gone'} in commits ${range} of ${where.branch}; ${pages.length} page${pages.length === 1 ? '' : 's'} mention${pages.length === 1 ? 's' : ''} it.`,
        items: found.map((m) => ({ label: `${inRepo(m.page)}:${m.line}`, detail: m.text })),
        pages,
      },
    });
  }
  return out;
}
