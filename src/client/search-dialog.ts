/**
 * The search dialog, an island loaded by `search.ts` on the first shortcut or click. A native
 * modal `<dialog>` (the page behind it is inert, Escape closes it, focus returns to where it
 * was) holding a combobox input and a listbox: arrow keys move through the options
 * (`aria-activedescendant`, focus stays in the input), Enter follows one. With the input empty
 * the options are the reader's recent searches; otherwise the relevant hits (`isRelevant`), grouped
 * by page. Searches are told to the page (`folio:search`, `folio:search-open`: the analytics beacon
 * listens) as `search-count.ts` decides: once the reader stopped typing, picked a result or left.
 */
import { drawHits, drawRecent, type DialogText } from './search-draw.js';
import { loadEngine, type VersionScope } from './search-engine.js';
import { recentQueries, rememberQuery, forgetQueries } from './search-recent.js';
import { asTold, searchCount } from './search-count.js';
import { findHits, serveSearch, startWorker, type Found } from './search-worker.js';

/** Where the queries run: the search worker, or this page when no worker could start. */
interface Searcher {
  find(query: string, limit: number, scope: VersionScope): Promise<Found>;
}

/** Pages listed per query. */
const PAGES = 8;

class SearchDialog {
  readonly dialog = document.createElement('dialog');
  private readonly input = document.createElement('input');
  private readonly list = document.createElement('div');
  private readonly head = document.createElement('div');
  private readonly status = document.createElement('p');
  /** "Searching…" while the index loads or a query is on its way (apart from the status line, which says the answer). */
  private readonly busy = document.createElement('p');
  private searcher: Promise<Searcher | null> | null = null;
  /** Whether Pagefind has loaded: until then a query says "Searching…" at once. */
  private ready = false;
  private ticket = 0;
  private active = -1;
  private returnTo: HTMLElement | null = null;
  /** Which searches count (analytics): told to the page as `folio:search` when the session ends. */
  private readonly count = searchCount((search) => announce('folio:search', { ...search }));

