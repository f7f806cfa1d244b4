/**
 * Comments, suggestions and history in the editor: the side panel listing a page's threads (reply,
 * resolve, delete, accept, reject), the composer for a new comment or suggestion on the selected
 * text, the highlights of the threads' quotes in the source editor, and the page's commits with a
 * diff of each against the current text and "Restore this version". The server keeps it all
 * (`comments.json`, `suggestions.json`, `review.json`, `history.json`, `version.json`, `restore.json`).
 */
import { StateEffect, StateField, type Extension, type Range as MarkRange } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';
import { findAnchor } from './anchors.js';

interface Comment {
  id: string;
  authorId: string | null;
  authorEmail: string;
  body: string;
  createdAt: string;
}
export interface Thread {
  id: string;
  kind: 'comment' | 'suggestion';
  quote: string;
  offset: number;
  replacement: string | null;
  status: 'open' | 'resolved' | 'accepted' | 'rejected';
  authorId: string | null;
  authorEmail: string;
  createdAt: string;
  comments: Comment[];
}
interface Commit {
  commit: string;
  authorName: string;
  authorEmail: string;
  date: number;
  subject: string;
}

/** What the panel needs from the editor around it. */
export interface ReviewHost {
  call<T>(path: string, init?: { json?: unknown; query?: Record<string, string> }): Promise<T>;
  file(): string;
  /** The source editor (its text is what threads are anchored in). */
  view: EditorView;
  /** The selected text and where it starts in the source, in either mode; null with nothing selected. */
  selection(): { quote: string; offset: number } | { problem: string } | null;
  /** Send any unsaved text first (a new thread's quote must be in the saved page). */
  flush(): Promise<void>;
  /** Open the page again (after a restore replaced its text outside the shared document). */
  reopen(): Promise<void>;
  /** In the visual mode: the shown words of the source's `from`–`to` (null in the source mode, or when they cross formatting or blocks). */
  visualRange(from: number, to: number): Range | null;
}

// ------------------------------------------------------------------ highlights in the visual mode

/**
 * The visual mode's highlights are CSS custom highlights (`::highlight(ed-hl-...)` in the editor's
 * styles): ranges painted over the blocks' text without touching their DOM, which ProseMirror owns.
 */
const VISUAL_HIGHLIGHTS = { comment: 'ed-hl-comment', suggestion: 'ed-hl-del' } as const;
/** The painted range of each open thread, to find the thread under a click. */
let painted: { id: string; range: Range }[] = [];

function paintVisual(host: ReviewHost, threads: Thread[]): void {
  if (typeof CSS === 'undefined' || !('highlights' in CSS)) return;
  const text = host.view.state.doc.toString();
  painted = [];
  const byKind = { comment: [] as Range[], suggestion: [] as Range[] };
  for (const t of threads) {
    if (t.status !== 'open') continue;
    const at = findAnchor(text, t.quote, t.offset);
    const range = at && host.visualRange(at.from, at.to);
    if (!range) continue;
    byKind[t.kind].push(range);
    painted.push({ id: t.id, range });
  }
  for (const kind of ['comment', 'suggestion'] as const) CSS.highlights.set(VISUAL_HIGHLIGHTS[kind], new Highlight(...byKind[kind]));
}

/** The open thread whose highlighted words are under the point, in the visual mode. */
function threadAt(x: number, y: number): string | null {
  const caret = document.caretRangeFromPoint?.(x, y);
  if (!caret) return null;
  return painted.find((p) => p.range.isPointInRange(caret.startContainer, caret.startOffset))?.id ?? null;
}

// ------------------------------------------------------------------ highlights in the source

const setThreads = StateEffect.define<Thread[]>();

class Inserted extends WidgetType {
  constructor(readonly text: string) {
    super();
  }
  override eq(other: Inserted) {
    return other.text === this.text;
  }
  toDOM() {
    const span = document.createElement('span');
    span.className = 'ed-hl-ins';
    span.textContent = this.text;
    return span;
  }
}

