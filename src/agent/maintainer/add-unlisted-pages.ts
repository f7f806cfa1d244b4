import type { JSONPath } from 'jsonc-parser';
import { buildPageIndex, titleFromPath } from '../../content/index.js';
import { AgentError } from '../codes.js';
import { editDocsJson, readDocsJson, saveDocsJson } from './docs-json.js';
import { navigationFacts, type NavigationFacts } from './navigation-walk.js';
import type { TaskResult } from './task.js';

/** Where one unlisted page goes. */
export interface Placement {
  page: string;
  /** Existing group (or page list) to append to, or a container that receives a new group. */
  target: { kind: 'group' | 'pages'; path: JSONPath; name?: string } | { kind: 'new-group'; container: JSONPath; name: string };
}

// Snippet folders hold fragments imported by pages, not pages of their own.
const NOT_PAGES = /(^|\/)(_?snippets|_[^/]*)(\/|$)/;

const folderOf = (page: string): string => (page.includes('/') ? page.slice(0, page.lastIndexOf('/')) : '');

/** Decide where each unlisted page goes: beside listed pages of its folder, else a new group named after the folder. */
export function planPlacements(unlisted: readonly string[], facts: NavigationFacts): Placement[] {
  const plans: Placement[] = [];
  for (const page of [...unlisted].sort()) {
    const folder = folderOf(page);
    const best = bestBy(facts.groups, (g) => g.pages.filter((p) => folderOf(p) === folder).length);
    if (best) {
      plans.push({ page, target: { kind: 'group', path: best.path, name: best.name } });
      continue;
    }
    const list = bestBy(facts.pageLists, (l) => l.pages.filter((p) => folderOf(p) === folder).length);
    if (list || (folder === '' && facts.containers.length === 0 && facts.pageLists[0])) {
      plans.push({ page, target: { kind: 'pages', path: (list ?? facts.pageLists[0]!).path } });
      continue;
    }
    const top = folder.split('/')[0] ?? '';
    const container = bestBy(facts.containers, (c) => c.pages.filter((p) => p.split('/')[0] === top).length) ?? facts.containers[0];
    if (container) {
      plans.push({ page, target: { kind: 'new-group', container: container.path, name: titleFromPath(folder || 'Pages') } });
    } else if (facts.pageLists[0]) {
      plans.push({ page, target: { kind: 'pages', path: facts.pageLists[0].path } });
    }
  }
  return plans;
}

function bestBy<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestScore = 0;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore) {
      best = item;
      bestScore = s;
    }
  }
  return best;
}

/**
 * Why a file looks like a note for the repository rather than a page of the
 * site (AGENTS.md, CLAUDE.md, a plan in plain markdown), or null for a page.
 */
export function repositoryNote(pagePath: string, format: 'mdx' | 'md', frontmatter: Record<string, unknown>): string | null {
  if (Object.keys(frontmatter).length > 0) return null;
  const name = pagePath.slice(pagePath.lastIndexOf('/') + 1);
  if (/^[A-Z0-9_-]+$/.test(name) && /[A-Z]/.test(name)) return 'an upper-case file name without frontmatter (a repository file such as README or AGENTS)';
  if (format === 'md') return 'plain markdown without frontmatter (a repository note, not a site page)';
  return null;
}

const QUOTED_GROUP = /\b(?:in|into|to|under)\s+(?:the\s+)?(?:group\s+)?["“'‘]([^"”'’]+)["”'’]/i;
const NAMED_GROUP = /\b(?:in|into|to|under)\s+(?:the\s+)?([\w][\w .&-]*?)\s+group\b/i;

/** The group a prompt asks for (`... to the "Guides" group`, `... under the Guides group`), or null. */
export function requestedGroup(prompt: string): string | null {
  const m = QUOTED_GROUP.exec(prompt) ?? NAMED_GROUP.exec(prompt);
  return m?.[1]?.trim() || null;
}

/** Add pages that exist on disk but no navigation lists: into the group the prompt names, else placed by folder. */
export async function addUnlistedPages(root: string, prompt = ''): Promise<TaskResult> {
  const doc = await readDocsJson(root);
  const facts = navigationFacts(doc.value.navigation);
  const index = await buildPageIndex(root);
  const candidates = [...index.pages.values()].filter((p) => !facts.listed.has(p.path) && !NOT_PAGES.test(p.path));
  const notes: string[] = [];
  const unlisted: string[] = [];
  for (const page of candidates) {
    // `hidden` and `noindex` pages are meant to be reachable only by URL: listing them would undo that.
    if (page.hidden || page.noindex) {
      notes.push(`Left \`${page.path}\` out: its frontmatter sets \`${page.hidden ? 'hidden' : 'noindex'}: true\` (reachable by URL only).`);
      continue;
    }
    const note = repositoryNote(page.path, page.format, page.frontmatter);
    if (note) notes.push(`Skipped \`${page.file}\`: ${note}; add frontmatter with a title to list it.`);
    else unlisted.push(page.path);
  }
  if (unlisted.length === 0) return { changed: false, notes: [...notes, 'Every page is already listed in the navigation.'] };
  const wanted = requestedGroup(prompt);
  let plans: Placement[];
  if (wanted !== null) {
    const group = facts.groups.find((g) => g.name.toLowerCase() === wanted.toLowerCase());
    if (!group) {
      const names = [...new Set(facts.groups.map((g) => `"${g.name}"`))].join(', ');
      throw new AgentError('AGENT_PROMPT_NOT_UNDERSTOOD', `The prompt asks for group "${wanted}", which the navigation does not have. Groups: ${names}. Name one of them, or leave the group out to place pages by folder.`);
    }
    plans = [...unlisted].sort().map((page) => ({ page, target: { kind: 'group' as const, path: group.path, name: group.name } }));
  } else {
    plans = planPlacements(unlisted, facts);
  }
  const newGroups = new Map<string, { container: JSONPath; name: string; pages: string[] }>();
  for (const plan of plans) {
    const t = plan.target;
    if (t.kind === 'new-group') {
      const key = JSON.stringify([t.container, t.name]);
      const entry = newGroups.get(key) ?? { container: t.container, name: t.name, pages: [] };
      entry.pages.push(plan.page);
      newGroups.set(key, entry);
      continue;
    }
    editDocsJson(doc, [...t.path, 'pages', -1], plan.page, true);
    notes.push(`Listed \`${plan.page}\` in ${t.kind === 'group' ? `group "${t.name}"` : 'the page list'} beside the other pages of its folder.`);
  }
  for (const group of newGroups.values()) {
    editDocsJson(doc, [...group.container, 'groups', -1], { group: group.name, pages: group.pages }, true);
    notes.push(`Created group "${group.name}" for ${group.pages.map((p) => `\`${p}\``).join(', ')} (no group listed pages of that folder).`);
  }
  const skipped = unlisted.filter((p) => !plans.some((pl) => pl.page === p));
  if (skipped.length > 0) notes.push(`Could not place ${skipped.join(', ')}: the navigation has no group or page list to add them to.`);
  const changed = await saveDocsJson(doc);
  return { changed, notes };
}

