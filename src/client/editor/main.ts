/**
 * The web editor in the browser (dashboard page `/projects/<id>/editor`): the navigation sidebar, the
 * Markdown/MDX source in CodeMirror 6, the live preview frame, page settings, pages and images, and
 * the publish menu. Every change is saved to the server as the writer types (the server keeps the
 * drafts); the preview is the server's render of the saved text.
 */
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { markdown } from '@codemirror/lang-markdown';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { yCollab } from 'y-codemirror.next';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { splitBlocks, type Block } from './blocks.js';
import { frontmatterOf, setFrontmatter } from './frontmatter.js';
import { renderArrange, type NavOutline } from './nav-arrange.js';
import { richBodyOf, type RichContext } from './rich-text.js';
import { formatToolbar, restoreCaret, richBlock, type RichBlock } from './rich-view.js';
import { findAnchor } from './anchors.js';
import { applyEdits, type TextEdit } from './components/block-ops.js';
import { blockTools } from './components/handle.js';
import { followSiteLook } from './components/site-style.js';
import { parseElement } from './components/tree.js';
import { codeBlockView, componentView, IMAGE } from './components/view.js';
import { assetUrl } from './components/sanitize.js';
import { installVisualStyles } from './components/visual-css.js';
import { branchMenu } from './branch-menu.js';
import { mountManagers } from './managers.js';
import { ReviewPanel, reviewExtension } from './review.js';
import { PAGE_FIELDS, readSiteSettings, SITE_FIELDS, writeSiteSettings, type SiteSettings } from './site-settings.js';
import { frontmatter, sourceTheme } from './source-theme.js';

type NavItem = { type: 'group'; name: string; children: NavItem[] } | { type: 'page'; title: string; file: string; href: string; draft: boolean } | { type: 'other'; title: string };
interface Problem {
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
}
interface Preview {
  ok: boolean;
  version: number;
  diagnostics: Problem[];
}
interface State {
  branch: string;
  deploymentBranch: string;
  branches: string[];
  navigation: { sections: { label: string; items: NavItem[] }[]; hidden: NavItem[]; problems: string[] };
  /** docs.json's navigation with ids, for the arrange mode (null: docs.json does not parse). */
  outline: NavOutline | null;
  drafts: { path: string; change: string }[];
}

const app = document.getElementById('editor-app')!;
const api = app.dataset.api!;
const csrf = app.dataset.csrf!;
const deploymentBranch = app.dataset.deploymentBranch!;
const components = (app.dataset.components ?? '').split(',').filter(Boolean);
const maxText = Number(app.dataset.maxText ?? 2097152);
/** `folio dev`'s editor: saves write the files; no branches, publishing or shared editing (the page leaves their controls out). */
const local = app.dataset.local === '1';
/** A member without edit rights (a viewer): the page is read, commented and suggested on, never saved; no shared editing (its route is a write). */
const readOnlyPage = app.dataset.readOnly === '1';
/** In folio dev: the hash of each file's text as last read or saved, sent with a save (a file changed on disk since is not overwritten unasked). */
const baseHashes = new Map<string, string>();
/** The file whose last save was refused because it changed on disk: opening a page or leaving does not write it over that change (typing again does). */
let changedOnDisk: string | null = null;
let branch = app.dataset.branch!;
let file = app.dataset.file ?? '';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = $('ed-status');
const problems = $('ed-problems');
const frame = $<HTMLIFrameElement>('ed-preview');
/**
 * docs.json's entry in the outline and its settings form: only where the Site configuration manager is
 * not (folio dev, a viewer); in the dashboard the manager is the one way to the site's settings.
 */
const siteEntry = document.getElementById('ed-docs-json');
const siteSettings = document.getElementById('ed-site-settings') as HTMLFormElement | null;
let managers: ReturnType<typeof mountManagers> | null = null;

/** A refusal of the server, with its code. */
class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: { method?: string; json?: unknown; body?: BodyInit; query?: Record<string, string>; signal?: AbortSignal } = {}): Promise<T> {
  const url = new URL(`${api}/${path}`, location.href);
  url.searchParams.set('branch', branch);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { 'x-csrf-token': csrf };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ branch, ...(init.json as object) });
  }
  const res = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, credentials: 'same-origin', signal: init.signal });
  const data = (await res.json().catch(() => null)) as { error?: { code: string; message: string; details?: unknown } } | null;
  if (!res.ok || !data) throw new Refused(data?.error?.code ?? `HTTP_${res.status}`, data?.error?.message ?? `The server answered ${res.status}.`, data?.error?.details);
  return data as T;
}

function setStatus(text: string, error = false): void {
  status.textContent = text;
  status.classList.toggle('error', error);
}

// ------------------------------------------------------------------ source editor

function completeComponents(context: CompletionContext): CompletionResult | null {
  const word = context.matchBefore(/<\/?[A-Za-z]*/);
  if (!word || (word.from === word.to && !context.explicit)) return null;
  const closing = word.text.startsWith('</');
  return {
    from: word.from + (closing ? 2 : 1),
    options: components.map((name) => ({ label: name, type: 'type', apply: closing ? `${name}>` : name, detail: 'component' })),
    validFor: /^[A-Za-z]*$/,
  };
}

let loading = false;
/** The text changed since the last save was sent: only then is anything sent (a page just opened is never saved back). */
let dirty = false;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let saving: Promise<void> = Promise.resolve();

const view = new EditorView({
  parent: $('ed-source'),
  state: EditorState.create({ doc: '', extensions: [] }),
});

/** Suggesting mode (and a read-only page) makes the source read-only: a change is proposed from the selection instead (`review.ts`). */
const readOnly = new Compartment();
/** Comments, suggestions and history: not in `folio dev`'s editor (its page has no panel for them). */
let review: ReviewPanel | null = null;
const reviewHighlights = reviewExtension((id) => review?.focus(id));

function editorState(doc: string, collab: ReturnType<typeof yCollab> | [] = []): EditorState {
  return EditorState.create({
    doc,
    extensions: [
      basicSetup,
      collab,
      reviewHighlights,
      readOnly.of(EditorState.readOnly.of(locked())),
      markdown({ extensions: [frontmatter] }),
      sourceTheme,
      lintGutter(),
      EditorView.lineWrapping,
      // The text box's name for assistive technology (axe: aria-input-field-name).
      EditorView.contentAttributes.of({ 'aria-label': 'Page source' }),
      autocompletion({ override: [completeComponents] }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) docGen++;
        if (u.docChanged && !loading) {
          scheduleSave();
          requestFast();
        }
        if (u.docChanged) scheduleVisualSync();
      }),
    ],
  });
}

/** Whether writing is off: a read-only page, or Suggesting mode (the source and the visual blocks alike). */
function locked(): boolean {
  return readOnlyPage || (review?.suggesting ?? false);
}

function scheduleSave(): void {
  if (readOnlyPage) return;
  dirty = true;
  setStatus('Unsaved changes…');
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void save(), 300);
}

/** Save the text as the draft; the answer carries the new preview (or the errors, the last good preview kept). */
function save(): Promise<void> {
  clearTimeout(saveTimer);
  if (!dirty || !file) return saving;
  dirty = false;
  const text = view.state.doc.toString();
  const target = file;
  const gen = docGen;
  saving = saving.then(async () => {
    if (new Blob([text]).size > maxText) {
      dirty = true;
      setStatus('Not saved: over the size limit', true);
      problems.textContent = `The page is over the ${Math.round(maxText / 1048576)} MB limit of one file; it was not saved (the last saved text is kept on the server). Remove some text or split the page.`;
      return;
    }
    setStatus('Saving…');
    try {
      const base = baseHashes.get(target);
      const res = await call<{ preview: Preview | null; hash?: string }>('save.json', { json: { file: target, text, ...(base ? { base } : {}) } });
      if (res.hash) baseHashes.set(target, res.hash);
      if (changedOnDisk === target) changedOnDisk = null;
      setStatus('Saved');
      laterBranchRefresh();
      if (res.preview && target === file) showPreview(res.preview, text, gen);
      else problems.textContent = '';
      // The navigation and the list of changes only move when a file gets its first draft or its
      // frontmatter (title, hidden, ...) changes: a keystroke in the body does not ask for them again.
      const head = frontmatterBlock(text);
      if (target === 'docs.json' || head !== savedFrontmatter || (!local && !state?.drafts.some((d) => d.path === target))) void refreshState();
      savedFrontmatter = head;
    } catch (err) {
      const e = err as Refused;
      // Still to be saved: the next keystroke (or page switch) sends it again.
      if (target === file) dirty = true;
      if (e.code === 'EDITOR_FILE_CHANGED') changedOnDisk = target;
      setStatus('Not saved', true);
      problems.textContent = `${e.message} (${e.code})`;
    }
  });
  return saving;
}

