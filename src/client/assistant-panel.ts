/**
 * The assistant island (`assets/assistant.<hash>.js`), loaded by `assistant-loader.ts` when the
 * reader first opens it: a side panel (a modal dialog; full screen on phones) or, on a
 * `mode: assistant` page, the page itself. It asks the site's own routes
 * (`<base>/__folio/assistant/session` for the page token and starter questions, `.../message` for
 * the answer), draws the answer as it streams, then its sources and a thumbs up / down pair
 * (`.../rating`: the reader's rating of that answer, for the dashboard's satisfaction figures). The
 * log is `role=log`; an answer is `aria-busy` while it streams, so screen readers read it once, whole.
 */
import { renderAnswer } from './assistant-markdown.js';
import { readParts, type StreamPart } from './assistant-stream.js';

interface Session {
  enabled: boolean;
  token?: string;
  starterQuestions?: string[];
}

/** The panel's words: English here, the page's language from the header's Ask button (`render/assistant-strings.ts`). */
const ENGLISH = {
  ask: 'Ask a question',
  title: 'Assistant',
  newChat: 'New chat',
  close: 'Close assistant',
  send: 'Send',
  log: 'Conversation',
  intro: 'Ask anything about these docs. Answers link to the pages they come from.',
  starters: 'Suggested questions',
  searching: 'Searching the docs…',
  sources: 'Sources',
  foot: 'Answers come from these docs and may be wrong; check the linked pages.',
  copy: 'Copy',
  copied: 'Copied',
  unreachable: 'The assistant could not be reached; check your connection and try again.',
  failed: 'The answer failed; try again in a moment.',
  status: 'The assistant could not answer (error {n}).',
  rateLimited: 'Too many questions in a short time; wait a minute and ask again.',
  budget: 'The assistant has answered all it can for today; search the docs meanwhile.',
  rate: 'Was this answer helpful?',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  rated: 'Thanks for your feedback.',
};
const words: typeof ENGLISH = (() => {
  try {
    return { ...ENGLISH, ...(JSON.parse(document.querySelector<HTMLElement>('[data-assistant-text]')?.dataset.assistantText ?? '{}') as Partial<typeof ENGLISH>) };
  } catch {
    return ENGLISH;
  }
})();