function decorationsOf(text: string, threads: Thread[]): DecorationSet {
  const marks: MarkRange<Decoration>[] = [];
  for (const t of threads) {
    if (t.status !== 'open') continue;
    const range = findAnchor(text, t.quote, t.offset);
    if (!range) continue;
    const attributes = { 'data-thread': t.id };
    if (t.kind === 'comment') marks.push(Decoration.mark({ class: 'ed-hl-comment', attributes }).range(range.from, range.to));
    else {
      marks.push(Decoration.mark({ class: 'ed-hl-del', attributes }).range(range.from, range.to));
      marks.push(Decoration.widget({ widget: new Inserted(t.replacement ?? ''), side: 1 }).range(range.to));
    }
  }
  return Decoration.set(marks, true);
}

/** The source editor's extension: open threads' quotes highlighted (mapped through edits), a click opens the thread. */
export function reviewExtension(onOpen: (id: string) => void): Extension {
  const field = StateField.define<DecorationSet>({
    create: () => Decoration.none,
    update(deco, tr) {
      for (const e of tr.effects) if (e.is(setThreads)) return decorationsOf(tr.state.doc.toString(), e.value);
      return deco.map(tr.changes);
    },
    provide: (f) => EditorView.decorations.from(f),
  });
  return [
    field,
    EditorView.domEventHandlers({
      click(event) {
        const id = (event.target as HTMLElement).closest<HTMLElement>('[data-thread]')?.dataset.thread;
        if (id) onOpen(id);
        return false;
      },
    }),
  ];
}

// ------------------------------------------------------------------ the panel

/** An element with properties (`className`, `type`, `title`…) and children. */
const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string | boolean> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] => {
  const node: HTMLElementTagNameMap[K] = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** "3m", "2h", "5d" ago, as the platform's threads show it. */
function ago(iso: string | number): string {
  const s = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return 'now';
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}
const nameOf = (email: string) => email.split('@')[0] || email;

const SVG = 'http://www.w3.org/2000/svg';
/** Line icons drawn in the page (an emoji such as 🗑 shows as an empty box where no emoji font is installed). */
const ICONS = {
  check: ['M3.5 8.5l3 3 6-7'],
  trash: ['M2.5 4.5h11', 'M6 4.5V3h4v1.5', 'M4 4.5l.7 9h6.6l.7-9', 'M6.8 7v4.5M9.2 7v4.5'],
} as const;

function icon(name: keyof typeof ICONS): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '1.5');
  svg.setAttribute('stroke-linecap', 'round');
  svg.setAttribute('stroke-linejoin', 'round');
  svg.setAttribute('aria-hidden', 'true');
  for (const d of ICONS[name]) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

function avatar(email: string): HTMLElement {
  return el('span', { className: 'ed-avatar', ariaHidden: 'true' }, nameOf(email).slice(0, 1).toUpperCase());
}

export class ReviewPanel {
  private threads: Thread[] = [];
  private you = '';
  private canDecide = false;
  private isOwner = false;
  /** Suggesting mode: the source is read-only and a selection becomes a suggestion. */
  suggesting = false;
  private readonly panel: HTMLElement;
  private readonly list: HTMLElement;
  private readonly composer: HTMLFormElement;
  private readonly history: HTMLElement;