function showPreview(preview: Preview, text: string, gen: number): void {
  const diagnostics: Diagnostic[] = [];
  for (const p of preview.diagnostics) {
    if (p.line < 1 || p.line > view.state.doc.lines) continue;
    const line = view.state.doc.line(p.line);
    const from = Math.min(line.from + Math.max(0, p.column - 1), line.to);
    diagnostics.push({ from, to: line.to, severity: p.severity === 'error' ? 'error' : p.severity === 'warning' ? 'warning' : 'info', message: `${p.code}: ${p.message}` });
  }
  view.dispatch(setDiagnostics(view.state, diagnostics));
  const errors = preview.diagnostics.filter((d) => d.severity === 'error');
  problems.textContent = errors.map((d) => `Line ${d.line}: ${d.message.split('\n')[0]}`).join('\n');
  if (preview.ok || preview.version > 0) loadPreview(preview.version, text, gen);
}

let shownVersion = -1;
/** The frontmatter of the last text saved, to know when the navigation may have changed. */
let savedFrontmatter = '';
const frontmatterBlock = (text: string) => /^---\r?\n[\s\S]*?\r?\n---/.exec(text)?.[0] ?? '';
/**
 * Show the whole-page preview `version` (of `text`, at edit `gen`). The frame already on this page
 * gets the new document's body swapped in place when its head (stylesheets, the root's attributes)
 * is the same: no reload, the scroll and the fast path's patches' window kept; otherwise it loads.
 */
function loadPreview(version: number, text: string, gen: number): void {
  // The version shown already, unless the fast path drew another text over it since.
  if (version === shownVersion && frameText === text) return;
  shownVersion = version;
  const url = new URL(`${api}/preview`, location.href);
  url.searchParams.set('branch', branch);
  url.searchParams.set('file', file);
  url.searchParams.set('v', String(version));
  const shown = frameDoc();
  const here = shown ? new URL(shown.location.href) : null;
  if (shown && here && here.pathname === url.pathname && here.searchParams.get('file') === file && here.searchParams.get('branch') === branch) {
    void fetch(url, { credentials: 'same-origin' })
      .then((answer) => (answer.ok ? answer.text() : null))
      .then((html) => {
        // A newer preview was asked for meanwhile, or another page opened: that one shows.
        if (shownVersion !== version || html === null) return;
        // Typed since this text was saved: the fast path shows the keys and the next save's preview comes;
        // parsing this one now would only hold up the key being typed.
        if (docGen !== gen && frameBlocks !== null) {
          shownVersion = -1;
          return;
        }
        const next = new DOMParser().parseFromString(html, 'text/html');
        const now = frameDoc();
        if (!now || headKey(now) !== headKey(next)) return navigateFrame(url, text, gen);
        const scroll = frame.contentWindow?.scrollY ?? 0;
        // The page body the fast path drew is already this one, node for node: its nodes stay, mapped as they
        // are, and only what differs around it (the table of contents...) is swapped, without laying the page out again.
        const shownProse = frameProse();
        const nextProse = next.querySelector<HTMLElement>('main .prose, .prose');
        const keep = frameBlocks !== null && shownProse !== null && nextProse !== null && sameNodes(shownProse, nextProse);
        if (!keep || !patchAround(now.body, next.body, shownProse)) now.body.replaceWith(now.importNode(next.body, true));
        now.title = next.title;
        frame.contentWindow?.scrollTo(0, scroll);
        frameGen = gen;
        frameText = text;
        if (!keep) void mapFrame(text, gen);
      })
      .catch(() => navigateFrame(url, text, gen));
    return;
  }
  navigateFrame(url, text, gen);
}

/** Load the preview at `url` in the frame (the scroll kept), then map its blocks for the fast path. */
function navigateFrame(url: URL, text: string, gen: number): void {
  frameBlocks = null;
  const scroll = frame.contentWindow?.scrollY ?? 0;
  frame.onload = () => {
    frame.contentWindow?.scrollTo(0, scroll);
    frameGen = gen;
    frameText = text;
    void mapFrame(text, gen);
  };
  frame.src = url.pathname + url.search;
}

/** The frame's document, or null (not loaded, or on a page of another origin). */
function frameDoc(): Document | null {
  try {
    return frame.contentDocument;
  } catch {
    return null;
  }
}

/** What decides whether a document's body can be swapped into another: its stylesheets and its root's attributes. */
function headKey(doc: Document): string {
  const root = Array.from(doc.documentElement.attributes, (a) => `${a.name}=${a.value}`);
  const sheets = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel~=stylesheet]'), (l) => l.getAttribute('href') ?? '');
  const styles = Array.from(doc.querySelectorAll('style'), (s) => s.textContent ?? '');
  return [...root, ...sheets, ...styles].join('\n');
}

// ------------------------------------------------------------------ preview fast path

/**
 * The preview follows each keystroke without waiting for the whole page (issue 44): the text as typed
 * goes to `blocks.json` at once (one request at a time, the latest text next), which answers with its
 * top-level blocks (keys, and the HTML of those the frame does not show), compiled one by one in the
 * sandboxed process; the frame's nodes of the blocks that changed are swapped in place. The whole-page
 * preview (debounced, `save`) still comes and replaces it, so headings' ids, footnotes and the table
 * of contents end right; a text the fast path cannot take (frontmatter, imports, errors) waits for it.
 */
interface BlockAnswer {
  ok: boolean;
  reason?: string;
  blocks: { key: string; html?: string }[];
}
/** What the frame's `.prose` shows, block by block: each block's key, HTML and nodes; null until mapped (`mapFrame`). */
interface FrameBlock {
  key: string;
  html: string;
  nodes: ChildNode[];
}
let frameBlocks: FrameBlock[] | null = null;
/** The HTML of the blocks the frame showed lately, by key: a new whole-page preview is mapped asking only for the others. */
let blockHtml = new Map<string, string>();
/** Each change of the text counts one; `frameGen` is the count of the text the frame shows. */
let docGen = 0;
let frameGen = -1;
/** The text the frame shows (the whole-page preview's, or the last the fast path drew). */
let frameText: string | null = null;
let fastBusy = false;
/** What waits for the fast path's request in flight to be answered (the shared document's send, `send`). */
let afterFast: (() => void) | null = null;
let fastAgain = false;

const frameProse = () => frameDoc()?.querySelector<HTMLElement>('main .prose, .prose') ?? null;
/** A parent's nodes that draw something: not the white space between elements, not comments. */
const drawnNodes = (parent: ParentNode) => Array.from(parent.childNodes).filter((n) => n.nodeType === Node.ELEMENT_NODE || (n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== ''));
/**
 * Make `shown` (holding the kept page body `prose`) like `next`: the elements beside the path down to
 * `prose` that differ are swapped, the rest stays. False when the two are not of one shape (the caller
 * then swaps the whole body, which also undoes any part done here).
 */
function patchAround(shown: Element, next: Element, prose: Element): boolean {
  const attrs = (el: Element) => Array.from(el.attributes, (a) => `${a.name}=${a.value}`).join('\n');
  if (shown.tagName !== next.tagName || attrs(shown) !== attrs(next)) return false;
  const mine = Array.from(shown.children);
  const theirs = Array.from(next.children);
  if (mine.length !== theirs.length) return false;
  for (const [i, el] of mine.entries()) {
    const other = theirs[i]!;
    if (el === prose) {
      if (!other.matches('.prose')) return false;
    } else if (el.contains(prose)) {
      if (!patchAround(el, other, prose)) return false;
    } else if (!el.isEqualNode(other)) el.replaceWith(el.ownerDocument.importNode(other, true));
  }
  return true;
}

/** Whether two page bodies draw the same nodes (the white space between them aside; compared natively, not as serialised HTML). */
function sameNodes(a: ParentNode, b: ParentNode): boolean {
  const one = drawnNodes(a);
  const two = drawnNodes(b);
  const same = (n: ChildNode, m: ChildNode) => (n.nodeType === Node.ELEMENT_NODE ? n.isEqualNode(m) : m.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() === (m.textContent ?? '').trim());
  return one.length === two.length && one.every((n, i) => same(n, two[i]!));
}
/** How many nodes each block's HTML draws, by key (parsing 500 blocks again for each whole-page preview costs more than the fast path). */
const drawnCount = new Map<string, number>();
/** `html` parsed in the frame's document (inert: a template's content). */
function fragmentOf(doc: Document, html: string): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  return doc.importNode(template.content, true);
}

/** Map the frame's `.prose` (the whole-page preview of `text`) onto `text`'s blocks; then the text typed since, if any, goes. */
async function mapFrame(text: string, gen: number): Promise<void> {
  frameBlocks = null;
  const prose = frameProse();
  if (!prose || local || readOnlyPage || !/\.mdx?$/i.test(file)) return;
  const target = file;
  const res = await call<BlockAnswer>('blocks.json', { json: { file: target, text, known: [...blockHtml.keys()] } }).catch(() => null);
  // The frame moved on meanwhile (another preview, another page): that one maps itself.
  if (!res?.ok || target !== file || frameProse() !== prose || frameGen !== gen) return;
  const nodes = drawnNodes(prose);
  const doc = prose.ownerDocument;
  const blocks: FrameBlock[] = [];
  let at = 0;
  for (const b of res.blocks) {
    const html = b.html ?? blockHtml.get(b.key);
    if (html === undefined) return;
    const count = drawnCount.get(b.key) ?? drawnNodes(fragmentOf(doc, html)).length;
    drawnCount.set(b.key, count);
    blocks.push({ key: b.key, html, nodes: nodes.slice(at, at + count) });
    at += count;
  }
  for (const b of blocks) blockHtml.set(b.key, b.html);
  // Kept across previews (a request in flight may count on them), let go of when they pile up.
  if (blockHtml.size > 4 * blocks.length + 1000) {
    blockHtml = new Map(blocks.map((b) => [b.key, b.html]));
    for (const key of [...drawnCount.keys()]) if (!blockHtml.has(key)) drawnCount.delete(key);
  }
  // The blocks do not add up to the page's nodes: the whole-page preview only.
  if (at !== nodes.length) return;
  frameBlocks = blocks;
  if (fastAgain || view.state.doc.toString() !== text) requestFast();
}