const script = import.meta.url;
const api = (route: string) => new URL(`../__folio/assistant/${route}`, script).href;
/** The site path of this page (the base path left out), as the assistant's `currentPath`. */
const currentPath = () => {
  const base = new URL('..', script).pathname.replace(/\/$/, '');
  return location.pathname.startsWith(base) ? location.pathname.slice(base.length) || '/' : location.pathname;
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

/** Lucide's thumbs-up; the thumbs-down is the same glyph turned over (CSS). */
const THUMB = '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M7 10v12"/><path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z"/></svg>';
const COPY = '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><rect x="9" y="9" width="13" height="13" rx="2"/><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"/></svg>';
/**
 * The rules of what only this island draws (answer actions, source cards, code token colours),
 * added once when the panel is first made: the site's stylesheet is built before the island
 * loads, and these ride with the only code that uses them. Colours are the site's variables, so
 * light, dark and themes apply; token colours are GitHub's light and dark ones, as the site's
 * default code theme.
 */
const PANEL_CSS = `.assistant-actions{display:flex;align-items:center;gap:2px;margin-top:6px;color:var(--fg-soft);font-size:13px}
.assistant-thumb{display:inline-flex;align-items:center;justify-content:center;width:30px;height:30px;padding:0;border:0;border-radius:8px;background:none;color:var(--fg-soft);cursor:pointer}
.assistant-thumb:hover{color:var(--fg);background:var(--bg-muted)}
.assistant-thumb[aria-pressed=true]{color:var(--accent-text);background:color-mix(in srgb,var(--accent) 12%,var(--bg))}
.assistant-thumb[data-rating=down] svg{transform:rotate(180deg)}
.assistant-actions output{margin-left:6px;color:var(--fg-soft)}
.assistant-sources{border:0;padding-top:4px}
.assistant-sources ul{list-style:none;padding:0;display:flex;flex-direction:column;gap:6px}
.assistant-sources a.assistant-source{display:flex;flex-direction:column;padding:8px 12px;border:1px solid var(--border);border-radius:10px;text-decoration:none;color:var(--fg);background:var(--bg)}
.assistant-sources a.assistant-source:hover{border-color:var(--accent)}
.assistant-source b{font-weight:600;font-size:14px}
.assistant-source small{color:var(--fg-muted);font-size:12px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tk-k{color:#cf222e}.tk-s{color:#0a3069}.tk-c{color:#6e7781;font-style:italic}.tk-n{color:#0550ae}.tk-f{color:#8250df}
[data-theme=dark] .tk-k{color:#ff7b72}[data-theme=dark] .tk-s{color:#a5d6ff}[data-theme=dark] .tk-c{color:#8b949e}[data-theme=dark] .tk-n{color:#79c0ff}[data-theme=dark] .tk-f{color:#d2a8ff}`;
let styled = false;

let session: Promise<Session> | null = null;
const getSession = (fresh = false) => {
  if (fresh || !session) session = fetch(api('session'), { cache: 'no-store' }).then((r) => (r.ok ? (r.json() as Promise<Session>) : { enabled: false }));
  return session;
};

/** One conversation's panel: the log, the starters and the question box. */
class Chat {
  readonly root = el('div', { class: 'assistant-panel' });
  private readonly log = el('div', { class: 'assistant-log', role: 'log', 'aria-live': 'polite', 'aria-label': words.log });
  private readonly input = el('textarea', { class: 'assistant-input', rows: '1', placeholder: `${words.ask}…`, 'aria-label': words.ask, maxlength: '2000' });
  private readonly send = el('button', { type: 'submit', class: 'assistant-send', 'aria-label': words.send });
  private threadId: string | null = null;
  private busy = false;

  constructor(head: HTMLElement | null) {
    if (!styled) {
      styled = true;
      document.head.append(el('style', {}, PANEL_CSS));
    }
    const form = el('form', { class: 'assistant-form' });
    form.append(this.input, el('kbd', { class: 'assistant-kbd', 'aria-hidden': 'true' }, /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘I' : 'Ctrl I'), this.send);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.ask(this.input.value);
    });
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        void this.ask(this.input.value);
      }
    });
    this.input.addEventListener('input', () => {
      this.input.style.height = 'auto';
      this.input.style.height = `${Math.min(this.input.scrollHeight, 160)}px`;
    });
    this.root.addEventListener('click', (e) => {
      const button = (e.target as Element).closest<HTMLElement>('[data-assistant-copy]');
      const code = button?.closest('.assistant-code')?.querySelector('code');
      if (!button || !code) return;
      void navigator.clipboard?.writeText(code.innerText).then(() => {
        button.textContent = words.copied;
        setTimeout(() => (button.textContent = words.copy), 1500);
      });
    });
    if (head) this.root.append(head);
    this.root.append(this.log, form, el('p', { class: 'assistant-foot' }, words.foot));
    void this.intro();
  }

  focus(): void {
    this.input.focus();
  }

  /** Start over: a new thread, the starters again. */
  reset(): void {
    if (this.busy) return;
    this.threadId = null;
    this.log.replaceChildren();
    void this.intro();
    this.focus();
  }

  private async intro(): Promise<void> {
    const intro = el('div', { class: 'assistant-intro' });
    intro.append(el('p', {}, words.intro));
    this.log.append(intro);
    const { starterQuestions = [] } = await getSession().catch(() => ({ enabled: false }) as Session);
    if (!starterQuestions.length) return;
    const list = el('div', { class: 'assistant-starters', role: 'group', 'aria-label': words.starters });
    for (const q of starterQuestions) {
      const b = el('button', { type: 'button', class: 'assistant-starter' }, q);
      b.addEventListener('click', () => void this.ask(q));
      list.append(b);
    }
    intro.append(list);
  }

  async ask(text: string): Promise<void> {
    const question = text.trim();
    if (!question || this.busy) return;
    this.busy = true;
    this.send.disabled = true;
    this.input.value = '';
    this.input.style.height = '';
    this.log.querySelector('.assistant-intro')?.remove();
    this.log.append(el('div', { class: 'assistant-msg assistant-user' }, question));
    const answer = el('div', { class: 'assistant-msg assistant-answer', 'aria-busy': 'true' });
    const body = el('div', { class: 'assistant-text' });
    body.append(el('span', { class: 'assistant-typing' }, words.searching));
    answer.append(body);
    this.log.append(answer);
    answer.scrollIntoView({ block: 'nearest' });
    try {
      await this.stream(question, answer, body);
    } catch {
      this.fail(answer, words.unreachable);
    }
    answer.setAttribute('aria-busy', 'false');
    this.busy = false;
    this.send.disabled = false;
  }

  private async stream(question: string, answer: HTMLElement, body: HTMLElement): Promise<void> {
    let res: Response | null = null;
    for (const fresh of [false, true]) {
      const { token = '' } = await getSession(fresh);
      res = await fetch(api('message'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Folio-Page-Token': token },
        body: JSON.stringify({ fp: 'anonymous', threadId: this.threadId, currentPath: currentPath(), messages: [{ id: String(Date.now()), role: 'user', parts: [{ type: 'text', text: question }] }] }),
      });
      // An expired page token (a tab left open): fetch a fresh one once.
      if (res.status !== 403) break;
    }
    if (!res!.ok || !res!.body) {
      // The server's own message is English: the reader gets the page's language, by the refusal's code.
      const problem = (await res!.json().catch(() => null)) as { code?: string } | null;
      const code = problem?.code;
      this.fail(answer, code === 'ASSISTANT_RATE_LIMITED' ? words.rateLimited : code === 'ASSISTANT_BUDGET_EXHAUSTED' ? words.budget : words.status.replace('{n}', String(res!.status)));
      return;
    }
    let text = '';
    let frame = 0;
    const draw = () => {
      frame = 0;
      body.innerHTML = renderAnswer(text);
    };
    const sources: StreamPart[] = [];
    let messageId = '';
    let finished = false;
    await readParts(res!.body, (part) => {
      if (part.type === 'start' && part.messageId) messageId = part.messageId;
      else if (part.type === 'finish') finished = part.outcome !== 'error';
      if (part.type === 'text-delta' && part.delta) {
        text += part.delta;
        frame ||= requestAnimationFrame(draw);
      } else if (part.type === 'source-url') sources.push(part);
      else if (part.type === 'error') this.fail(answer, words.failed);
      else if (part.type === 'finish' && part.threadId) this.threadId = part.threadId;
    });
    if (frame) cancelAnimationFrame(frame);
    draw();
    if (sources.length) {
      const box = el('div', { class: 'assistant-sources' });
      const list = el('ul');
      for (const s of sources) {
        // A card per cited page: its title, and where it is (the site path, or the other site's host).
        const href = s.url ?? '#';
        const at = new URL(href, location.href);
        const card = el('a', { href, class: 'assistant-source' });
        card.append(el('b', {}, s.title ?? href), el('small', {}, at.origin === location.origin ? at.pathname : at.host));
        const li = el('li');
        li.append(card);
        list.append(li);
      }
      box.append(el('p', {}, words.sources), list);
      answer.append(box);
    }
    // Copy, and (a failed answer is not kept by the server: nothing to rate) the thumbs.
    if (text) answer.append(actions(text, messageId && finished ? messageId : null));
  }

  private fail(answer: HTMLElement, message: string): void {
    answer.querySelector('.assistant-typing')?.remove();
    answer.append(el('p', { class: 'assistant-error', role: 'alert' }, message));
  }
}

