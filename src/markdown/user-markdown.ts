/**
 * A personalized page's Markdown (`mdx/user-expressions.ts`) per reader. The tree's markers become
 * HTML comments in the Markdown the build compiles (`from-tree.ts`): a branch chosen per reader is
 * `<!--folio-user-block <id>.<condition>-->` ... `<!--folio-user-block-end <id>-->` on lines of their
 * own (or `folio-user-span` inside a line), a `{user.x}` value `<!--folio-user-value x-->fallback<!--/folio-user-value-->`.
 * `userMarkdown` keeps the branches a reader's values choose (the same interpreter as the HTML's,
 * `evaluateCondition`) and puts their values in; with no values it is the page's Markdown for a
 * reader without data, which the build writes as the page's `.md` (the marked text is kept under
 * `.folio-cache/` for `folio serve`).
 */
import { decodeCondition, evaluateCondition } from '../mdx/index.js';

/** Whether a page's Markdown holds parts chosen per reader. */
export const hasUserMarkdown = (text: string): boolean => text.includes('<!--folio-user-');

const BLOCK = /(\n\n)?<!--folio-user-block (\d{1,9})\.([\w-]{0,4000})-->\n\n([\s\S]*?)\n\n<!--folio-user-block-end \2-->/g;
const SPAN = /<!--folio-user-span (\d{1,9})\.([\w-]{0,4000})-->([\s\S]*?)<!--folio-user-span-end \1-->/g;
const VALUE = /<!--folio-user-value ([\w.-]{1,600})-->([^<\n]*?)<!--\/folio-user-value-->/g;
/** What is left of a marker the passes could not pair (its lines prefixed inside a quote or list). */
const LEFT = /<!--\/?folio-user-[^>]{0,4100}-->/g;

export const userBlockMarker = (spec: string, content: string, id: string): string => `<!--folio-user-block ${spec}-->\n\n${content}\n\n<!--folio-user-block-end ${id}-->`;
export const userSpanMarker = (spec: string, content: string, id: string): string => `<!--folio-user-span ${spec}-->${content}<!--folio-user-span-end ${id}-->`;
export const userValueMarker = (path: string, fallback: string): string => `<!--folio-user-value ${path}-->${fallback.replace(/[<\n]/g, ' ')}<!--/folio-user-value-->`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of `user.<path>` in these values (a string, number or boolean), or null when it is none of those. */
export function userValueAt(values: Record<string, unknown>, path: string): string | null {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (!isRecord(at) || !Object.hasOwn(at, key)) return null;
    at = at[key];
  }
  return typeof at === 'string' || typeof at === 'number' || typeof at === 'boolean' ? String(at) : null;
}

/** The Markdown as a reader with these `user` values reads it (`{}`: a reader without data); text without markers as it is. */
export function userMarkdown(text: string, values: Record<string, unknown>): string {
  if (!hasUserMarkdown(text)) return text;
  const holds = (spec: string) => {
    const condition = decodeCondition(spec);
    return condition !== null && evaluateCondition(condition, values);
  };
  let out = text;
  // Nested branches: a pass resolves the outermost ones (ids are unique in a page), the next their insides.
  for (let pass = 0; pass < 8 && (out.includes('<!--folio-user-block ') || out.includes('<!--folio-user-span ')); pass++) {
    const before = out;
    out = out.replace(BLOCK, (_whole, lead: string | undefined, _id: string, spec: string, content: string) => (holds(spec) ? `${lead ?? ''}${content}` : ''));
    out = out.replace(SPAN, (_whole, _id: string, spec: string, content: string) => (holds(spec) ? content : ''));
    if (out === before) break;
  }
  out = out.replace(VALUE, (_whole, path: string, fallback: string) => userValueAt(values, path) ?? fallback);
  return out.replace(LEFT, '').replace(/^\n+/, '');
}