/** Send the text as it is now to the fast path (or once the request in flight is answered). */
function requestFast(): void {
  if (local || readOnlyPage || !/\.mdx?$/i.test(file)) return;
  if (fastBusy || !frameBlocks) {
    fastAgain = true;
    return;
  }
  fastBusy = true;
  fastAgain = false;
  const gen = docGen;
  const target = file;
  const text = view.state.doc.toString();
  const known = [...blockHtml.keys()];
  call<BlockAnswer>('blocks.json', { json: { file: target, text, known } })
    .then((res) => {
      if (res.ok && target === file && gen > frameGen && patchFrame(res.blocks, gen)) frameText = text;
    })
    // Refused or failed: the whole-page preview, on its way, shows the text.
    .catch(() => undefined)
    .finally(() => {
      fastBusy = false;
      const held = afterFast;
      afterFast = null;
      if (fastAgain && frameBlocks) requestFast();
      held?.();
    });
}

/** Swap the frame's nodes of the blocks that changed (those between the unchanged first and last ones) for `blocks`'. */
function patchFrame(blocks: BlockAnswer['blocks'], gen: number): boolean {
  const old = frameBlocks;
  const prose = frameProse();
  if (!old || !prose || old.some((b) => b.nodes.some((n) => n.parentNode !== prose))) return false;
  let head = 0;
  while (head < old.length && head < blocks.length && old[head]!.key === blocks[head]!.key) head++;
  let tail = 0;
  while (tail < old.length - head && tail < blocks.length - head && old[old.length - 1 - tail]!.key === blocks[blocks.length - 1 - tail]!.key) tail++;
  const fresh = blocks.slice(head, blocks.length - tail).map((b) => ({ key: b.key, html: b.html ?? blockHtml.get(b.key) }));
  if (fresh.some((b) => b.html === undefined)) return false;
  const after = old.slice(old.length - tail).find((b) => b.nodes.length)?.nodes[0] ?? null;
  for (const b of old.slice(head, old.length - tail)) for (const n of b.nodes) n.remove();
  const doc = prose.ownerDocument;
  const made = fresh.map((b) => {
    const fragment = fragmentOf(doc, b.html!);
    const nodes = drawnNodes(fragment);
    prose.insertBefore(fragment, after);
    return { key: b.key, html: b.html!, nodes };
  });
  frameBlocks = [...old.slice(0, head), ...made, ...old.slice(old.length - tail)];
  frameGen = gen;
  for (const b of made) blockHtml.set(b.key, b.html);
  return true;
}

// ------------------------------------------------------------------ shared editing

/**
 * Several writers on one page: the text is a Yjs document the server keeps in the database. Each
 * editor sends its updates as it types and its presence (name, colour, cursor) as it moves, and
 * keeps one sync waiting on the server, which answers as soon as another writer (on any server of
 * the database) changes the page; a writer joining late gets every update so far.
 */
interface Shared {
  file: string;
  doc: Y.Doc;
  awareness: Awareness;
  generation: number;
  since: number;
  /** This writer's updates not yet sent. */
  pending: Uint8Array[];
  sendTimer: ReturnType<typeof setTimeout> | null;
  sending: boolean;
  /** Since when a send has waited for the fast preview's request (`FAST_HOLD_MS`), or null. */
  heldSince: number | null;
  /** Presence is sent again now and then, so the others keep seeing this writer while idle. */
  heartbeat: ReturnType<typeof setInterval>;
  /** Ends the waiting sync when the page is left. */
  stop: AbortController;
}
let shared: Shared | null = null;
const clientId = Math.random().toString(36).slice(2, 12);
const COLOURS = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#dc2626'];
const colour = COLOURS[Math.floor(Math.random() * COLOURS.length)]!;
const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
/** How long a sync with nothing to send waits on the server for the page's next change. */
const WAIT_MS = 15_000;

type SyncAnswer = { reset: boolean; updates: { id: number; update: string }[]; presence: { clientId: string; state: string }[] };

function leaveShared(): void {
  if (!shared) return;
  if (shared.sendTimer) clearTimeout(shared.sendTimer);
  clearInterval(shared.heartbeat);
  shared.stop.abort();
  shared.awareness.destroy();
  shared.doc.destroy();
  shared = null;
}

/** Join the shared document of `target`; its text is the editor's document. */
async function joinShared(target: string): Promise<{ text: Y.Text; awareness: Awareness }> {
  leaveShared();
  const joined = await call<{ generation: number; updates: { id: number; update: string }[] }>('shared.json', { json: { action: 'join', file: target } });
  const doc = new Y.Doc();
  for (const u of joined.updates) Y.applyUpdate(doc, fromBase64(u.update), 'remote');
  const awareness = new Awareness(doc);
  awareness.setLocalStateField('user', { name: app.dataset.user ?? 'writer', color: colour, colorLight: `${colour}33` });
  const state: Shared = {
    file: target,
    doc,
    awareness,
    generation: joined.generation,
    since: joined.updates.at(-1)?.id ?? 0,
    pending: [],
    sendTimer: null,
    sending: false,
    heldSince: null,
    heartbeat: setInterval(() => schedule(state, 0), 5_000),
    stop: new AbortController(),
  };
  // Typing is sent within a few tens of ms; a cursor move a little later (several moves go as one).
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === 'remote') return;
    state.pending.push(update);
    schedule(state, 25);
  });
  awareness.on('update', (_change: unknown, origin: unknown) => {
    if (origin !== 'remote') schedule(state, 120);
  });
  shared = state;
  schedule(state, 0);
  void receive(state);
  return { text: doc.getText('source'), awareness };
}

function schedule(s: Shared, delayMs: number): void {
  if (s.sendTimer || shared !== s) return;
  s.sendTimer = setTimeout(() => {
    s.sendTimer = null;
    void send(s);
  }, delayMs);
}

/**
 * How long a send of the shared document waits for the writer's own preview request in flight: the
 * server stores the update in the database on the thread that also answers the preview, so sent
 * together the preview would wait behind it; the others see the key that much later, at most this.
 */
const FAST_HOLD_MS = 150;

/** Send this writer's updates and presence; the answer carries what others wrote meanwhile. */
async function send(s: Shared): Promise<void> {
  if (s.sending) return schedule(s, 25);
  if (fastBusy) {
    const held = performance.now() - (s.heldSince ??= performance.now());
    if (held < FAST_HOLD_MS) {
      afterFast = () => {
        if (s.sendTimer) clearTimeout(s.sendTimer);
        s.sendTimer = null;
        schedule(s, 0);
      };
      return schedule(s, FAST_HOLD_MS - held);
    }
  }
  s.heldSince = null;
  s.sending = true;
  const updates = s.pending.splice(0);
  try {
    apply(s, await call<SyncAnswer>('shared.json', {
      json: { action: 'sync', file: s.file, generation: s.generation, since: s.since, clientId, updates: updates.length ? [toBase64(Y.mergeUpdates(updates))] : [], presence: toBase64(encodeAwarenessUpdate(s.awareness, [s.doc.clientID])) },
      signal: s.stop.signal,
    }));
  } catch {
    // Offline for a moment: the updates go with the next send.
    if (shared === s) {
      s.pending.unshift(...updates);
      setTimeout(() => schedule(s, 0), 1_000);
    }
  } finally {
    s.sending = false;
  }
}

