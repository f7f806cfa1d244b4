/**
 * The words of a reader's query worth searching one by one. Pagefind lists only the pages holding
 * every word of a query, so a question in the reader's own words ("how do I sign in with okta")
 * mostly finds nothing: no page says "how", "do" and "I" beside the product's term. The search
 * engine asks for these words separately when the query as typed finds few pages.
 */

/**
 * Words that ask rather than name, per language of the index (its `<html lang>` before any `-`):
 * question words, pronouns, auxiliaries and the commonest function words. A language without a
 * list keeps all its words (a common word then only adds pages after the ones that share more).
 */
const STOP_WORDS: Record<string, Set<string>> = {
  en: new Set(
    (
      'a an the and or but if then than so of to in on at by for from with without into onto about over under as via ' +
      'is are was were be been being am do does did doing done have has had having can cannot could should would will shall may might must ' +
      'i me my mine we us our you your yours it its they them their he him his she her this that these those there here ' +
      'what which who whom whose when where why how whats hows ' +
      'not no any some all each every just also too very only still even ' +
      'get gets got getting want wants need needs able possible way ways please thing things something anything ' +
      'let lets make sure don doesn didn isn aren wasn weren won wouldn shouldn couldn'
    ).split(' '),
  ),
};

/** Lower case, the punctuation around a word off (`okta?` → `okta`, `"webhooks",` → `webhooks`); dots and dashes inside it stay. */
const bare = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * The query's words to search one by one, each once, in the query's order: without the language's
 * stop words (`language` is the index's, `en-US` counting as `en`) and without apostrophes' tails
 * (`don't`, `it's`). Empty when no word is left.
 */
export function queryTerms(query: string, language = ''): string[] {
  const stop = STOP_WORDS[language.toLowerCase().split('-')[0]!];
  const terms = query
    .split(/\s+/)
    .map((w) => bare(w.replace(/['’](s|t|re|ve|ll|d|m)$/i, '')))
    .filter((w) => w && !stop?.has(w));
  return [...new Set(terms)];
}