/**
 * The row under an answer: copy its text (the Markdown, as a reader pastes it into an issue) and,
 * for a finished answer the server kept, the thumbs: two toggle buttons (`aria-pressed`); pressing
 * the pressed one takes the rating back. Sent at once with the page token (a fresh one once, if it
 * expired); a refused rating puts the buttons back as they were.
 */
function actions(text: string, messageId: string | null): HTMLElement {
  const group = el('div', { class: 'assistant-actions assistant-rate', role: 'group', 'aria-label': words.rate });
  const note = el('output', { 'aria-live': 'polite' });
  const copy = el('button', { type: 'button', class: 'assistant-thumb', 'data-assistant-copy-answer': '', 'aria-label': words.copy, title: words.copy });
  copy.innerHTML = COPY;
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(text).then(() => {
      note.textContent = words.copied;
      setTimeout(() => note.textContent === words.copied && (note.textContent = ''), 1500);
    });
  });
  group.append(copy);
  if (!messageId) return group.append(note), group;
  const thumbs = (['up', 'down'] as const).map((value) => {
    const b = el('button', { type: 'button', class: 'assistant-thumb', 'data-rating': value, 'aria-pressed': 'false', 'aria-label': value === 'up' ? words.helpful : words.notHelpful, title: value === 'up' ? words.helpful : words.notHelpful });
    b.innerHTML = THUMB;
    return b;
  });
  const show = (value: string | null) => thumbs.forEach((t) => t.setAttribute('aria-pressed', String(t.dataset.rating === value)));
  for (const thumb of thumbs) {
    thumb.addEventListener('click', () => {
      const before = thumbs.find((t) => t.getAttribute('aria-pressed') === 'true')?.dataset.rating ?? null;
      const value = before === thumb.dataset.rating ? null : thumb.dataset.rating!;
      show(value);
      void postRating(messageId, value).then((ok) => {
        if (!ok) show(before);
        note.textContent = ok && value ? words.rated : '';
      });
    });
  }
  group.append(...thumbs, note);
  return group;
}