/** Wait on the server for others' changes, one sync after another, while the page is open. */
async function receive(s: Shared): Promise<void> {
  while (shared === s) {
    try {
      apply(s, await call<SyncAnswer>('shared.json', { json: { action: 'sync', file: s.file, generation: s.generation, since: s.since, clientId, updates: [], presence: null, waitMs: WAIT_MS }, signal: s.stop.signal }));
    } catch {
      if (shared !== s) return;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

function apply(s: Shared, res: SyncAnswer): void {
  if (shared !== s) return;
  if (res.reset) {
    // The page's text was replaced outside the shared editing (discarded, pushed): open it again.
    void openFile(s.file, { keepEdits: false });
    return;
  }
  for (const u of res.updates) {
    if (u.id <= s.since) continue;
    Y.applyUpdate(s.doc, fromBase64(u.update), 'remote');
    s.since = u.id;
  }
  for (const p of res.presence) applyAwarenessUpdate(s.awareness, fromBase64(p.state), 'remote');
}

// ------------------------------------------------------------------ navigation

let state: State | null = null;
/** The sidebar shows docs.json's navigation with its arranging menus instead of the site's. */
let arranging = false;
/** The group a page added from its menu goes to (the add-page form says so). */
let addInGroup: { id: string; name: string } | null = null;

function renderTree(): void {
  const tree = $('ed-tree');
  if (arranging) {
    renderArrange(tree, state?.outline ?? null, {
      edit: async (fields) => {
        await save();
        const answer = await call('navigation.json', { json: fields });
        await refreshState();
        // The open file again: docs.json as the edit left it, a page's preview with the new sidebar.
        if (file) await openFile(file);
        problems.textContent = '';
        return answer;
      },
      openFile: (next) => void openFile(next),
      addPageIn: (group) => {
        addInGroup = group;
        const where = $('ed-add-in');
        where.textContent = `At the end of the group "${group.name}"`;
        where.hidden = false;
        $('ed-add-form').hidden = false;
        $('ed-add-title').focus();
      },
      report: (err) => {
        const r = err as Refused;
        problems.textContent = `${r.message} (${r.code})`;
      },
      currentFile: file,
      branch,
    });
    return;
  }
  const filter = ($<HTMLInputElement>('ed-filter').value ?? '').trim().toLowerCase();
  tree.replaceChildren();
  const list = (items: NavItem[]): HTMLUListElement | null => {
    const ul = document.createElement('ul');
    for (const item of items) {
      const li = document.createElement('li');
      if (item.type === 'group') {
        const children = list(item.children);
        if (!children) continue;
        const name = document.createElement('div');
        name.className = 'ed-group';
        name.textContent = item.name;
        li.append(name, children);
      } else if (item.type === 'page') {
        if (filter && !item.title.toLowerCase().includes(filter) && !item.file.toLowerCase().includes(filter)) continue;
        const a = document.createElement('a');
        a.href = `?branch=${encodeURIComponent(branch)}&file=${encodeURIComponent(item.file)}`;
        a.textContent = item.title;
        a.title = item.file;
        a.dataset.file = item.file;
        if (item.draft) a.classList.add('draft');
        if (item.file === file) a.setAttribute('aria-current', 'page');
        a.addEventListener('click', (e) => {
          e.preventDefault();
          if (app.dataset.nav === 'open') showNav(false);
          void openFile(item.file);
        });
        li.append(a);
      } else {
        if (filter) continue;
        const span = document.createElement('span');
        span.className = 'other';
        span.textContent = item.title;
        li.append(span);
      }
      ul.append(li);
    }
    return ul.children.length ? ul : null;
  };
  const sections = state?.navigation.sections ?? [];
  for (const section of sections) {
    if (sections.length > 1) {
      const label = document.createElement('div');
      label.className = 'ed-section';
      label.textContent = section.label;
      tree.append(label);
    }
    const ul = list(section.items);
    if (ul) tree.append(ul);
  }
  const hidden = list(state?.navigation.hidden ?? []);
  if (hidden) {
    const label = document.createElement('div');
    label.className = 'ed-section';
    label.textContent = 'Hidden pages';
    tree.append(label, hidden);
  }
}

function firstPage(items: NavItem[]): string | null {
  for (const item of items) {
    if (item.type === 'page') return item.file;
    if (item.type === 'group') {
      const found = firstPage(item.children);
      if (found) return found;
    }
  }
  return null;
}

/** A branch other than the deployment branch: its pull request, review and preview links (the server autosaves it). */
const branchFlow = !local && !readOnlyPage && branch !== deploymentBranch ? branchMenu(call, () => save(), (message) => (problems.textContent = message)) : null;
/** The branch's autosave runs a few seconds after the last edit: the menu reads it again then. */
let branchTimer: ReturnType<typeof setTimeout> | undefined;

function laterBranchRefresh(): void {
  if (!branchFlow) return;
  clearTimeout(branchTimer);
  branchTimer = setTimeout(() => void branchFlow.refresh(), 7_000);
}

async function refreshState(): Promise<void> {
  state = await call<State>('state.json');
  renderTree();
  renderBranches();
  renderChanges();
  if (branchFlow) {
    void branchFlow.refresh();
    laterBranchRefresh();
  }
  if (state.navigation.problems.length && !file) problems.textContent = state.navigation.problems.join('\n');
}

function renderBranches(): void {
  const select = $<HTMLSelectElement>('ed-branch');
  select.replaceChildren();
  for (const name of state?.branches ?? [branch]) select.append(new Option(name, name, false, name === branch));
  if (!readOnlyPage) select.append(new Option('New branch…', '\0new'));
}

function renderChanges(): void {
  const drafts = state?.drafts ?? [];
  $('ed-changes-title').textContent = drafts.length === 0 ? 'No changes' : `${drafts.length} file change${drafts.length === 1 ? '' : 's'}`;
  const ul = $('ed-changes');
  ul.replaceChildren(
    ...drafts.map((d) => {
      const li = document.createElement('li');
      const name = document.createElement('span');
      name.textContent = d.path;
      const kind = document.createElement('span');
      kind.className = 'kind';
      kind.textContent = d.change[0]!.toUpperCase() + d.change.slice(1);
      li.append(name, kind);
      return li;
    }),
  );
  $('ed-publish').textContent = branch === deploymentBranch ? `Publish to ${branch}` : 'Save in branch and open pull request';
  laterBranchRefresh();
  ($('ed-publish') as HTMLButtonElement).disabled = drafts.length === 0;
}

// ------------------------------------------------------------------ pages

async function openFile(next: string, { keepEdits = true }: { keepEdits?: boolean } = {}): Promise<void> {
  if (keepEdits && changedOnDisk !== file) await save();
  else dirty = false;
  changedOnDisk = null;
  file = next;
  frameBlocks = null;
  docGen++;
  history.replaceState(null, '', `?branch=${encodeURIComponent(branch)}&file=${encodeURIComponent(file)}`);
  setStatus('Loading…');
  try {
    const page = await call<{ text: string; breadcrumbs: string[]; preview: Preview | null; hash?: string }>('file.json', { query: { file } });
    if (page.hash) baseHashes.set(file, page.hash);
    loading = true;
    if (/\.mdx?$/i.test(file) && !local && !readOnlyPage) {
      const collab = await joinShared(file);
      view.setState(editorState(collab.text.toString(), yCollab(collab.text, collab.awareness)));
    } else {
      // docs.json: edited alone (saved only when it loads as a site), without a preview; in folio dev every file.
      leaveShared();
      view.setState(editorState(page.text));
    }
    loading = false;
    if (file === 'docs.json') siteEntry?.setAttribute('aria-current', 'page');
    else siteEntry?.removeAttribute('aria-current');
    savedFrontmatter = frontmatterBlock(page.text);
    if (visual) renderVisual();
    const crumbs = $('ed-crumbs');
    crumbs.replaceChildren(
      ...page.breadcrumbs.map((c) => {
        const li = document.createElement('li');
        li.textContent = c;
        return li;
      }),
    );
    ($('ed-rename-to') as HTMLInputElement).value = file;
    fillSettings();
    // The settings form that fits the file: the site's on docs.json, the page's elsewhere.
    const other = file === 'docs.json' ? $('ed-settings') : siteSettings;
    if (other) other.hidden = true;
    if (file === 'docs.json') fillSiteSettings();
    shownVersion = -1;
    problems.textContent = '';
    if (page.preview) showPreview(page.preview, page.text, docGen);
    // A read-only page saves nothing: its pill in the top bar says so.
    setStatus(readOnlyPage ? '' : 'Saved');
    renderTree();
    if (review) {
      const panel = review;
      await panel.load().catch((err: Refused) => (problems.textContent = `${err.message} (${err.code})`));
      if (panel.open === 'history') panel.show('history');
    }
  } catch (err) {
    const e = err as Refused;
    setStatus('Could not open the page', true);
    problems.textContent = `${e.message} (${e.code})`;
  }
}

function fillSettings(): void {
  const fm = frontmatterOf(view.state.doc.toString());
  const form = $<HTMLFormElement>('ed-settings');
  for (const name of PAGE_FIELDS) (form.elements.namedItem(name) as HTMLInputElement).value = fm[name] ?? '';
  (form.elements.namedItem('hidden') as HTMLInputElement).checked = fm.hidden === 'true';
}

$<HTMLFormElement>('ed-settings').addEventListener('submit', (e) => {
  e.preventDefault();
  const form = e.target as HTMLFormElement;
  let text = view.state.doc.toString();
  for (const name of PAGE_FIELDS) text = setFrontmatter(text, name, (form.elements.namedItem(name) as HTMLInputElement).value.trim(), 'string');
  text = setFrontmatter(text, 'hidden', (form.elements.namedItem('hidden') as HTMLInputElement).checked ? 'true' : '', 'raw');
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  if (visual) renderVisual();
  void save().then(refreshState);
});

// ------------------------------------------------------------------ visual mode

const CALLOUTS = new Set(['Note', 'Info', 'Tip', 'Warning', 'Check', 'Danger', 'Callout']);
let visualBlocks: Block[] = [];

/** What the visual mode drew for a block: its element, the editable part, and its rich view when it has one. `index` follows the block when others move. */
interface Drawn {
  index: number;
  el: HTMLElement;
  rich: RichBlock | null;
  /** A component's view (`components/view.ts`), which has rich blocks of its own. */
  destroy?: () => void;
}
/** Per block (same index as `visualBlocks`; null for blank lines and frontmatter). */
let drawn: (Drawn | null)[] = [];
const formatBar = formatToolbar(local ? {} : {
  comment: () => review?.compose(),
  suggest: () => {
    if (!review) return;
    review.suggesting = true;
    review.compose();
    setSuggesting(true);
  },
});
installVisualStyles();
/** The site's look on the visual pane (its stylesheet from the preview frame), and where its images are served. */
let assetBase = '';
followSiteLook($('ed-visual'), $<HTMLIFrameElement>('ed-preview'), (look) => {
  const changed = look.assetBase !== assetBase;
  assetBase = look.assetBase;
  if (changed && visual) renderVisual();
});
/** The block handle and the `/` menu: their edits go into the source, and the blocks they change are drawn again. */
const tools = blockTools({
  pane: $('ed-visual'),
  blocks: () => drawn.flatMap((entry) => (entry ? [{ el: entry.el, block: visualBlocks[entry.index]! }] : [])),
  source: () => view.state.doc.toString(),
  apply: (edits: TextEdit[]) => {
    if (locked() || edits.length === 0) return;
    const before = view.state.doc.toString();
    const after = applyEdits(before, edits);
    view.dispatch({ changes: edits.map((e) => ({ from: e.from, to: e.to, insert: e.insert })) });
    if (view.state.doc.toString() !== after) renderVisual();
  },
  editable: () => !locked(),
});
/** Set while the visual mode writes a block into the source: the change is already on screen. */
let editingVisually = false;
let syncPending = false;

/** How a block's body reads as rich text: a heading's as one line, a paragraph's and a component's content as Markdown; other blocks stay plain. */
function richContextOf(block: Block): RichContext | null {
  if (block.kind === 'heading') return 'line';
  if (block.kind === 'paragraph') return 'flow';
  if (block.kind === 'component' && block.prefix !== '') return 'flow';
  return null;
}

const drawnAsCode = (block: Block): boolean => block.kind === 'code';

/** The element of one block: rich text when its body reads back byte for byte (`rich-text.ts`), else its Markdown as plain text. */
function drawBlock(block: Block, index: number): Drawn {
  const entry: Drawn = { index, el: document.createElement('div'), rich: null };
  // A component or HTML element: drawn as the site shows it, its props and prose editable (`components/view.ts`).
  const element = block.kind === 'component' || block.kind === 'html' ? parseElement(view.state.sliceDoc(block.from, block.to)) : null;
  if (element) {
    const component = componentView({ element, onChange: (text) => replaceBlock(entry.index, text), onActive: (b) => formatBar.follow(locked() ? null : b), editable: () => !locked(), assetBase: () => assetBase });
    entry.el = component.el;
    entry.destroy = component.destroy;
    return entry;
  }
  // A paragraph that is one image (a pasted one, say): the image as the site shows it, its alt text editable below.
  const image = block.kind === 'paragraph' ? IMAGE.exec(block.body) : null;
  if (image) {
    entry.el = imageBlockView(image, (body) => editBlock(entry.index, body));
    return entry;
  }
  // A code block as the site's code box (a function call, so the older branches below keep their types).
  if (drawnAsCode(block)) {
    entry.el = codeBlockView(block, () => !locked(), (body) => editBlock(entry.index, body));
    return entry;
  }
  const context = richContextOf(block);
  const rich = context ? richBodyOf(block.body, context) : null;
  const callout = block.kind === 'component' && CALLOUTS.has(block.detail ?? '') && block.prefix !== '';
  const prose = block.kind === 'heading' || block.kind === 'paragraph' || callout || rich !== null;
  const className = `ed-v ${block.kind === 'heading' ? `ed-v-h${block.detail}` : block.kind === 'code' ? 'ed-v-code' : prose ? 'ed-v-p' : 'ed-v-raw'}`;
  let editable: HTMLElement;
  if (rich) {
    const label = block.kind === 'heading' ? `Heading ${block.detail}` : block.kind === 'paragraph' ? 'Paragraph' : `${block.detail} text`;
    entry.rich = richBlock({ rich, level: Number(block.detail ?? 2), className, label, onChange: (body) => {
      editBlock(entry.index, body);
      tools.typed(entry.el, body);
    }, onActive: (b) => formatBar.follow(locked() ? null : b), editable: () => !locked() });
    editable = entry.rich.view.dom;
  } else {
    editable = document.createElement('div');
    // Locked (read-only page, Suggesting mode): the words can be selected to comment on, not typed over.
    editable.contentEditable = locked() ? 'false' : 'plaintext-only';
    editable.spellcheck = block.kind === 'paragraph' || block.kind === 'heading' || block.kind === 'component';
    editable.className = className;
    // A body's last end of line is kept apart, so the editable text has no stray empty line.
    const trailing = block.body.endsWith('\n') ? '\n' : '';
    editable.textContent = trailing ? block.body.slice(0, -1) : block.body;
    editable.addEventListener('input', () => editBlock(entry.index, (editable.innerText ?? editable.textContent ?? '').replace(/\n$/, '') + trailing));
    if (block.kind === 'heading') {
      editable.setAttribute('role', 'heading');
      editable.setAttribute('aria-level', block.detail ?? '2');
    }
  }
  if (block.kind === 'heading' || block.kind === 'paragraph') entry.el = editable;
  else {
    entry.el.className = `ed-v-box${callout ? ` callout ${block.detail}` : ''}`;
    const label = document.createElement('div');
    label.className = 'ed-v-label';
    label.textContent = block.kind === 'code' ? `Code${block.detail ? ` · ${block.detail}` : ''}` : block.kind === 'esm' ? 'Import / export' : (block.detail ?? block.kind);
    entry.el.append(label, editable);
  }
  return entry;
}

/** A paragraph of one Markdown image: the picture, and a field for its alt text that rewrites only the alt. */
function imageBlockView(match: RegExpExecArray, onChange: (body: string) => void): HTMLElement {
  const [, lead = '', alt = '', src = '', title = '', end = ''] = match;
  const figure = document.createElement('div');
  figure.className = 'ed-c-image ed-v-image';
  const img = document.createElement('img');
  img.src = assetUrl(src, assetBase);
  img.alt = alt;
  const field = document.createElement('input');
  field.type = 'text';
  field.className = 'ed-v-image-alt';
  field.value = alt;
  field.placeholder = 'Describe the image';
  field.setAttribute('aria-label', 'Image alt text');
  field.disabled = locked();
  field.addEventListener('input', () => onChange(`${lead}![${field.value.replace(/[\[\]\n]/g, '')}](${src}${title})${end}`));
  figure.append(img, field);
  return figure;
}

/** The page's title and description as readers see them; Settings changes them. */
function pageHead(): HTMLElement[] {
  const fm = frontmatterOf(view.state.doc.toString());
  const head: HTMLElement[] = [];
  if (fm.title) {
    const title = document.createElement('h1');
    title.className = 'ed-v-title';
    title.textContent = fm.title;
    title.title = 'Change the title in Settings';
    head.push(title);
  }
  if (fm.description) {
    const description = document.createElement('p');
    description.className = 'ed-v-description';
    description.textContent = fm.description;
    head.push(description);
  }
  return head;
}

/**
 * Draw the page as blocks (`blocks.ts`): headings, paragraphs and callouts as rich text where their
 * Markdown reads back byte for byte, code and other components as their source. Typing in a block
 * replaces that block's body in the document and nothing else, so switching modes or saving an
 * untouched page keeps every byte.
 */
function renderVisual(): void {
  for (const entry of drawn) (entry?.destroy ?? entry?.rich?.destroy)?.();
  tools.close();
  visualBlocks = splitBlocks(view.state.doc.toString());
  drawn = visualBlocks.map((block, index) => (block.kind === 'blank' || block.kind === 'frontmatter' ? null : drawBlock(block, index)));
  formatBar.follow(null);
  // Nothing to format while the blocks are locked.
  formatBar.element.hidden = locked();
  $('ed-visual').replaceChildren(formatBar.element, ...pageHead(), ...drawn.flatMap((entry) => (entry ? [entry.el] : [])));
  review?.highlight();
}

/** Put `nodes` in `pane` in order, moving as little as possible (a moved element would lose the writer's focus). */
function placeInOrder(pane: HTMLElement, nodes: HTMLElement[]): void {
  const wanted = new Set<Node>(nodes);
  let cursor = pane.firstChild;
  for (const node of nodes) {
    while (cursor && cursor !== node && !wanted.has(cursor)) {
      const next: ChildNode | null = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
    if (cursor === node) cursor = cursor.nextSibling;
    else pane.insertBefore(node, cursor);
  }
  while (cursor) {
    const next: ChildNode | null = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

/**
 * The source changed from elsewhere (another writer, the settings form, an upload): cut it again and
 * redraw only the blocks whose bytes changed. The block being edited keeps its view when another
 * block changed; when its own text changed, it is drawn again with the caret where it was.
 */
function syncVisual(): void {
  syncPending = false;
  if (!visual) return;
  const next = splitBlocks(view.state.doc.toString());
  const key = (b: Block) => `${b.kind}\u0000${b.prefix}${b.body}${b.suffix}`;
  const unchanged = new Map<string, Drawn[]>();
  drawn.forEach((entry) => {
    if (!entry) return;
    const k = key(visualBlocks[entry.index]!);
    unchanged.set(k, [...(unchanged.get(k) ?? []), entry]);
  });
  const focused = drawn.find((entry) => entry?.el.contains(document.activeElement)) ?? null;
  const focusedFrom = focused ? visualBlocks[focused.index]!.from : -1;
  const caret = focused?.rich ? focused.rich.view.state.selection.head : null;
  const kept = new Set<Drawn>();
  const nextDrawn = next.map((block, index) => {
    if (block.kind === 'blank' || block.kind === 'frontmatter') return null;
    const reuse = unchanged.get(key(block))?.shift();
    if (reuse) {
      reuse.index = index;
      kept.add(reuse);
      return reuse;
    }
    return drawBlock(block, index);
  });
  for (const entry of drawn) if (entry && !kept.has(entry)) (entry.destroy ?? entry.rich?.destroy)?.();
  visualBlocks = next;
  drawn = nextDrawn;
  placeInOrder($('ed-visual'), [formatBar.element, ...pageHead(), ...drawn.flatMap((entry) => (entry ? [entry.el] : []))]);
  review?.highlight();
  if (focused && !kept.has(focused)) {
    // The edited block changed under the caret: the block now at its place takes the focus.
    const at = next.findIndex((block, index) => block.to > focusedFrom && drawn[index]);
    const entry = at >= 0 ? drawn[at]! : null;
    if (entry?.rich) restoreCaret(entry.rich, caret ?? 0);
    else (entry?.el.querySelector<HTMLElement>('[contenteditable]') ?? entry?.el)?.focus();
  }
}

/** Redraw after a change made outside the visual mode, at most once per frame's time (several changes of one sync answer go as one). */
function scheduleVisualSync(): void {
  if (editingVisually || !visual || syncPending) return;
  syncPending = true;
  setTimeout(syncVisual, 16);
}

// The toolbar acts on the rich block last focused (a keyboard user tabs to it from there); in a plain block it has nothing to act on.
$('ed-visual').addEventListener('focusin', (e) => {
  if (!(e.target as HTMLElement).closest('.ed-rich, .ed-format')) formatBar.follow(null);
});

/** Put a block's edited body into the document; the later blocks move by the change in length. */
function editBlock(index: number, body: string): void {
  const block = visualBlocks[index];
  if (!block || body === block.body) return;
  const from = block.from + block.prefix.length;
  editingVisually = true;
  try {
    view.dispatch({ changes: { from, to: from + block.body.length, insert: body } });
  } finally {
    editingVisually = false;
  }
  const delta = body.length - block.body.length;
  visualBlocks[index] = { ...block, body, to: block.to + delta };
  for (let k = index + 1; k < visualBlocks.length; k++) visualBlocks[k] = { ...visualBlocks[k]!, from: visualBlocks[k]!.from + delta, to: visualBlocks[k]!.to + delta };
}

/** A component block's new bytes (its view changed a prop or a piece of its content): the block replaced, the later blocks moved. */
function replaceBlock(index: number, text: string): void {
  const block = visualBlocks[index];
  if (!block) return;
  const old = view.state.sliceDoc(block.from, block.to);
  if (text === old) return;
  editingVisually = true;
  try {
    view.dispatch({ changes: { from: block.from, to: block.to, insert: text } });
  } finally {
    editingVisually = false;
  }
  const again = splitBlocks(text);
  const delta = text.length - old.length;
  visualBlocks[index] = again.length === 1 ? { ...again[0]!, from: block.from, to: block.to + delta } : { ...block, prefix: '', body: text, suffix: '', to: block.to + delta };
  for (let k = index + 1; k < visualBlocks.length; k++) visualBlocks[k] = { ...visualBlocks[k]!, from: visualBlocks[k]!.from + delta, to: visualBlocks[k]!.to + delta };
}

let visual = false;
function setMode(next: 'visual' | 'source'): void {
  visual = next === 'visual';
  if (visual) renderVisual();
  $('ed-visual').hidden = !visual;
  $('ed-source').hidden = visual;
  $('ed-mode-visual').setAttribute('aria-pressed', String(visual));
  $('ed-mode-source').setAttribute('aria-pressed', String(!visual));
  if (phone.matches) showPane('edit');
  fitPreview();
}
$('ed-mode-visual').addEventListener('click', () => setMode('visual'));

/** Under 900 px (editor.css) the outline is not beside the page: the Pages button opens it over the window; its ×, Escape or a page chosen closes it. */
function showNav(open: boolean): void {
  app.dataset.nav = open ? 'open' : 'closed';
  $('ed-nav-toggle').setAttribute('aria-expanded', String(open));
  if (open) $('ed-nav-close').focus();
  else $('ed-nav-toggle').focus();
}
$('ed-nav-toggle').addEventListener('click', () => showNav(true));
$('ed-nav-close').addEventListener('click', () => showNav(false));
$('ed-nav').addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && app.dataset.nav === 'open') showNav(false);
});
$('ed-mode-source').addEventListener('click', () => setMode('source'));

/**
 * On a phone (the page under 700 px) one pane shows at a time: the source (or the visual mode) or
 * the preview; side by side each would be a sliver (the preview was 110 px wide at 390). Wider, the
 * preview button shows and hides the preview pane beside the source.
 */
const phone = matchMedia('(max-width: 700px)');
const previewPane = $('ed-preview-pane');
function showPane(which: 'edit' | 'preview'): void {
  app.dataset.pane = which;
  pressedPanes();
}
function pressedPanes(): void {
  const previewShown = phone.matches ? app.dataset.pane === 'preview' && !previewPane.hidden : !previewPane.hidden;
  $('ed-mode-preview').setAttribute('aria-pressed', String(previewShown));
  const editShown = !phone.matches || app.dataset.pane !== 'preview';
  $('ed-mode-visual').setAttribute('aria-pressed', String(editShown && visual));
  $('ed-mode-source').setAttribute('aria-pressed', String(editShown && !visual));
}
$('ed-mode-preview').addEventListener('click', () => {
  if (phone.matches) {
    previewPane.hidden = false;
    showPane(app.dataset.pane === 'preview' ? 'edit' : 'preview');
  } else {
    previewPane.hidden = !previewPane.hidden;
    pressedPanes();
  }
  fitPreview();
});
phone.addEventListener('change', () => {
  pressedPanes();
  fitPreview();
});
showPane('edit');

/**
 * The preview at a reader's width: a laptop's (1024 px, the site's desktop layout with its sidebar)
 * or a phone's (390 px). At its real size when the pane is as wide; narrower, scaled down to no less
 * than MIN_SCALE (text still readable: 16 px drawn at 12 px): fitted to a 1440 px window's pane the
 * layout came out at about 0.45, the unreadable preview issue 44 started from. A pane narrower than
 * that lays the page out at the width it shows at MIN_SCALE (the site's narrower layout, as a reader's
 * narrower window has it), down to the phone's: the page is never cut at the pane's edge (it was, and
 * the desktop pager's "Next" card showed as an empty white box there, its right-aligned text cut off).
 * The writer's choice is kept in this browser.
 */
const DEVICE_WIDTHS = { desktop: 1024, phone: 390 } as const;
const MIN_SCALE = 0.75;
type Device = keyof typeof DEVICE_WIDTHS;
const storedDevice = (() => {
  try {
    return localStorage.getItem('folio-editor-device');
  } catch {
    // Storage refused (private mode, policy): the default below.
    return null;
  }
})();
let device: Device = storedDevice === 'phone' || storedDevice === 'desktop' ? storedDevice : phone.matches ? 'phone' : 'desktop';
function setDevice(next: Device): void {
  device = next;
  app.dataset.device = next;
  $('ed-device-desktop').setAttribute('aria-pressed', String(next === 'desktop'));
  $('ed-device-phone').setAttribute('aria-pressed', String(next === 'phone'));
  try {
    localStorage.setItem('folio-editor-device', next);
  } catch {
    // Not kept: the choice holds for this page.
  }
  fitPreview();
}
function fitPreview(): void {
  const stage = $('ed-preview-stage');
  if (previewPane.clientWidth === 0 || previewPane.clientHeight === 0) return;
  const width = Math.max(DEVICE_WIDTHS.phone, Math.min(DEVICE_WIDTHS[device], Math.floor(previewPane.clientWidth / MIN_SCALE)));
  const scale = Math.max(MIN_SCALE, Math.min(1, previewPane.clientWidth / width));
  const height = previewPane.clientHeight;
  stage.style.width = `${Math.floor(width * scale)}px`;
  stage.style.height = `${height}px`;
  frame.style.width = `${width}px`;
  frame.style.height = `${height / scale}px`;
  frame.style.transform = scale < 1 ? `scale(${scale})` : '';
}
$('ed-device-desktop').addEventListener('click', () => setDevice('desktop'));
$('ed-device-phone').addEventListener('click', () => setDevice('phone'));
setDevice(device);
new ResizeObserver(fitPreview).observe(previewPane);
// Settings: the page's frontmatter, or on docs.json the site's name, colours, logo and navbar button.
$('ed-settings-toggle').addEventListener('click', () => {
  const site = file === 'docs.json';
  // In the dashboard the site's settings are the Site configuration manager's (one way to them).
  if (site && managers) return managers.open('settings');
  const shown = site ? siteSettings : $('ed-settings');
  if (!shown) return;
  const other = site ? $('ed-settings') : siteSettings;
  if (other) other.hidden = true;
  shown.hidden = !shown.hidden;
  $('ed-settings-toggle').setAttribute('aria-pressed', String(!shown.hidden));
  if (site) fillSiteSettings();
  else fillSettings();
});

function fillSiteSettings(): void {
  const form = siteSettings;
  if (!form) return;
  let settings: SiteSettings;
  try {
    settings = readSiteSettings(view.state.doc.toString());
  } catch {
    return;
  }
  for (const name of SITE_FIELDS) (form.elements.namedItem(name) as HTMLInputElement).value = settings[name];
}

siteSettings?.addEventListener('submit', (e) => {
  e.preventDefault();
  const form = e.target as HTMLFormElement;
  const next = Object.fromEntries(SITE_FIELDS.map((name) => [name, (form.elements.namedItem(name) as HTMLInputElement).value])) as SiteSettings;
  const text = writeSiteSettings(view.state.doc.toString(), next);
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  // The server checks the file still loads as a site; a refusal shows under the bar, the last good file kept.
  void save().then(refreshState);
});

$('ed-add').addEventListener('click', () => {
  addInGroup = null;
  $('ed-add-in').hidden = true;
  $('ed-add-form').hidden = false;
  const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  ($('ed-add-file') as HTMLInputElement).value = folder;
  $('ed-add-title').focus();
});
$('ed-add-cancel').addEventListener('click', () => ($('ed-add-form').hidden = true));
$('ed-add-title').addEventListener('input', () => {
  const input = $<HTMLInputElement>('ed-add-file');
  const folder = input.value.includes('/') ? input.value.slice(0, input.value.lastIndexOf('/') + 1) : '';
  const slug = $<HTMLInputElement>('ed-add-title').value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  if (slug) input.value = `${folder}${slug}.mdx`;
});
$<HTMLFormElement>('ed-add-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const title = $<HTMLInputElement>('ed-add-title').value;
  const target = $<HTMLInputElement>('ed-add-file').value.trim();
  try {
    await call('pages.json', { json: { action: 'create', file: target, title, ...(addInGroup ? { group: addInGroup.id } : { besides: file }) } });
    addInGroup = null;
    $('ed-add-in').hidden = true;
    $('ed-add-form').hidden = true;
    $<HTMLInputElement>('ed-add-title').value = '';
    await refreshState();
    await openFile(target);
  } catch (err) {
    const r = err as Refused;
    problems.textContent = `${r.message} (${r.code})`;
  }
});

$('ed-rename').addEventListener('click', async () => {
  const to = $<HTMLInputElement>('ed-rename-to').value.trim();
  if (to === file) return;
  try {
    await save();
    await call('pages.json', { json: { action: 'rename', file, to } });
    await refreshState();
    await openFile(to);
  } catch (err) {
    const r = err as Refused;
    problems.textContent = `${r.message} (${r.code})`;
  }
});

$('ed-discard').addEventListener('click', async () => {
  if (!window.confirm(`Discard your unpublished changes to ${file}? The page goes back to the branch's version.`)) return;
  try {
    clearTimeout(saveTimer);
    dirty = false;
    await saving;
    await call('discard.json', { json: { file } });
    await refreshState();
    await openFile(file);
  } catch (err) {
    const r = err as Refused;
    problems.textContent = `${r.message} (${r.code})`;
  }
});

$('ed-delete').addEventListener('click', async () => {
  if (!window.confirm(local ? `Delete ${file}? The file is deleted and removed from the navigation.` : `Delete ${file}? It is removed from the navigation; publishing deletes the file.`)) return;
  try {
    await call('pages.json', { json: { action: 'delete', file } });
    await refreshState();
    const next = state ? firstPage(state.navigation.sections.flatMap((s) => s.items)) : null;
    if (next) await openFile(next);
  } catch (err) {
    const r = err as Refused;
    problems.textContent = `${r.message} (${r.code})`;
  }
});

/** The image types the upload route takes (it checks the bytes), and the file ending each is saved with. */
const IMAGE_ENDINGS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** The images among a paste's or a drop's files (none: the event is left to the editor it happened in). */
function imageFiles(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].filter((f) => f.type in IMAGE_ENDINGS);
}

/**
 * Upload `picked` to the branch's `images/` folder and put its Markdown image into the source at `at`
 * (on lines of its own). A pasted image has no name worth keeping (browsers call it image.png), so it
 * gets a dated one; a named file keeps its name, and gets a dated one when the branch has that name.
 */
async function uploadImageAt(picked: File, at: number, named: boolean): Promise<number | null> {
  const ending = IMAGE_ENDINGS[picked.type] ?? 'png';
  const dated = () => `pasted-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-')}-${Math.random().toString(36).slice(2, 6)}.${ending}`;
  const own = picked.name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-.]+/, '');
  let name = named && own ? own : dated();
  try {
    setStatus('Uploading…');
    let res: { src: string };
    try {
      res = await call<{ src: string }>('upload.json', { body: picked, query: { file: `images/${name}` } });
    } catch (err) {
      if ((err as Refused).code !== 'EDITOR_PAGE_EXISTS' || !named) throw err;
      name = dated();
      res = await call<{ src: string }>('upload.json', { body: picked, query: { file: `images/${name}` } });
    }
    const pos = Math.min(at, view.state.doc.length);
    const before = view.state.sliceDoc(Math.max(0, pos - 2), pos);
    const lead = pos === 0 || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    // A paragraph of its own: a blank line before and after it, and no more.
    const rest = view.state.sliceDoc(pos, pos + 2);
    const trail = rest.startsWith('\n\n') ? '' : rest === '' || rest.startsWith('\n') ? '\n' : '\n\n';
    const alt = name.replace(/\.[a-z]+$/, '');
    const insert = `${lead}![${alt}](${res.src})${trail}`;
    view.dispatch({ changes: { from: pos, insert } });
    if (visual) renderVisual();
    setStatus('Saved');
    return pos + insert.length;
  } catch (err) {
    const r = err as Refused;
    setStatus('Upload refused', true);
    problems.textContent = `${r.message} (${r.code})`;
    return null;
  }
}

