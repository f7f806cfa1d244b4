import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { specId } from '../entries.js';
import type { OpenApiSiteProvider } from '../provider.js';
import { openApiSourcesOf } from '../sources.js';
import type { MigrationCandidate, SkippedPage } from './candidates.js';

export type JsonPath = (string | number)[];

/** One change to docs.json, applied with jsonc-parser so comments and formatting survive. */
export interface JsonEdit {
  path: JsonPath;
  value: unknown;
  /** Insert into the array at `path`'s last index instead of replacing. */
  insert?: boolean;
}

export interface MigrationItem {
  file: string;
  /** Where docs.json lists the page, e.g. `navigation.tabs[1].groups[0].pages[3]`. */
  locations: string[];
  /** The endpoint entry that replaces the page path. */
  entry: string;
  oldHref: string;
  newHref: string;
  /** Differences the reader will see, e.g. a changed title. */
  notes: string[];
}

/** Everything `folio migrate openapi` will do, decided before anything is touched. */
export interface MigrationPlan {
  items: MigrationItem[];
  skipped: SkippedPage[];
  edits: JsonEdit[];
  /** Files to delete once the edited site verifies. */
  deletions: string[];
  /** Old page URL → generated URL, added to `redirects` so links keep working. */
  redirects: { source: string; destination: string }[];
}

interface Listing {
  path: JsonPath;
  sources: string[];
  directory?: string;
}

function formatPath(path: JsonPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function normalizePage(value: string): string {
  return value.replace(/^\/+/, '').replace(/\.mdx?$/, '');
}

/** Every string in a `pages` array under navigation, with the openapi sources in scope there. */
function pageListings(node: JsonNode, path: JsonPath, scope: { sources: string[]; directory?: string }, out: Map<string, Listing[]>): void {
  if (node.type === 'array') {
    node.children?.forEach((child, i) => {
      const childPath = [...path, i];
      if (child.type === 'string' && path.at(-1) === 'pages') {
        const key = normalizePage(String(child.value));
        const list = out.get(key) ?? [];
        list.push({ path: childPath, ...scope });
        out.set(key, list);
      } else pageListings(child, childPath, scope, out);
    });
    return;
  }
  if (node.type !== 'object') return;
  const openapiNode = findNodeAtLocation(node, ['openapi']);
  let inner = scope;
  if (openapiNode) {
    const sources = openApiSourcesOf(nodeValue(openapiNode));
    if (sources.length > 0) {
      inner = { sources: sources.map((s) => s.source) };
      const directory = sources[0]?.directory;
      if (directory) inner.directory = directory;
    }
  }
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (!key || !value || key.value === 'openapi') continue;
    pageListings(value, [...path, String(key.value)], inner, out);
  }
}

function nodeValue(node: JsonNode): unknown {
  if (node.type === 'array') return (node.children ?? []).map(nodeValue);
  if (node.type === 'object') return Object.fromEntries((node.children ?? []).map((p) => [p.children?.[0]?.value, p.children?.[1] ? nodeValue(p.children[1]) : undefined]));
  return node.value;
}

/** Group `root` values naming a page: such pages cannot become endpoint entries. */
function rootPages(text: string): Set<string> {
  const roots = new Set<string>();
  for (const match of text.matchAll(/"root"\s*:\s*"([^"]+)"/g)) roots.add(normalizePage(match[1]!));
  return roots;
}

/**
 * Plan the migration of candidate pages in one docs.json: each navigation
 * listing of a page becomes its endpoint entry (`METHOD /path` when the page's
 * spec is in scope there, `spec METHOD /path` otherwise), a redirect keeps the
 * old URL working when the generated URL differs, and the file is scheduled
 * for deletion. Pages listed nowhere, or used as a group root, are skipped.
 */
export function planOpenApiMigration(docsText: string, candidates: readonly MigrationCandidate[], provider: OpenApiSiteProvider, skippedBefore: readonly SkippedPage[] = []): MigrationPlan {
  const plan: MigrationPlan = { items: [], skipped: [...skippedBefore], edits: [], deletions: [], redirects: [] };
  const tree = parseTree(docsText);
  const navigation = tree && findNodeAtLocation(tree, ['navigation']);
  if (!tree || !navigation) return plan;
  const listings = new Map<string, Listing[]>();
  pageListings(navigation, ['navigation'], { sources: [] }, listings);
  const roots = rootPages(docsText);
  const redirectsNode = findNodeAtLocation(tree, ['redirects']);
  // `redirects` may be a `{"$ref"}` object (mintlify-docs): then no redirect can be appended here.
  const redirectsInline = !redirectsNode || redirectsNode.type === 'array';
  const redirectList = redirectsNode?.type === 'array' ? (nodeValue(redirectsNode) as { source?: string }[]) : [];
  const existingRedirects = new Set(redirectList.map((r) => r?.source));

  for (const candidate of candidates) {
    const places = listings.get(candidate.path) ?? [];
    if (places.length === 0) {
      plan.skipped.push({ file: candidate.file, reason: 'not listed in navigation: deleting it would drop a URL with no entry to replace it' });
      continue;
    }
    if (roots.has(candidate.path)) {
      plan.skipped.push({ file: candidate.file, reason: 'used as a group `root`, which must stay a page' });
      continue;
    }
    const item: MigrationItem = { file: candidate.file, locations: [], entry: '', oldHref: `/${candidate.path}`, newHref: '', notes: [] };
    const edits: MigrationPlan['edits'] = [];
    for (const place of places) {
      const inScope = place.sources.some((s) => specId(s) === candidate.spec);
      const bare = `${candidate.entry.method} ${candidate.entry.path}`;
      const entry = inScope ? bare : `${candidate.spec} ${bare}`;
      const ref = provider.endpoint(entry, place.sources, inScope ? place.directory : undefined);
      if (!ref) continue;
      item.entry = entry;
      item.newHref = ref.href;
      item.locations.push(formatPath(place.path));
      edits.push({ path: place.path, value: entry });
    }
    if (item.locations.length === 0) {
      plan.skipped.push({ file: candidate.file, reason: 'its endpoint cannot be listed from navigation (hidden or not found)' });
      continue;
    }
    const moves = item.newHref !== item.oldHref && !existingRedirects.has(item.oldHref);
    if (moves && !redirectsInline) {
      plan.skipped.push({ file: candidate.file, reason: `its URL would move to ${item.newHref}, and \`redirects\` is a $ref, so no redirect can be added; add one there first` });
      continue;
    }
    plan.edits.push(...edits);
    if (candidate.pageTitle !== candidate.generatedTitle) item.notes.push(`title changes from "${candidate.pageTitle}" to "${candidate.generatedTitle}" (set x-mint.metadata.title in the spec to keep it)`);
    if (candidate.lostDescription !== undefined) item.notes.push(`description "${candidate.lostDescription}" is replaced by the spec's (set x-mint.metadata.description to keep it)`);
    if (moves) {
      plan.redirects.push({ source: item.oldHref, destination: item.newHref });
      item.notes.push(`URL moves to ${item.newHref}; a redirect from ${item.oldHref} is added`);
    }
    plan.items.push(item);
    plan.deletions.push(candidate.file);
  }
  if (plan.redirects.length > 0) {
    const count = redirectsNode?.children?.length ?? 0;
    if (redirectsNode) plan.redirects.forEach((r, i) => plan.edits.push({ path: ['redirects', count + i], value: r, insert: true }));
    else plan.edits.push({ path: ['redirects'], value: plan.redirects });
  }
  return plan;
}