  constructor(private readonly text: DialogText) {
    const { dialog, input, list, head, status } = this;
    dialog.className = 'search-dialog';
    dialog.setAttribute('aria-label', text.label);
    dialog.setAttribute('aria-modal', 'true');
    input.type = 'text';
    input.className = 'search-input';
    input.placeholder = text.placeholder;
    input.setAttribute('data-search', '');
    for (const [name, value] of Object.entries({ role: 'combobox', 'aria-label': text.label, 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': 'folio-search-list', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false', enterkeyhint: 'search' })) input.setAttribute(name, value);
    list.id = 'folio-search-list';
    list.className = 'search-list';
    list.setAttribute('role', 'listbox');
    list.setAttribute('data-search-results', '');
    head.className = 'search-head';
    status.className = 'search-status';
    status.setAttribute('role', 'status');
    this.busy.className = 'search-busy';
    this.busy.textContent = text.searching;
    this.busy.hidden = true;

    const close = button('search-close', text.close, () => dialog.close());
    const icon = document.createElement('span');
    icon.className = 'search-icon';
    icon.setAttribute('aria-hidden', 'true');
    const bar = document.createElement('div');
    bar.className = 'search-bar';
    bar.append(icon, input, close);
    const body = document.createElement('div');
    body.className = 'search-body';
    body.append(head, list, status, this.busy);
    const panel = document.createElement('div');
    panel.className = 'search-panel';
    panel.append(bar, body);
    dialog.append(panel);
    document.body.append(dialog);

    input.addEventListener('input', () => {
      this.count.typed(input.value);
      void this.update();
    });
    input.addEventListener('keydown', (event) => this.key(event));
    list.addEventListener('pointermove', (event) => {
      const option = (event.target as Element).closest<HTMLElement>('[role=option]');
      if (option) this.activate(this.options().indexOf(option), false);
    });
    list.addEventListener('click', (event) => {
      const option = (event.target as Element).closest<HTMLElement>('[role=option]');
      if (!option) return;
      if (option.dataset.query !== undefined) {
        event.preventDefault();
        this.useRecent(option.dataset.query);
      } else {
        // The link itself navigates. A plain click closes the dialog (an anchor on this page does not
        // reload it) and leaves focus where the link leads; one that opens a new tab keeps it open.
        rememberQuery(input.value);
        this.count.end();
        announce('folio:search-open', { query: asTold(input.value), href: (option as HTMLAnchorElement).href });
        if (!event.ctrlKey && !event.metaKey && !event.shiftKey) this.leave();
      }
    });
    // A click on the backdrop lands on the dialog itself, outside the panel.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener('close', () => {
      this.count.end();
      this.returnTo?.focus();
      this.returnTo = null;
    });
    // The last moment a page is sure to have (phones may never fire pagehide): what the reader searched counts.
    addEventListener('pagehide', () => this.count.end());
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && this.count.end());
  }

  open(): void {
    if (!this.dialog.open) {
      const focused = document.activeElement;
      this.returnTo = focused instanceof HTMLElement && focused !== document.body ? focused : document.querySelector<HTMLElement>('[data-search-open]');
      this.dialog.showModal();
      void this.load();
      void this.update();
    }
    this.input.focus();
    this.input.select();
  }

  /** Close for a followed result: focus goes where the link leads, not back to the button. */
  private leave(): void {
    this.returnTo = null;
    this.dialog.close();
  }

  /** Pagefind and the index: asked for when the reader points at or focuses the search button, or opens the dialog. */
  load(): Promise<Searcher | null> {
    this.searcher ??= startSearcher().then(
      (searcher) => {
        this.ready = true;
        return searcher;
      },
      (error: unknown) => {
        // The dialog says search is unavailable; the console says why.
        console.warn('Folio search: the Pagefind index could not be loaded', error);
        return null;
      },
    );
    return this.searcher;
  }

  /** Draw what the input asks for: recent searches when it is empty, else the hits of the newest query. */
  private async update(): Promise<void> {
    const query = this.input.value.trim();
    const ticket = ++this.ticket;
    if (!query) {
      this.busy.hidden = true;
      this.showRecent();
      return;
    }
    // Said again once this query is answered (and tests know the answer has come when it is set).
    this.status.textContent = '';
    // Later, shown only when the answer takes a moment: no flash on every keystroke.
    // Before the index has loaded, at once: the reader sees their first keystroke was taken.
    if (!this.ready) this.busy.hidden = false;
    const slow = setTimeout(() => ticket === this.ticket && (this.busy.hidden = false), 150);
    const searcher = await this.load();
    const found =
      ticket === this.ticket && searcher
        ? await searcher.find(query, PAGES, versionScope()).catch((error: unknown) => {
            console.warn('Folio search: the search failed', error);
            return null;
          })
        : null;
    if (ticket !== this.ticket) return;
    clearTimeout(slow);
    this.busy.hidden = true;
    if (!searcher || !found) return this.show([], this.text.unavailable);
    this.head.replaceChildren();
    this.label(null);
    this.list.replaceChildren(...drawHits(found));
    this.show(this.options(), found.length ? this.text.results.replace('{n}', String(found.length)) : this.text.noResults, found.length > 0);
    this.count.showed(query, found.length);
  }

  private showRecent(): void {
    const recent = recentQueries();
    this.head.replaceChildren();
    if (recent.length) {
      const label = document.createElement('span');
      label.id = 'folio-search-recent';
      label.textContent = this.text.recent;
      this.head.append(label, button('search-clear', this.text.clear, () => (forgetQueries(), this.showRecent(), this.input.focus())));
    }
    this.label(recent.length ? 'folio-search-recent' : null);
    this.list.replaceChildren(...drawRecent(recent));
    this.show(this.options(), '', true);
  }

  /** The listbox is named by the recent searches' heading, or else like the input. */
  private label(by: string | null): void {
    if (by) {
      this.list.setAttribute('aria-labelledby', by);
      this.list.removeAttribute('aria-label');
    } else {
      this.list.setAttribute('aria-label', this.text.label);
      this.list.removeAttribute('aria-labelledby');
    }
  }

  /** After a redraw: nothing active, no empty listbox, the status line (read out politely; shown when there is nothing else). */
  private show(options: HTMLElement[], status: string, quiet = false): void {
    if (options.length === 0) {
      this.list.replaceChildren();
      if (status) this.head.replaceChildren();
    }
    this.list.hidden = options.length === 0;
    this.input.setAttribute('aria-expanded', String(options.length > 0));
    this.status.textContent = status;
    this.status.classList.toggle('search-status-quiet', quiet);
    this.active = -1;
    this.input.removeAttribute('aria-activedescendant');
  }

  private options(): HTMLElement[] {
    return [...this.list.querySelectorAll<HTMLElement>('[role=option]')];
  }

  private activate(index: number, scroll = true): void {
    const options = this.options();
    options[this.active]?.setAttribute('aria-selected', 'false');
    this.active = index;
    const option = options[index];
    if (!option) return this.input.removeAttribute('aria-activedescendant');
    option.setAttribute('aria-selected', 'true');
    this.input.setAttribute('aria-activedescendant', option.id);
    if (scroll) option.scrollIntoView({ block: 'nearest' });
  }

  private key(event: KeyboardEvent): void {
    const count = this.options().length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      this.activate(this.active < 0 ? (step > 0 ? 0 : count - 1) : (this.active + step + count) % count);
    } else if (event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      const option = this.options()[this.active < 0 ? 0 : this.active] as HTMLAnchorElement | undefined;
      if (!option) return;
      if (option.dataset.query !== undefined) return this.useRecent(option.dataset.query);
      rememberQuery(this.input.value);
      this.count.end();
      announce('folio:search-open', { query: asTold(this.input.value), href: option.href });
      if (event.metaKey || event.ctrlKey) {
        window.open(option.href, '_blank', 'noopener');
        return;
      }
      this.leave();
      location.assign(option.href);
    }
  }

  private useRecent(query: string): void {
    this.input.value = query;
    this.count.typed(query);
    this.input.focus();
    void this.update();
  }
}