/** Upload files one after another, each inserted after the one before (the text typed meanwhile is not tracked). */
async function uploadImages(files: File[], at: number, named: boolean): Promise<void> {
  for (const f of files) at = (await uploadImageAt(f, at, named)) ?? at;
}

$<HTMLInputElement>('ed-image').addEventListener('change', (e) => {
  const input = e.target as HTMLInputElement;
  const picked = [...(input.files ?? [])];
  input.value = '';
  void uploadImages(picked, view.state.selection.main.head, true);
});

/**
 * Paste or drop an image into the source: uploaded, and its Markdown put at the caret (a paste) or
 * where it is dropped. Caught before CodeMirror sees the event, which would paste nothing (or a file name).
 */
function imageIntoSource(e: ClipboardEvent | DragEvent): void {
  if (locked()) return;
  const files = imageFiles('clipboardData' in e ? e.clipboardData : e.dataTransfer);
  if (files.length === 0) return;
  e.preventDefault();
  e.stopPropagation();
  let pos = view.state.selection.main.head;
  if (e.type === 'drop') pos = view.posAtCoords({ x: (e as DragEvent).clientX, y: (e as DragEvent).clientY }) ?? pos;
  // The end of the line: an image never splits a line of text.
  void uploadImages(files, view.state.doc.lineAt(pos).to, e.type === 'drop');
}
$('ed-source').addEventListener('paste', imageIntoSource, true);
$('ed-source').addEventListener('drop', imageIntoSource, true);

