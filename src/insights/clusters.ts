/**
 * Anchored units as topics: one per anchor page (or shared word), pages of one sidebar group
 * folded together when there are more than a dashboard shows, the least of them in "Other".
 */
import type { SectionIndex } from '../retrieval/index.js';
import { wordOf } from './terms.js';
import type { Topic, TopicItem } from './types.js';
import type { Unit } from './units.js';
import { topicsWithin } from './views.js';

/** Items listed per topic. */
export const TOPIC_QUESTIONS = 50;
/** Pages listed per topic. */
export const TOPIC_PAGES = 10;
export const OTHER_ID = 'other';
export const OTHER_LABEL = 'Other';

/** A topic while it is being made: its units, and what a merge or a label needs. */
export interface Cluster {
  /** What anchors it (`page:/a/b`, `group:Navigation`, `term:saml`, `other`): its id is made from this. */
  key: string;
  label: string;
  /** The sidebar group of its anchor page, when the index knows it. */
  group?: string;
  units: Unit[];
}

/** Units grouped by anchor: pages first in the order met (units come most asked first), then words, then those with none. */
export function clustersOf(units: readonly Unit[], index: SectionIndex | null): Cluster[] {
  const byKey = new Map<string, Cluster>();
  for (const unit of units) {
    const a = unit.anchor;
    const key = a.kind === 'page' ? `page:${a.path}` : a.kind === 'term' ? `term:${a.term}` : OTHER_ID;
    let cluster = byKey.get(key);
    if (!cluster) {
      if (a.kind === 'page') {
        const page = index?.page(a.path);
        cluster = { key, label: page?.title || titleOfPath(a.path), ...(page?.group ? { group: page.group } : {}), units: [] };
      } else if (a.kind === 'term') cluster = { key, label: capitalised(wordOf(unit.item.text, a.term)), units: [] };
      else cluster = { key, label: OTHER_LABEL, units: [] };
      byKey.set(key, cluster);
    }
    cluster.units.push(unit);
  }
  return [...byKey.values()];
}

/** "delivery" → "Delivery" ("SAML", "iOS" unchanged but their first letter). */
function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "/guides/hidden-pages" → "Hidden pages": a page's name when no index knows its title. */
export function titleOfPath(path: string): string {
  const last = decodeURIComponentSafe(path.split('/').filter(Boolean).at(-1) ?? '');
  if (last === '') return 'Home';
  return capitalised(last.replace(/[-_]+/g, ' ').trim());
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Past `limit` page topics, the pages of one sidebar group become one topic named after the
 * group (the way a reader sees them in the sidebar); a group with one page keeps its page's topic.
 */
export function foldGroups(clusters: Cluster[], limit: number): Cluster[] {
  const pageClusters = clusters.filter((c) => c.key.startsWith('page:'));
  if (pageClusters.length <= limit) return clusters;
  const byGroup = new Map<string, Cluster[]>();
  for (const c of pageClusters) if (c.group) (byGroup.get(c.group) ?? byGroup.set(c.group, []).get(c.group)!).push(c);
  const folded = new Map<Cluster, Cluster>();
  for (const [group, members] of byGroup) {
    if (members.length < 2) continue;
    const into: Cluster = { key: `group:${group}`, label: group, group, units: members.flatMap((m) => m.units) };
    for (const m of members) folded.set(m, into);
  }
  return [...new Set(clusters.map((c) => folded.get(c) ?? c))];
}

/** A cluster as a topic: its counts, its pages most first and its items most asked first. */
export function topicOf(cluster: Cluster, id: string, titleOf: (path: string) => string): Topic {
  let count = 0;
  let unanswered = 0;
  let thumbsDown = 0;
  let thumbsUp = 0;
  const pageWeight = new Map<string, number>();
  for (const { item, pages } of cluster.units) {
    count += item.count;
    if (item.answered === false) unanswered += item.count;
    if (item.rating === 'down') thumbsDown += item.count;
    if (item.rating === 'up') thumbsUp += item.count;
    for (const path of pages) pageWeight.set(path, (pageWeight.get(path) ?? 0) + item.count);
  }
  // Stable sorts: ties keep the order met (units come most asked first).
  const pages = [...pageWeight].sort((a, b) => b[1] - a[1]).slice(0, TOPIC_PAGES);
  const units = [...cluster.units].sort((a, b) => b.item.count - a.item.count || a.order - b.order);
  return {
    id,
    label: cluster.label,
    pages: pages.map(([path]) => ({ path, title: titleOf(path) })),
    count,
    unanswered,
    thumbsDown,
    thumbsUp,
    questions: units.slice(0, TOPIC_QUESTIONS).map((u): TopicItem => ({ ...u.item, cited: [...u.item.cited] })),
  };
}

/** A cluster's id: its key as a slug (`page:/guides/intro` → `page-guides-intro`); keys that meet as one slug get their hash. */
export function idsOf(clusters: readonly Cluster[]): string[] {
  const slugs = clusters.map((c) => slugOf(c.key));
  const seen = new Map<string, number>();
  for (const s of slugs) seen.set(s, (seen.get(s) ?? 0) + 1);
  return slugs.map((s, i) => (seen.get(s)! > 1 ? `${s}-${hashOf(clusters[i]!.key)}` : s));
}

function slugOf(key: string): string {
  const slug = key
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return key === 'page:/' ? 'page-home' : slug || `topic-${hashOf(key)}`;
}

/** FNV-1a, 32 bits, as 8 hex digits. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** A page's title as the index has it, else made from its path. */
export const titleIn =
  (index: SectionIndex | null) =>
  (path: string): string =>
    index?.page(path)?.title || titleOfPath(path);

/** Clusters as topics, each with its id (`idsOf`). */
export function topicsOfClusters(clusters: readonly Cluster[], index: SectionIndex | null): Topic[] {
  const ids = idsOf(clusters);
  return clusters.map((c, i) => topicOf(c, ids[i]!, titleIn(index)));
}

/**
 * The clusters to show: those among the first `limit` of any view (`topicsWithin`), then "Other"
 * with the units no anchor took and the other clusters' units. Labels two shown clusters share get
 * their group or anchor after them ("Overview (Payments)").
 */
export function shownClusters(clusters: readonly Cluster[], index: SectionIndex | null, limit: number): Cluster[] {
  const anchored = clusters.filter((c) => c.key !== OTHER_ID);
  const topics = topicsOfClusters(anchored, index);
  const kept = topicsWithin(topics, limit);
  const shown: Cluster[] = [];
  const otherUnits = [...(clusters.find((c) => c.key === OTHER_ID)?.units ?? [])];
  anchored.forEach((cluster, i) => (kept.has(topics[i]!) ? shown.push({ ...cluster }) : otherUnits.push(...cluster.units)));
  disambiguate(shown);
  if (otherUnits.length) shown.push({ key: OTHER_ID, label: OTHER_LABEL, units: otherUnits });
  return shown;
}

/** Same labels told apart by their sidebar group, else by their anchor (a page's path, a word). */
function disambiguate(clusters: readonly Cluster[]): void {
  const byLabel = new Map<string, Cluster[]>();
  for (const c of clusters) {
    const key = c.label.toLowerCase();
    (byLabel.get(key) ?? byLabel.set(key, []).get(key)!).push(c);
  }
  for (const same of byLabel.values()) {
    if (same.length < 2) continue;
    const byGroup = new Set(same.map((c) => c.group ?? '')).size === same.length && same.every((c) => c.group && c.group !== c.label);
    for (const c of same) c.label = `${c.label} (${byGroup ? c.group : c.key.replace(/^(page|term|group):/, '')})`;
  }
}
