import type { Diagnostic } from '../shared/index.js';
import type { PageMeta } from './types.js';
import type { ContentCode } from './codes.js';

const STRING_FIELDS = ['sidebarTitle', 'icon', 'tag', 'description', 'openapi', 'asyncapi', 'url', 'mode'] as const;
const BOOLEAN_FIELDS = ['hidden', 'noindex'] as const;

/** Copy the known frontmatter fields into typed ones, reporting any with the wrong type. */
export function metaFromFrontmatter(data: Record<string, unknown>, file: string, diagnostics: Diagnostic<ContentCode>[]): PageMeta & { title?: string } {
  const meta: PageMeta & { title?: string } = { hidden: false, noindex: false };
  const wrongType = (key: string, expected: string): void => {
    diagnostics.push({
      file, line: 1, column: 1, severity: 'warning', code: 'CONTENT_FRONTMATTER_FIELD_TYPE', path: `frontmatter.${key}`,
      message: `Frontmatter field \`${key}\` should be ${expected} but is ${describe(data[key])}; it was ignored. Write e.g. \`${key}: ${expected === 'a boolean' ? 'true' : '"..."'}\`.`,
    });
  };
  for (const key of ['title', ...STRING_FIELDS] as const) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    // YAML reads `title: 2024` as a number; that is still a usable label.
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') meta[key] = String(value);
    else if (key === 'icon' && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') meta.icon = (value as { name: string }).name;
    else wrongType(key, 'a string');
  }
  for (const key of BOOLEAN_FIELDS) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'boolean') meta[key] = value;
    else if (value === 'true' || value === 'false') meta[key] = value === 'true';
    else wrongType(key, 'a boolean');
  }
  return meta;
}

/** Text of the first `# heading` in a Markdown body, skipping fenced code. */
export function firstHeading(body: string): string | undefined {
  let fence: string | null = null;
  for (const line of body.split('\n', 400)) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker[0]!;
      else if (marker[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const m = /^#[ \t]+(.+?)[ \t]*#*[ \t]*\r?$/.exec(line);
    if (m?.[1]) return m[1].trim();
  }
  return undefined;
}

/** A readable title from a file name: `getting-started` → `Getting started`. */
export function titleFromPath(pagePath: string): string {
  const base = pagePath.slice(pagePath.lastIndexOf('/') + 1).replace(/[-_]+/g, ' ').trim();
  return base.length === 0 ? pagePath : base[0]!.toUpperCase() + base.slice(1);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a mapping' : `a ${typeof value}`;
}