/**
 * Paste or drop an image into the visual mode: uploaded, and its Markdown put after the block the caret
 * (a paste) or the drop is in, as an image block of its own; the blocks are drawn again.
 */
function imageIntoVisual(e: ClipboardEvent | DragEvent): void {
  if (locked()) return;
  const files = imageFiles('clipboardData' in e ? e.clipboardData : e.dataTransfer);
  if (files.length === 0) return;
  e.preventDefault();
  e.stopPropagation();
  const target = e.type === 'drop' ? document.elementFromPoint((e as DragEvent).clientX, (e as DragEvent).clientY) : document.activeElement;
  const entry = drawn.find((d) => d && target && d.el.contains(target)) ?? null;
  const block = entry ? visualBlocks[entry.index] : undefined;
  void uploadImages(files, block ? block.to : view.state.doc.length, e.type === 'drop');
}
$('ed-visual').addEventListener('paste', imageIntoVisual, true);
$('ed-visual').addEventListener('drop', imageIntoVisual, true);

$('ed-filter').addEventListener('input', renderTree);
$('ed-arrange').addEventListener('click', () => {
  arranging = !arranging;
  $('ed-arrange').setAttribute('aria-pressed', String(arranging));
  $('ed-filter').hidden = arranging;
  renderTree();
});
siteEntry?.addEventListener('click', (e) => {
  e.preventDefault();
  void openFile('docs.json');
});

