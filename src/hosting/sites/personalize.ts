/**
 * Pages filled per signed-in reader (the build lists them: `BuiltSiteSettings.personalized`). The
 * platform's user data, as the JWT handshake keeps it in the session (`jwt-sign-in.ts`):
 * - `content` (else a `user` claim that is an object): the page's `user` values. Each
 *   `<span data-folio-user="path">fallback</span>` the build left (`mdx/user-expressions.ts`) gets the
 *   reader's value at that path, HTML-escaped; a missing value or one that is not a string, number or
 *   boolean keeps the fallback. A reader who is not signed in gets the built file as it is (fallbacks).
 * - `apiPlaygroundInputs`: on a page with the API playground, a JSON data block
 *   (`script#folio-reader-inputs`, never run as script, so the page's CSP allows it) that the playground
 *   reads to pre-fill its fields (`client/playground/prefill.ts`); `<` is escaped so the data cannot
 *   close the element.
 */
import { decodeCondition, evaluateCondition } from '../../mdx/index.js';
import { decodeGroups, forGroups, groupSetsHold } from '../../openapi/index.js';
import { escapeHtml } from '../../shared/index.js';
import { markdownFileFor, userMarkdown, userValueAt } from '../../markdown/index.js';
import { READER_MARKDOWN_DIR } from '../../site-build/index.js';
import { READER_USER_SCRIPT } from './reader-script.js';
import { buildFileText, textBuildFile, type BuildFile, type PublishedBuild } from '../storage/site-store.js';

/** What a session keeps of the reader for personalization. */
export type ReaderData = Record<string, unknown>;

/** The id of the data block of `window.mintlify.user`. */
export const READER_USER_ID = 'folio-reader-user';

/** The id of the playground's prefill data block. */
export const READER_INPUTS_ID = 'folio-reader-inputs';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values behind the page's `user` variable. */
export function userValues(data: ReaderData): Record<string, unknown> {
  if (isRecord(data.content)) return data.content;
  return isRecord(data.user) ? data.user : {};
}

const MARKER = /<span data-folio-user="([\w.-]{1,600})">([^<]*)<\/span>/g;
/** A branch chosen per reader: its opening tag (id, condition, hidden), up to its end `<template>` and closing tag. */
const BRANCH = /<(div|span) data-folio-user-if="(\d{1,9})\.([\w-]{0,4000})"( hidden="")?>([\s\S]*?)<template data-folio-user-end="\2"><\/template><\/\1>/g;

/**
 * The branches of a page chosen for a reader's `user` values (`mdx/user-expressions.ts`): a branch
 * whose condition holds is shown, any other is removed with its content, so the answer carries only
 * what this reader is meant to see. A condition that cannot be read (not written by Folio's build) holds for no one.
 */
export function chooseBranches(html: string, values: Record<string, unknown>): string {
  let out = html;
  // Nested branches: inner ones are inside an outer one's content, so each pass resolves the outermost left.
  for (let pass = 0; pass < 8 && out.includes(' data-folio-user-if="'); pass++) {
    const before = out;
    out = out.replace(BRANCH, (_whole, tag: string, _id: string, text: string, _hidden: string | undefined, content: string) => {
      const condition = decodeCondition(text);
      return condition && evaluateCondition(condition, values) ? `<${tag} data-folio-user-shown="">${content}</${tag}>` : '';
    });
    if (out === before) break;
  }
  return out;
}