async function postRating(messageId: string, value: string | null): Promise<boolean> {
  try {
    for (const fresh of [false, true]) {
      const { token = '' } = await getSession(fresh);
      const res = await fetch(api('rating'), { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Folio-Page-Token': token }, body: JSON.stringify({ messageId, rating: value }) });
      if (res.status !== 403) return res.ok;
    }
  } catch {
    // Offline: the buttons go back.
  }
  return false;
}

let dialog: HTMLDialogElement | null = null;
let opener: HTMLElement | null = null;

/** Open the side panel (made on first use); focus returns to `trigger` when it closes. */
export function openAssistant(trigger: HTMLElement | null, question?: string): void {
  opener = trigger;
  if (!dialog) {
    dialog = el('dialog', { class: 'assistant-dialog', 'aria-labelledby': 'assistant-title' });
    const head = el('div', { class: 'assistant-head' });
    const fresh = el('button', { type: 'button', class: 'assistant-new' }, words.newChat);
    const close = el('button', { type: 'button', class: 'assistant-close', 'aria-label': words.close }, '×');
    head.append(el('h2', { id: 'assistant-title', class: 'assistant-title' }, words.title), fresh, close);
    const chat = new Chat(head);
    fresh.addEventListener('click', () => chat.reset());
    close.addEventListener('click', () => dialog!.close());
    dialog.addEventListener('close', () => opener?.focus());
    // A click on the backdrop (outside the panel) closes it.
    dialog.addEventListener('click', (e) => e.target === dialog && dialog?.close());
    dialog.append(chat.root);
    document.body.append(dialog);
    (dialog as HTMLDialogElement & { chat?: Chat }).chat = chat;
  }
  const chat = (dialog as HTMLDialogElement & { chat?: Chat }).chat!;
  if (!dialog.open) dialog.showModal();
  chat.focus();
  if (question) void chat.ask(question);
}

/** Make a `mode: assistant` page's entry the assistant itself. */
export function mountAssistant(container: HTMLElement): void {
  const chat = new Chat(null);
  chat.root.classList.add('assistant-inline');
  container.querySelector('[data-assistant-entry]')?.replaceWith(chat.root);
  container.querySelector('.assistant-note')?.remove();
}