$<HTMLSelectElement>('ed-branch').addEventListener('change', async (e) => {
  const select = e.target as HTMLSelectElement;
  let next = select.value;
  if (next === '\0new') {
    next = (window.prompt(`New branch (from ${deploymentBranch}):`, 'docs/') ?? '').trim();
    if (!next) return renderBranches();
    await save();
    // Made by a POST (with the CSRF token): opening a branch by its address never creates it.
    try {
      await call('branches.json', { json: { branch: next } });
    } catch (err) {
      const r = err as Refused;
      problems.textContent = `${r.message} (${r.code})`;
      return renderBranches();
    }
  } else await save();
  location.search = `?branch=${encodeURIComponent(next)}&file=${encodeURIComponent(file)}`;
});

// ------------------------------------------------------------------ publish

$('ed-publish-toggle').addEventListener('click', () => {
  const menu = $('ed-publish-menu');
  menu.hidden = !menu.hidden;
  $('ed-publish-toggle').setAttribute('aria-expanded', String(!menu.hidden));
  placePublishMenu();
  if (!menu.hidden) void showBrokenLinks();
  if (!menu.hidden) void branchFlow?.refresh();
});

/** On phones the menu is fixed to the window (editor.css): it starts below the Publish button, which stays visible to close it. */
function placePublishMenu(): void {
  const menu = $('ed-publish-menu');
  if (menu.hidden) return;
  menu.style.setProperty('--ed-menu-top', `${Math.round($('ed-publish-toggle').getBoundingClientRect().bottom + 6)}px`);
}
window.addEventListener('resize', placePublishMenu);

