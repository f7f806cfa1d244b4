/**
 * Navigation agreement between `folio nav --json` and the platform's resolved navigation
 * (`../shared/oracle-nav/<corpus>.json`). Both are docs.json's shape with every page replaced by
 * `{ href, title, ... }`; the comparison walks both and lines up their page leaves.
 */

/** One page of a navigation tree, in reading order. */
export interface NavLeaf {
  /** `href` plus its occurrence count, so a page listed in two sections is two leaves. */
  key: string;
  href: string;
  title: string;
}

export interface NavAgreement {
  /** Oracle leaves (pages in navigation, group roots). */
  expected: number;
  /** Folio leaves. */
  actual: number;
  /** Share of oracle leaves Folio lists too (0..1). */
  recall: number;
  /** Of the leaves both list, the share with the same title (0..1). */
  titles: number;
  /** Of the leaves both list, the share in the same relative order (longest common order, 0..1). */
  order: number;
  /** A few differences of each kind, for reading. */
  missing: string[];
  extra: string[];
  titleDiffs: string[];
}

/** Page leaves of a resolved navigation tree in document order (`global` is settings, skipped). */
export function navLeaves(tree: unknown): NavLeaf[] {
  const out: NavLeaf[] = [];
  const seen = new Map<string, number>();
  const add = (value: Record<string, unknown>) => {
    const href = String(value.href);
    const n = (seen.get(href) ?? 0) + 1;
    seen.set(href, n);
    // The oracle keeps YAML's type: `title: 3.8` is the number 3.8, shown as "3.8".
    const title = value.title;
    out.push({ key: `${href}#${n}`, href, title: typeof title === 'string' ? title : typeof title === 'number' || typeof title === 'boolean' ? String(title) : '' });
  };
  const walk = (value: unknown, asPage: boolean): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, asPage);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const obj = value as Record<string, unknown>;
    if (asPage && typeof obj.href === 'string' && !('group' in obj)) {
      add(obj);
      return;
    }
    for (const [key, child] of Object.entries(obj)) {
      if (key === 'global') continue;
      if (key === 'root' && child !== null && typeof child === 'object') walk(child, true);
      else walk(child, key === 'pages');
    }
  };
  walk(tree, false);
  return out;
}

/** Compare Folio's navigation with the oracle's. */
export function compareNavigation(expectedTree: unknown, actualTree: unknown, sample = 8): NavAgreement {
  const expected = navLeaves(expectedTree);
  const actual = navLeaves(actualTree);
  const actualByKey = new Map(actual.map((leaf, i) => [leaf.key, { leaf, i }]));
  const expectedKeys = new Set(expected.map((l) => l.key));
  const missing: string[] = [];
  const titleDiffs: string[] = [];
  const positions: number[] = [];
  let common = 0;
  let sameTitle = 0;
  for (const leaf of expected) {
    const found = actualByKey.get(leaf.key);
    if (!found) {
      missing.push(`${leaf.href} "${leaf.title}"`);
      continue;
    }
    common++;
    positions.push(found.i);
    if (found.leaf.title === leaf.title) sameTitle++;
    else titleDiffs.push(`${leaf.href}: "${found.leaf.title}" ≠ oracle "${leaf.title}"`);
  }
  const extra = actual.filter((l) => !expectedKeys.has(l.key)).map((l) => `${l.href} "${l.title}"`);
  return {
    expected: expected.length,
    actual: actual.length,
    recall: expected.length === 0 ? 1 : common / expected.length,
    titles: common === 0 ? 1 : sameTitle / common,
    order: common === 0 ? 1 : longestIncreasing(positions) / common,
    missing: missing.slice(0, sample),
    extra: extra.slice(0, sample),
    titleDiffs: titleDiffs.slice(0, sample),
  };
}

/** Length of the longest strictly increasing subsequence (patience sorting). */
function longestIncreasing(values: readonly number[]): number {
  const tails: number[] = [];
  for (const v of values) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = v;
  }
  return tails.length;
}