/**
 * The search worker (this same script, started as a module worker) once it has the index, or else
 * Pagefind on this page. The worker first searches the first letter of the page's title, so that
 * Pagefind's code has run once before the reader's first keystroke.
 */
async function startSearcher(): Promise<Searcher> {
  const base = document.documentElement.dataset.base ?? '/';
  const title = document.querySelector('h1')?.textContent ?? document.title;
  const warm = /\p{L}|\p{N}/u.exec(title)?.[0]?.toLowerCase() ?? '';
  const lang = document.documentElement.lang;
  const remote = typeof Worker === 'function' ? startWorker(import.meta.url, { base, lang: lang || 'unknown', warm }) : null;
  if (remote && (await remote.ready)) return remote;
  const engine = await loadEngine(base, lang);
  return { find: (query, limit, scope) => findHits(engine, query, limit, scope) };
}

/** The version of the page the dialog was opened on (its search filter label), or the site's default one on a page in none. */
function versionScope(): VersionScope {
  const version = document.querySelector('[data-pagefind-filter^="folio_version"]')?.getAttribute('data-label');
  if (version) return { version };
  const defaultVersion = document.querySelector('[data-folio-default-version]')?.getAttribute('data-folio-default-version');
  return defaultVersion ? { defaultVersion } : {};
}

/** Tell the page what was searched and opened (the analytics beacon listens, when the site has one). */
function announce(type: 'folio:search' | 'folio:search-open', detail: Record<string, unknown>): void {
  document.dispatchEvent(new CustomEvent(type, { detail }));
}

function button(className: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

let instance: SearchDialog | null = null;

const dialogOf = (trigger: HTMLElement) => (instance ??= new SearchDialog(JSON.parse(trigger.dataset.searchOpen || '{}') as DialogText));

/** Open the dialog (made on first use from the button's words); already open, focus its input. */
export function openSearch(trigger: HTMLElement): void {
  dialogOf(trigger).open();
}

/** Start loading Pagefind and the index before the dialog opens (the reader points at the search button). */
export function preloadSearch(trigger: HTMLElement): void {
  void dialogOf(trigger).load();
}

// Started as the search worker (`startSearcher`): answer the page's queries.
if (typeof document === 'undefined' && 'WorkerGlobalScope' in globalThis) serveSearch(self as unknown as Parameters<typeof serveSearch>[0]);