/** Links the drafts would leave leading nowhere, listed above the publish button (publishing stays possible). */
async function showBrokenLinks(): Promise<void> {
  const box = $('ed-links');
  box.hidden = true;
  await save();
  const { broken } = await call<{ broken: { file: string; line: number; target: string }[] }>('links.json').catch(() => ({ broken: [] }));
  if (broken.length === 0) return;
  const title = document.createElement('strong');
  title.textContent = `${broken.length} link${broken.length === 1 ? '' : 's'} will lead nowhere:`;
  const list = document.createElement('ul');
  for (const b of broken.slice(0, 20)) {
    const li = document.createElement('li');
    const code = document.createElement('code');
    code.textContent = b.target;
    li.append(`${b.file}:${b.line} `, code);
    list.append(li);
  }
  box.replaceChildren(title, list);
  box.hidden = false;
}

$('ed-publish').addEventListener('click', async () => {
  const result = $('ed-publish-result');
  result.classList.remove('error');
  result.textContent = 'Publishing…';
  try {
    await save();
    const res = await call<{ kind: string; commit: string; pullRequestUrl?: string; previewUrl?: string | null; updateId?: string }>('publish.json', { json: { message: $<HTMLInputElement>('ed-message').value } });
    result.replaceChildren();
    const line = (text: string, href?: string) => {
      const p = document.createElement('p');
      if (href) {
        const a = document.createElement('a');
        a.href = href;
        a.target = '_blank';
        a.rel = 'noopener';
        a.textContent = text;
        p.append(a);
      } else p.textContent = text;
      result.append(p);
    };
    $<HTMLInputElement>('ed-message').value = '';
    line(`Committed ${res.commit.slice(0, 10)} to ${branch}.`);
    if (res.kind === 'site') line('The site update has started.');
    if (res.pullRequestUrl) line('Pull request', res.pullRequestUrl);
    if (res.previewUrl) line('Preview', res.previewUrl);
    await refreshState();
  } catch (err) {
    const r = err as Refused;
    result.classList.add('error');
    const conflicts = Array.isArray(r.details) ? (r.details as { path: string; theirs: string | null; yours: string | null }[]) : [];
    result.textContent = `${r.message} (${r.code})`;
    for (const c of conflicts) {
      const box = document.createElement('details');
      box.open = true;
      const summary = document.createElement('summary');
      summary.textContent = c.path;
      const theirs = document.createElement('pre');
      theirs.textContent = `Theirs:\n${c.theirs ?? '(deleted or binary)'}`;
      const yours = document.createElement('pre');
      yours.textContent = `Yours:\n${c.yours ?? '(deleted or binary)'}`;
      box.append(summary, theirs, yours);
      result.append(box);
    }
  }
});

// A closing tab sends what is not saved yet.
window.addEventListener('beforeunload', (e) => {
  if (dirty && changedOnDisk !== file) {
    void save();
    e.preventDefault();
  }
});

// ------------------------------------------------------------------ comments, suggestions, history

if (!local) review = new ReviewPanel({
  call: (path, init) => call(path, init),
  file: () => file,
  view,
  flush: () => save(),
  reopen: () => openFile(file, { keepEdits: false }),
  selection() {
    if (!visual) {
      const { from, to } = view.state.selection.main;
      return from === to ? null : { quote: view.state.sliceDoc(from, to), offset: from };
    }
    // The visual mode: the selected words, found in the source near the start of their block.
    const picked = getSelection();
    const quote = picked?.toString() ?? '';
    if (!picked || !quote) return null;
    const entry = drawn.find((d) => d && d.el.contains(picked.anchorNode));
    const block = entry ? visualBlocks[entry.index] : undefined;
    const range = block ? findAnchor(view.state.doc.toString(), quote, block.from) : null;
    if (!range) return { problem: 'These words are not plain text in the page’s Markdown (the selection crosses formatting or blocks): select fewer words, or comment in the Markdown source.' };
    return { quote, offset: range.from };
  },
  visualRange(from, to) {
    if (!visual) return null;
    const index = visualBlocks.findIndex((b) => b.from <= from && to <= b.to);
    const entry = index >= 0 ? drawn[index] : null;
    if (!entry) return null;
    const block = visualBlocks[index]!;
    return rangeInElement(entry.el, view.state.sliceDoc(from, to), from - block.from - block.prefix.length);
  },
});

/**
 * The DOM range of `quote` in a drawn block: its occurrence in the block's text nearest `near` (the
 * quote's place in the block's Markdown; the shown text lacks the markup, so it is only a hint). Null
 * when the quote is not plain text there (it crosses formatting).
 */
function rangeInElement(element: HTMLElement, quote: string, near: number): Range | null {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  const text = nodes.map((n) => n.data).join('');
  const found = findAnchor(text, quote, near);
  if (!found) return null;
  const range = document.createRange();
  let start = 0;
  let started = false;
  for (const node of nodes) {
    const end = start + node.data.length;
    if (!started && found.from < end) {
      range.setStart(node, found.from - start);
      started = true;
    }
    if (started && found.to <= end) {
      range.setEnd(node, found.to - start);
      return range;
    }
    start = end;
  }
  return null;
}

function setSuggesting(on: boolean): void {
  if (!review) return;
  review.suggesting = on;
  view.dispatch({ effects: readOnly.reconfigure(EditorState.readOnly.of(locked())) });
  // The visual blocks follow: drawn again editable or not.
  if (visual) renderVisual();
  $('ed-suggest').setAttribute('aria-pressed', String(on));
  $('ed-suggest').title = on ? 'Switch to Editing' : 'Switch to Suggesting';
  $('ed-suggesting-pill').hidden = !on;
  $('ed-comment').textContent = on ? 'Suggest edit' : 'Comment';
}
if (review) {
  const panel = review;
  $('ed-comment').addEventListener('click', () => panel.compose());
  $('ed-suggest').addEventListener('click', () => setSuggesting(!panel.suggesting));
  $('ed-suggesting-off').addEventListener('click', () => setSuggesting(false));
  $('ed-review-toggle').addEventListener('click', () => panel.show(panel.open === 'comments' ? null : 'comments'));
  $('ed-history-toggle').addEventListener('click', () => panel.show(panel.open === 'history' ? null : 'history'));
  $('ed-review-close').addEventListener('click', () => panel.show(null));
}

// The assets, redirects and site configuration managers: editors in the dashboard (not viewers, not folio dev).
if (!local && !readOnlyPage) {
  managers = mountManagers(app, {
    call,
    setStatus,
    changed: async () => {
      await refreshState();
      if (file === 'docs.json') await openFile('docs.json', { keepEdits: false });
    },
    openDocsJson: () => void openFile('docs.json'),
  });
}

async function start(): Promise<void> {
  view.setState(editorState(''));
  try {
    await refreshState();
  } catch (err) {
    const r = err as Refused;
    setStatus('Could not load the branch', true);
    problems.textContent = `${r.message} (${r.code})`;
    // A branch that does not exist yet (a typed or shared address): made only when the writer asks.
    if (r.code === 'EDITOR_BRANCH_NOT_FOUND') {
      const create = document.createElement('button');
      create.type = 'button';
      create.textContent = `Create branch ${branch}`;
      create.addEventListener('click', async () => {
        create.disabled = true;
        try {
          await call('branches.json', { json: { branch } });
        } catch (e) {
          const refused = e as Refused;
          problems.textContent = `${refused.message} (${refused.code})`;
          return;
        }
        problems.textContent = '';
        void start();
      });
      problems.append(document.createElement('br'), create);
    }
    return;
  }
  const first = file || (state ? (firstPage(state.navigation.sections.flatMap((s) => s.items)) ?? '') : '');
  if (first) await openFile(first);
  else setStatus('No pages');
}

void start();
