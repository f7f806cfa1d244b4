/**
 * The words of a question that can tie it to others when no page does: retrieval's words (letters,
 * digits, `_`, lowercased; its stop words out) less the words every question asks with, folded
 * to a crude singular so "webhook" and "webhooks" meet.
 */
import { STOP_WORDS } from '../retrieval/index.js';

/**
 * Words readers ask with whatever the subject ("how do I use ...", "does it work with ...") and
 * that retrieval keeps because a page may mean them: as a topic they would say nothing.
 */
const ASKING_WORDS = new Set(
  ('about also add after again already always another anyone anything before best change docs documentation doesn done each else even ever example ' +
    'every find get getting give go going got have having help here just know like look make many may might more most much must never ' +
    'no not now one only other possible problem question really right same see set setting still sure tell thing things try trying ' +
    'use used using way well work working works yes').split(' '),
);

/** A word as questions are grouped by it: "webhooks" → "webhook", "entries" → "entry" (not "access", "status", "analysis"). */
export function foldTerm(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  // "apis" → "api", but "analysis", "basis" stay.
  return word.length > 3 && word.endsWith('s') && !/(ss|us)$/.test(word) && !(word.length > 4 && word.endsWith('is')) ? word.slice(0, -1) : word;
}

/** The distinct grouping words of a text, folded, in the order they appear. */
export function termsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_']+/gu) ?? [];
  const terms = new Set<string>();
  for (const raw of words) {
    const word = raw.replace(/^'+|'+$/g, '');
    if (word.length < 2 || STOP_WORDS.has(word) || ASKING_WORDS.has(word) || /^\d+$/.test(word)) continue;
    terms.add(foldTerm(word));
  }
  return [...terms];
}

/** The word of `text` that folds to `term`, as the reader wrote it ("SAML" for `saml`), else the term. */
export function wordOf(text: string, term: string): string {
  for (const word of text.match(/[\p{L}\p{N}_']+/gu) ?? []) if (foldTerm(word.toLowerCase()) === term) return word;
  return term;
}

/** The text as identical questions share it: trimmed, lowercased, inner spaces collapsed. */
export function sameText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}