  constructor(private readonly host: ReviewHost) {
    this.panel = document.getElementById('ed-review')!;
    this.list = document.getElementById('ed-threads')!;
    this.composer = document.getElementById('ed-composer') as HTMLFormElement;
    this.history = document.getElementById('ed-history')!;
    this.composer.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.submitComposer();
    });
    this.composer.querySelector('.ed-composer-cancel')!.addEventListener('click', () => (this.composer.hidden = true));
    enterSubmits(this.composer.querySelector('textarea[name=body]')!, () => void this.submitComposer());
    // A click on highlighted words in the visual mode opens their thread, as in the source mode.
    document.getElementById('ed-visual')?.addEventListener('click', (e) => {
      const id = threadAt(e.clientX, e.clientY);
      if (id) this.focus(id);
    });
  }

  /** Show the panel on `tab` (or hide it). */
  show(tab: 'comments' | 'history' | null): void {
    this.panel.hidden = tab === null;
    document.getElementById('ed-review-title')!.textContent = tab === 'history' ? 'History' : 'Comments';
    document.getElementById('ed-review-toggle')!.setAttribute('aria-pressed', String(tab === 'comments'));
    document.getElementById('ed-history-toggle')!.setAttribute('aria-pressed', String(tab === 'history'));
    document.getElementById('ed-review-comments')!.hidden = tab !== 'comments';
    this.history.hidden = tab !== 'history';
    if (tab === 'history') void this.loadHistory();
  }

  get open(): 'comments' | 'history' | null {
    return this.panel.hidden ? null : this.history.hidden ? 'comments' : 'history';
  }

  /** Load the page's threads and draw them (and their highlights). */
  async load(): Promise<void> {
    const file = this.host.file();
    if (!/\.mdx?$/i.test(file)) {
      this.threads = [];
      this.draw();
      return;
    }
    const answer = await this.host.call<{ threads: Thread[]; you: string; canDecide: boolean; isOwner: boolean }>('comments.json', { query: { file } });
    this.threads = answer.threads;
    this.you = answer.you;
    this.canDecide = answer.canDecide;
    this.isOwner = answer.isOwner;
    this.draw();
  }

  /** Draw the highlights again (a new editor state for another page has none). */
  highlight(): void {
    this.host.view.dispatch({ effects: setThreads.of(this.threads) });
    paintVisual(this.host, this.threads);
  }

  /** Start a comment (or, in suggesting mode, a suggestion) on the selected text. */
  compose(): void {
    const picked = this.host.selection();
    const problem = this.composer.querySelector<HTMLElement>('.ed-composer-problem')!;
    this.show('comments');
    this.composer.hidden = false;
    problem.textContent = '';
    if (!picked || 'problem' in picked) {
      problem.textContent = picked ? picked.problem : 'Select some text of the page first.';
      this.composer.dataset.quote = '';
      return;
    }
    this.composer.dataset.quote = picked.quote;
    this.composer.dataset.offset = String(picked.offset);
    this.composer.querySelector('.ed-composer-quote')!.textContent = picked.quote;
    const replacement = this.composer.querySelector<HTMLTextAreaElement>('textarea[name=replacement]')!;
    replacement.closest('label')!.hidden = !this.suggesting;
    replacement.value = picked.quote;
    const body = this.composer.querySelector<HTMLTextAreaElement>('textarea[name=body]')!;
    body.placeholder = this.suggesting ? 'Why (optional)' : 'Add a comment…';
    body.value = '';
    this.composer.querySelector('button[type=submit]')!.textContent = this.suggesting ? 'Suggest' : 'Comment';
    (this.suggesting ? replacement : body).focus();
  }

  private async submitComposer(): Promise<void> {
    const quote = this.composer.dataset.quote ?? '';
    if (!quote) return;
    const problem = this.composer.querySelector<HTMLElement>('.ed-composer-problem')!;
    const body = this.composer.querySelector<HTMLTextAreaElement>('textarea[name=body]')!.value;
    const replacement = this.composer.querySelector<HTMLTextAreaElement>('textarea[name=replacement]')!.value;
    const offset = Number(this.composer.dataset.offset);
    await this.host.flush();
    try {
      if (this.suggesting) await this.host.call('suggestions.json', { json: { file: this.host.file(), quote, offset, replacement, body } });
      else await this.host.call('comments.json', { json: { file: this.host.file(), action: 'create', quote, offset, body } });
    } catch (err) {
      problem.textContent = refusalText(err);
      return;
    }
    this.composer.hidden = true;
    await this.load();
  }

  /** Bring a thread into view in the panel. */
  focus(id: string): void {
    this.show('comments');
    const card = this.list.querySelector<HTMLElement>(`[data-thread-card="${id}"]`);
    if (!card) return;
    for (const c of this.list.querySelectorAll('.ed-thread.active')) c.classList.remove('active');
    card.classList.add('active');
    card.scrollIntoView({ block: 'nearest' });
    card.querySelector<HTMLInputElement>('.ed-reply')?.focus();
  }

  private draw(): void {
    this.highlight();
    const text = this.host.view.state.doc.toString();
    const open = this.threads.filter((t) => t.status === 'open');
    const resolved = this.threads.filter((t) => t.status === 'resolved');
    document.getElementById('ed-review-count')!.textContent = open.length ? String(open.length) : '';
    const cards = open.map((t) => this.card(t, findAnchor(text, t.quote, t.offset) !== null));
    if (!cards.length) cards.push(el('p', { className: 'ed-muted' }, 'No open comments or suggestions on this page. Select text, then Comment.'));
    if (resolved.length) {
      const details = el('details', { className: 'ed-resolved' }, el('summary', {}, `Resolved (${resolved.length})`), ...resolved.map((t) => this.card(t, true)));
      cards.push(details);
    }
    this.list.replaceChildren(...cards);
  }

  private card(t: Thread, placed: boolean): HTMLElement {
    const card = el('article', { className: `ed-thread ed-thread-${t.kind}` });
    card.dataset.threadCard = t.id;
    const head = el('div', { className: 'ed-thread-quote' });
    if (t.kind === 'suggestion') head.append(el('del', {}, t.quote), ' → ', el('ins', {}, t.replacement ?? ''));
    else head.append(el('span', {}, t.quote));
    if (!placed) head.append(el('span', { className: 'ed-muted' }, ' (text changed)'));
    head.addEventListener('click', () => this.reveal(t));
    card.append(head);
    const tools = el('div', { className: 'ed-thread-tools' });
    // A round icon button, or with `text` a labelled one (Accept, Reject, Reopen).
    const button = (look: keyof typeof ICONS | { text: string; accept?: boolean }, title: string, action: () => Promise<unknown>) => {
      const b = el('button', { type: 'button', className: typeof look === 'string' ? 'ed-tool' : `ed-tool wide${look.accept ? ' accept' : ''}`, title, ariaLabel: title });
      if (typeof look === 'string') b.append(icon(look));
      else b.append(...(look.accept ? [icon('check')] : []), look.text);
      b.addEventListener('click', () => void this.act(action));
      tools.append(b);
    };
    if (t.kind === 'suggestion' && t.status === 'open' && this.canDecide) {
      button({ text: 'Accept', accept: true }, 'Accept suggestion', () => this.host.call('review.json', { json: { file: this.host.file(), action: 'accept', threadId: t.id } }));
      button({ text: 'Reject' }, 'Reject suggestion', () => this.host.call('review.json', { json: { file: this.host.file(), action: 'reject', threadId: t.id } }));
    }
    if (this.isOwner || t.authorId === this.you) button('trash', t.kind === 'suggestion' ? 'Delete suggestion' : 'Delete thread', () => this.host.call('comments.json', { json: { file: this.host.file(), action: 'delete', threadId: t.id } }));
    if (t.kind === 'comment' && this.canDecide) {
      const resolve = t.status === 'open';
      button(resolve ? 'check' : { text: 'Reopen' }, resolve ? 'Resolve thread' : 'Reopen thread', () => this.host.call('review.json', { json: { file: this.host.file(), action: resolve ? 'resolve' : 'reopen', threadId: t.id } }));
    }
    if (t.kind === 'suggestion') card.append(byline(t.authorEmail, t.createdAt, tools));
    t.comments.forEach((c, i) => {
      const row = el('div', { className: 'ed-comment' }, byline(c.authorEmail, c.createdAt, i === 0 && t.kind === 'comment' ? tools : null), el('p', {}, c.body));
      if (i > 0 && (this.isOwner || c.authorId === this.you)) {
        const del = el('button', { type: 'button', className: 'ed-tool ed-comment-del', title: 'Delete reply', ariaLabel: 'Delete reply' }, icon('trash'));
        del.addEventListener('click', () => void this.act(() => this.host.call('comments.json', { json: { file: this.host.file(), action: 'delete', threadId: t.id, commentId: c.id } })));
        row.append(del);
      }
      card.append(row);
    });
    if (t.status === 'open') {
      const reply = el('input', { type: 'text', className: 'ed-reply', placeholder: 'Add a reply…' });
      reply.setAttribute('aria-label', 'Reply');
      enterSubmits(reply, () => {
        const body = reply.value;
        if (body.trim()) void this.act(() => this.host.call('comments.json', { json: { file: this.host.file(), action: 'reply', threadId: t.id, body } }));
      });
      card.append(el('div', { className: 'ed-reply-row' }, avatar(this.youEmail()), reply));
    }
    return card;
  }

  private youEmail(): string {
    return document.getElementById('editor-app')!.dataset.user ?? '';
  }

  /** Select a thread's quote in the source. */
  private reveal(t: Thread): void {
    const range = findAnchor(this.host.view.state.doc.toString(), t.quote, t.offset);
    if (range) this.host.view.dispatch({ selection: { anchor: range.from, head: range.to }, scrollIntoView: true });
  }

  private async act(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (err) {
      alertProblem(refusalText(err));
    }
    await this.load();
  }

  // ---------------------------------------------------------------- history

  private async loadHistory(): Promise<void> {
    const list = document.getElementById('ed-commits')!;
    const diff = document.getElementById('ed-diff')!;
    diff.replaceChildren();
    list.replaceChildren(el('li', { className: 'ed-muted' }, 'Loading…'));
    try {
      const { commits } = await this.host.call<{ commits: Commit[] }>('history.json', { query: { file: this.host.file() } });
      list.replaceChildren(
        ...commits.map((c) => {
          const b = el('button', { type: 'button', className: 'ed-commit' }, el('strong', {}, c.subject || '(no message)'), el('span', { className: 'ed-muted' }, `${c.authorName} · ${new Date(c.date).toLocaleString()}`));
          b.dataset.commit = c.commit;
          b.addEventListener('click', () => void this.showVersion(c));
          return el('li', {}, b);
        }),
      );
      if (!commits.length) list.replaceChildren(el('li', { className: 'ed-muted' }, 'This page has no commits on the branch yet.'));
    } catch (err) {
      list.replaceChildren(el('li', { className: 'ed-problem' }, refusalText(err)));
    }
  }

  private async showVersion(c: Commit): Promise<void> {
    const diff = document.getElementById('ed-diff')!;
    for (const b of document.querySelectorAll('.ed-commit')) b.setAttribute('aria-pressed', String((b as HTMLElement).dataset.commit === c.commit));
    await this.host.flush();
    try {
      const version = await this.host.call<{ diff: { op: 'same' | 'add' | 'del'; text: string }[] }>('version.json', { query: { file: this.host.file(), commit: c.commit } });
      const changed = version.diff.some((d) => d.op !== 'same');
      const restore = el('button', { type: 'button', className: 'btn small', id: 'ed-restore' }, 'Restore this version');
      restore.disabled = !changed;
      restore.addEventListener('click', async () => {
        restore.disabled = true;
        try {
          await this.host.call('restore.json', { json: { file: this.host.file(), commit: c.commit } });
          await this.host.reopen();
          diff.prepend(el('p', { className: 'ed-muted', role: 'status' }, 'Restored as a draft: publish to commit it.'));
        } catch (err) {
          alertProblem(refusalText(err));
        }
      });
      const lines = el('pre', { className: 'ed-diff-lines', ariaLabel: 'Changes since this version' });
      for (const d of version.diff) lines.append(el('span', { className: `ed-diff-${d.op}` }, `${d.op === 'add' ? '+ ' : d.op === 'del' ? '- ' : '  '}${d.text}\n`));
      diff.replaceChildren(el('p', { className: 'ed-muted' }, changed ? `From ${c.commit.slice(0, 8)} to the current text: − removed since, + added since.` : 'The current text is this version.'), restore, lines);
    } catch (err) {
      diff.replaceChildren(el('p', { className: 'ed-problem' }, refusalText(err)));
    }
  }
}

function byline(email: string, at: string, tools: HTMLElement | null): HTMLElement {
  const line = el('div', { className: 'ed-byline' }, avatar(email), el('strong', {}, nameOf(email)), el('span', { className: 'ed-muted' }, ago(at)));
  if (tools) line.append(tools);
  return line;
}

/** Enter sends (Shift+Enter is a new line), as the platform's comment boxes do. */
function enterSubmits(input: HTMLInputElement | HTMLTextAreaElement, send: () => void): void {
  input.addEventListener('keydown', (e) => {
    const key = e as KeyboardEvent;
    if (key.key === 'Enter' && !key.shiftKey && !key.isComposing) {
      key.preventDefault();
      send();
    }
  });
}

function refusalText(err: unknown): string {
  const e = err as Error & { code?: string };
  return e.code ? `${e.message} (${e.code})` : e.message;
}

function alertProblem(text: string): void {
  const problems = document.getElementById('ed-problems');
  if (problems) problems.textContent = text;
}