/** JSON inside a `<script>` element: nothing in it can close the element or start a comment, and the line separators JavaScript once refused are escaped. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A part of an endpoint page for some groups: a property or option (ending with its `<template>`), or an enum value. */
const GROUPED_ITEM = /<li((?: [\w-]+="[^"]*")*) data-folio-groups="([\w-]{0,8000})" hidden=""((?: [\w-]+="[^"]*")*)>((?:(?! data-folio-groups=")[\s\S])*?)<template data-folio-groups-end=""><\/template><\/li>/g;
const GROUP_SETS = /<div class="api-request-variant" data-folio-group-sets="([\w-]{0,8000})"(?: hidden="")?>([\s\S]*?)<template data-folio-group-sets-end=""><\/template><\/div>/g;
const GROUPED_VALUE = /<code data-folio-groups="([\w-]{0,8000})" hidden="">([^<]*)<\/code>/g;
const PLAYGROUND_GROUPS = /<script type="application\/json" data-folio-playground-groups="">([^<]*)<\/script>/;
const PLAYGROUND_DATA = /(<script type="application\/json" class="api-playground-data">)[^<]*(<\/script>)/;

/**
 * An endpoint page as a reader of `groups` sees it (`openapi/reader-groups.ts`): the properties, `oneOf`
 * options and enum values of their groups shown, every other one removed with its content; the
 * generated request examples made for their set of groups, no other; the
 * playground's data cut the same way from the page's whole-data block, which is removed.
 */
export function keepReaderGroups(html: string, groups: ReadonlySet<string>): string {
  if (!html.includes(' data-folio-groups="') && !html.includes(' data-folio-playground-groups="') && !html.includes(' data-folio-group-sets="')) return html;
  const mine = (text: string) => (decodeGroups(text) ?? []).some((g) => groups.has(g));
  // The generated request examples: the variant made for this reader's groups, no other.
  let out = html.replace(GROUP_SETS, (_whole, text: string, content: string) => (groupSetsHold(text, groups) ? `<div class="api-request-variant">${content}</div>` : ''));
  out = out.replace(GROUPED_VALUE, (_whole, text: string, value: string) => (mine(text) ? `<code>${value}</code>` : ''));
  // Innermost first (a part holding no other), so nested parts resolve over a few passes.
  for (let pass = 0; pass < 16 && out.includes(' data-folio-groups="'); pass++) {
    const before = out;
    out = out.replace(GROUPED_ITEM, (_whole, head: string, text: string, tail: string, content: string) => (mine(text) ? `<li${head}${tail}>${content}</li>` : ''));
    if (out === before) break;
  }
  const full = PLAYGROUND_GROUPS.exec(out);
  if (full) {
    out = out.replace(PLAYGROUND_GROUPS, '');
    try {
      const cut = scriptJson(forGroups(JSON.parse(full[1]!), groups));
      out = out.replace(PLAYGROUND_DATA, (_whole, open: string, close: string) => `${open}${cut}${close}`);
    } catch {
      // Not JSON (not written by Folio's build): the data block stays as built, cut for no group.
    }
  }
  return out;
}

/** A page's HTML filled for a reader (see the file comment); `groups`: the reader's, for the parts of an endpoint page. */
export function personalizeHtml(html: string, data: ReaderData, groups: ReadonlySet<string> = new Set()): string {
  const values = userValues(data);
  let out = keepReaderGroups(chooseBranches(html, values), groups);
  // The reader's `user` for the site's scripts (the platform's `window.mintlify.user`), only for a reader with data.
  if (Object.keys(values).length > 0 && out.includes('</head>')) {
    out = out.replace('</head>', `<script type="application/json" id="${READER_USER_ID}">${scriptJson(values)}</script><script>${READER_USER_SCRIPT}</script></head>`);
  }
  out = out.replace(MARKER, (whole, path: string, fallback: string) => {
    const value = userValueAt(values, path);
    return value === null ? whole : `<span data-folio-user="${path}">${escapeHtml(value)}</span>`;
  });
  const inputs = data.apiPlaygroundInputs;
  if (isRecord(inputs) && out.includes('class="api-playground-data"')) {
    const json = scriptJson(inputs);
    out = out.replace('</body>', `<script type="application/json" id="${READER_INPUTS_ID}">${json}</script></body>`);
  }
  return out;
}

/** A built page filled for a reader, as a file to serve. */
export async function personalizedFile(file: BuildFile, data: ReaderData, groups?: ReadonlySet<string>): Promise<BuildFile> {
  return textBuildFile(personalizeHtml(await buildFileText(file), data, groups));
}

/**
 * A personalized page's Markdown (its `.md` path) as this reader reads it: the build's marked copy
 * (`READER_MARKDOWN_DIR`, `markdown/user-markdown.ts`) resolved with their `user` values by the same
 * interpreter as the HTML's branches; null when the build kept no marked copy (no part of the page's
 * Markdown depends on the reader).
 */
export async function readerMarkdown(root: PublishedBuild, markdownFile: string, data: ReaderData): Promise<string | null> {
  const marked = await root.read(`${READER_MARKDOWN_DIR}/${markdownFile.replace(/^\/+/, '')}`);
  return marked ? userMarkdown(marked.toString('utf8'), userValues(data)) : null;
}

/** The personalized pages' Markdown for this reader, by href: empty for a reader without `user` values (they read the built `.md`). */
export async function readerMarkdownOf(root: PublishedBuild, personalized: readonly string[], data: ReaderData): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (Object.keys(userValues(data)).length === 0) return out;
  for (const href of personalized) {
    const text = await readerMarkdown(root, markdownFileFor(href), data);
    if (text !== null) out.set(href, text);
  }
  return out;
}

/** llms-full.txt with each personalized page's Markdown (as a reader without data reads it) replaced by this reader's. */
export async function llmsFullForUser(text: string, root: PublishedBuild, mine: ReadonlyMap<string, string>): Promise<string> {
  let out = text;
  for (const [href, markdown] of mine) {
    const shared = (await root.read(markdownFileFor(href)))?.toString('utf8');
    const at = shared ? out.indexOf(shared) : -1;
    if (shared && at >= 0) out = out.slice(0, at) + markdown + out.slice(at + shared.length);
  }
  return out;
}
