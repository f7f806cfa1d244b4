import { assistantStrings } from '../assistant-strings.js';
import { searchStrings } from '../search-strings.js';
import { uiLanguage, uiStrings } from '../ui-strings.js';

/** What the search dialog (`client/search-dialog.ts`) reads from its button: its words, in the page's language. */
export interface SearchDialogText {
  label: string;
  placeholder: string;
  recent: string;
  clear: string;
  noResults: string;
  results: string;
  close: string;
  unavailable: string;
  searching: string;
}

/**
 * The header's search button: drawn like a search field (magnifier, placeholder, shortcut hint)
 * on wide screens and as a magnifier alone on phones. It opens the search dialog, which the main
 * script loads on the first click, ⌘K/Ctrl+K or `/`; the hint is filled in by that script with the
 * reader's modifier (empty, and so hidden, without JavaScript, when the shortcut would not work).
 */
export function SearchTrigger({ lang, prompt }: { lang: string; prompt?: string }) {
  const ui = uiStrings(lang);
  const placeholder = prompt ?? ui.search;
  const text: SearchDialogText = { label: ui.searchLabel, placeholder, ...searchStrings(lang) };
  return (
    <button type="button" className="search-trigger" data-search-open={JSON.stringify(text)} aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K /">
      <span className="search-icon" aria-hidden="true" />
      <span className="search-trigger-text">{placeholder}</span>
      <kbd className="search-kbd" aria-hidden="true" data-search-kbd="" />
    </button>
  );
}

/**
 * The header's Ask button: hidden in the built page, shown by the main script once the server says
 * a model answers (`client/assistant-loader.ts`); it opens the assistant panel, as Ctrl/⌘+I does.
 * It carries the panel's words in the page's language (`data-assistant-text`, JSON).
 */
export function AssistantTrigger({ lang }: { lang?: string }) {
  const words = assistantStrings(lang);
  // The panel's words: all but the button's own and the assistant page's note; none in English, which
  // the panel's script carries (~460 gzipped bytes a page, most of them English).
  const panel = uiLanguage(lang) === 'en' ? undefined : JSON.stringify(Object.fromEntries(Object.entries(words).filter(([key]) => key !== 'askAi' && key !== 'notSetUp')));
  return (
    <button type="button" className="assistant-trigger" data-assistant-open="" data-assistant-text={panel} hidden aria-haspopup="dialog" aria-keyshortcuts="Control+I Meta+I">
      <span className="assistant-spark" aria-hidden="true" />
      <span className="assistant-trigger-text">{words.askAi}</span>
    </button>
  );
}
