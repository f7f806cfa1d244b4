/**
 * The docs assistant on another site (the team's own app), from one script tag:
 *
 *   <script src="https://<folio server>/__folio/widget.js" data-assistant-key="folio_pub_..."
 *           data-site="https://docs.example.com" async></script>
 *
 * A launcher button at the bottom right and, on click, a chat panel: both inside a Shadow DOM, so the
 * host page's CSS neither reaches in nor is touched. It asks the Folio server the script came from
 * (`/v1/assistant/{site host}/session?key=` for the page token, `/v2/assistant/{site host}/message`
 * with the key for the answer, streamed) and links citations to the docs site (`data-site`, default the
 * script's origin). Light or dark as the host's `prefers-color-scheme`; keyboard: the launcher is a
 * button, Escape closes the panel and gives focus back, Tab stays inside the open panel.
 * Optional: `data-title` (the panel's title), `data-label` (the launcher's text).
 */
import { renderAnswer } from '../assistant-markdown.js';
import { readParts, type StreamPart } from '../assistant-stream.js';

const CSS = `:host{all:initial}
.root{all:initial;--bg:#fff;--bg-soft:#f6f7f9;--fg:#111827;--fg-soft:#4b5563;--border:#e5e7eb;--accent:#2563eb;--on-accent:#fff;--err:#fef2f2;--err-fg:#991b1b;color-scheme:light;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
@media (prefers-color-scheme:dark){.root{--bg:#111827;--bg-soft:#1f2937;--fg:#f3f4f6;--fg-soft:#9ca3af;--border:#374151;--accent:#60a5fa;--on-accent:#0b1220;--err:#3b1111;--err-fg:#fecaca;color-scheme:dark}}
*{box-sizing:border-box}
button{font:inherit;cursor:pointer}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.launch{position:fixed;right:20px;bottom:20px;z-index:2147483000;display:flex;align-items:center;gap:8px;padding:12px 18px;border:0;border-radius:999px;background:var(--accent);color:var(--on-accent);font-weight:600;box-shadow:0 6px 24px rgba(0,0,0,.22)}
.launch[aria-expanded=true]{display:none}
.panel{position:fixed;right:20px;bottom:20px;z-index:2147483001;display:flex;flex-direction:column;width:400px;height:min(620px,calc(100vh - 40px));background:var(--bg);color:var(--fg);border:1px solid var(--border);border-radius:16px;box-shadow:0 12px 48px rgba(0,0,0,.28);overflow:hidden}
.panel[hidden]{display:none}
@media (max-width:520px){.panel{inset:0;width:100%;height:100%;border-radius:0;border:0}}
.head{display:flex;align-items:center;gap:8px;padding:12px 12px 12px 18px;border-bottom:1px solid var(--border)}
.head h2{flex:1;margin:0;font-size:16px;font-weight:600}
.head button{padding:4px 10px;border:0;border-radius:8px;background:none;color:var(--fg-soft);font-size:14px}
.head button:hover{background:var(--bg-soft);color:var(--fg)}
.head .close{font-size:22px;line-height:1}
.log{flex:1;min-height:0;overflow:auto;overscroll-behavior:contain;padding:16px 18px;display:flex;flex-direction:column;gap:14px}
.intro{margin:0;color:var(--fg-soft)}
.starters{display:flex;flex-direction:column;align-items:flex-start;gap:8px}
.starters button{padding:7px 12px;border:1px solid var(--border);border-radius:999px;background:var(--bg);color:var(--fg);font-size:14px;text-align:left}
.starters button:hover{border-color:var(--accent)}
.user{align-self:flex-end;max-width:85%;padding:8px 14px;border-radius:16px;background:var(--bg-soft);white-space:pre-wrap;overflow-wrap:anywhere}
.answer{overflow-wrap:anywhere}
.answer p{margin:0 0 10px}
.answer ul,.answer ol{margin:0 0 10px;padding-left:22px}
.answer a{color:var(--accent);text-underline-offset:2px}
.answer code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;padding:1px 5px;border-radius:6px;background:var(--bg-soft)}
.assistant-code{margin:0 0 12px;border:1px solid var(--border);border-radius:10px;overflow:hidden;background:var(--bg-soft)}
.assistant-code-bar{display:flex;justify-content:space-between;align-items:center;padding:4px 6px 4px 12px;border-bottom:1px solid var(--border);color:var(--fg-soft);font-size:12px}
.assistant-copy{padding:2px 8px;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg-soft);font-size:12px}
.assistant-code pre{margin:0;padding:10px 12px;overflow:auto}
.assistant-code pre code{padding:0;background:none}
.typing{color:var(--fg-soft);font-size:14px}
.sources{margin-top:6px;padding-top:8px;border-top:1px solid var(--border);font-size:14px}
.sources p{margin:0 0 4px;color:var(--fg-soft);font-weight:600;font-size:13px}
.sources ul{margin:0;padding-left:18px}
.error{margin:6px 0 0;padding:8px 12px;border-radius:8px;background:var(--err);color:var(--err-fg);font-size:14px}
form{display:flex;align-items:flex-end;gap:8px;margin:0 14px 8px;padding:6px 6px 6px 14px;border:1px solid var(--border);border-radius:18px}
form:focus-within{border-color:var(--accent)}
textarea{flex:1;min-width:0;height:36px;max-height:140px;padding:6px 0;border:0;outline:0!important;resize:none;background:transparent;color:var(--fg);font:inherit;font-size:16px;line-height:24px}
.send{flex:none;height:36px;padding:0 14px;border:0;border-radius:999px;background:var(--accent);color:var(--on-accent);font-weight:600}
.send:disabled{opacity:.5;cursor:default}
.foot{margin:0 14px 10px;color:var(--fg-soft);font-size:12px;text-align:center}
.tk-k{color:#cf222e}.tk-s{color:#0a3069}.tk-c{color:#6e7781;font-style:italic}.tk-n{color:#0550ae}.tk-f{color:#8250df}
@media (prefers-color-scheme:dark){.tk-k{color:#ff7b72}.tk-s{color:#a5d6ff}.tk-c{color:#8b949e}.tk-n{color:#79c0ff}.tk-f{color:#d2a8ff}}`;

interface Session {
  enabled?: boolean;
  token?: string;
  starterQuestions?: string[];
  error?: string;
  code?: string;
}

/** Why the widget cannot answer, in the reader's words, by the server's refusal code. */
function refusal(code: string | undefined, status: number): string {
  switch (code) {
    case 'ASSISTANT_ORIGIN_REFUSED':
      return `The assistant is not enabled on this site (${location.origin}). Its owner can add this address to the assistant key's allowed origins.`;
    case 'ASSISTANT_RATE_LIMITED':
      return 'Too many questions in a short time; wait a minute and ask again.';
    case 'ASSISTANT_BUDGET_EXHAUSTED':
      return 'The assistant has answered all it can for today; please try again tomorrow.';
    case 'ASSISTANT_NOT_CONFIGURED':
      return 'The assistant is not available right now.';
    case 'ASSISTANT_KEY_MISSING':
    case 'ASSISTANT_KEY_MALFORMED':
    case 'ASSISTANT_KEY_UNKNOWN':
    case 'ASSISTANT_KEY_REVOKED':
    case 'ASSISTANT_KEY_ADMIN':
    case 'ASSISTANT_KEY_OTHER_SITE':
      return "The assistant's key on this page is not valid; its owner needs to set a current assistant key.";
    default:
      return `The assistant could not answer (error ${status}).`;
  }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function start(script: HTMLScriptElement): void {
  const key = script.dataset.assistantKey ?? '';
  const server = new URL(script.src).origin;
  const site = new URL(script.dataset.site || server);
  const title = script.dataset.title || 'Ask the docs';
  const endpoint = (route: string) => `${server}/${route}/assistant/${encodeURIComponent(site.host)}`;
  const fp = Math.random().toString(36).slice(2);

  // A tag of its own (the host's `div{...}` rules do not match it), and inside, a wrapper that resets
  // every inherited property: nothing of the host page's CSS reaches the widget.
  const host = document.createElement('folio-assistant');
  host.setAttribute('data-folio-widget', '');
  const root = host.attachShadow({ mode: 'open' });
  const wrap = el('div', { class: 'root' });
  const launch = el('button', { type: 'button', class: 'launch', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' }, script.dataset.label || title);
  const panel = el('section', { class: 'panel', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'folio-widget-title', hidden: '' });
  const head = el('div', { class: 'head' });
  const fresh = el('button', { type: 'button' }, 'New chat');
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '×');
  head.append(el('h2', { id: 'folio-widget-title' }, title), fresh, close);
  const log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Conversation' });
  const form = el('form');
  const input = el('textarea', { rows: '1', placeholder: 'Ask a question…', 'aria-label': 'Ask a question', maxlength: '2000' });
  const send = el('button', { type: 'submit', class: 'send' }, 'Send');
  form.append(input, send);
  panel.append(head, log, form, el('p', { class: 'foot' }, 'Answers come from the docs and may be wrong; check the linked pages.'));
  wrap.append(launch, panel);
  root.append(el('style', {}, CSS), wrap);
  document.body.append(host);

  let session: Promise<Session> | null = null;
  const getSession = (renew = false) => {
    if (renew || !session) {
      session = fetch(`${endpoint('v1')}/session?key=${encodeURIComponent(key)}`, { cache: 'no-store', credentials: 'omit' })
        .then(async (r) => ({ ...((await r.json().catch(() => ({}))) as Session), ...(r.ok ? {} : { enabled: false, status: r.status }) }) as Session & { status?: number })
        .catch(() => ({ enabled: false, error: 'unreachable' }));
      void session.then((s) => s.enabled === false && (session = null));
    }
    return session;
  };
  let threadId: string | null = null;
  let busy = false;
  const history: { role: 'user' | 'assistant'; text: string }[] = [];

  const fail = (where: HTMLElement, message: string) => {
    where.querySelector('.typing')?.remove();
    where.append(el('p', { class: 'error', role: 'alert' }, message));
  };
  const problem = (s: Session & { status?: number }) =>
    s.error === 'unreachable' ? 'The assistant could not be reached; check your connection and try again.' : refusal(s.code ?? (s.status ? undefined : 'ASSISTANT_NOT_CONFIGURED'), s.status ?? 0);

  async function intro(): Promise<void> {
    const box = el('div');
    box.append(el('p', { class: 'intro' }, `Ask anything about ${site.host}'s docs. Answers link to the pages they come from.`));
    log.append(box);
    const s = await getSession();
    if (s.enabled === false) return fail(box, problem(s));
    if (!s.starterQuestions?.length) return;
    const list = el('div', { class: 'starters', role: 'group', 'aria-label': 'Suggested questions' });
    for (const q of s.starterQuestions) {
      const b = el('button', { type: 'button' }, q);
      b.addEventListener('click', () => void ask(q));
      list.append(b);
    }
    box.append(list);
  }

  /** Links in an answer lead to the docs site, in a new tab (the host page stays). */
  const toSite = (href: string) => new URL(href, site).href;
  function draw(body: HTMLElement, text: string): void {
    body.innerHTML = renderAnswer(text);
    for (const a of body.querySelectorAll('a')) {
      a.href = toSite(a.getAttribute('href') ?? '');
      a.target = '_blank';
      a.rel = 'noopener';
    }
  }

  async function ask(text: string): Promise<void> {
    const question = text.trim();
    if (!question || busy) return;
    busy = true;
    send.disabled = true;
    input.value = '';
    log.querySelector('.starters')?.remove();
    log.append(el('div', { class: 'user' }, question));
    const answer = el('div', { class: 'answer', 'aria-busy': 'true' });
    const body = el('div');
    body.append(el('span', { class: 'typing' }, 'Searching the docs…'));
    answer.append(body);
    log.append(answer);
    answer.scrollIntoView({ block: 'nearest' });
    try {
      let res: Response | null = null;
      let s: Session & { status?: number } = {};
      for (const renew of [false, true]) {
        s = await getSession(renew);
        if (s.enabled === false) break;
        res = await fetch(`${endpoint('v2')}/message`, {
          method: 'POST',
          credentials: 'omit',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'X-Folio-Page-Token': s.token ?? '' },
          body: JSON.stringify({ fp, threadId, messages: [...history.map((m, i) => ({ id: String(i), role: m.role, parts: [{ type: 'text', text: m.text }] })), { id: String(history.length), role: 'user', parts: [{ type: 'text', text: question }] }] }),
        });
        // An expired page token (a tab left open): a fresh one, once.
        if (res.status !== 403) break;
      }
      if (!res) fail(answer, problem(s));
      else if (!res.ok || !res.body) {
        const refused = (await res.json().catch(() => null)) as { code?: string } | null;
        fail(answer, refusal(refused?.code, res.status));
      } else {
        let said = '';
        let frame = 0;
        const sources: StreamPart[] = [];
        await readParts(res.body, (part) => {
          if (part.type === 'text-delta' && part.delta) {
            said += part.delta;
            frame ||= requestAnimationFrame(() => ((frame = 0), draw(body, said)));
          } else if (part.type === 'source-url') sources.push(part);
          else if (part.type === 'error') fail(answer, 'The answer failed; try again in a moment.');
          else if (part.type === 'finish' && part.threadId) threadId = part.threadId;
        });
        if (frame) cancelAnimationFrame(frame);
        draw(body, said);
        history.push({ role: 'user', text: question }, { role: 'assistant', text: said });
        if (sources.length) {
          const box = el('div', { class: 'sources' });
          const list = el('ul');
          for (const source of sources) {
            const li = el('li');
            li.append(el('a', { href: toSite(source.url ?? '/'), target: '_blank', rel: 'noopener' }, source.title ?? source.url ?? ''));
            list.append(li);
          }
          box.append(el('p', {}, 'Sources'), list);
          answer.append(box);
        }
      }
    } catch {
      fail(answer, 'The assistant could not be reached; check your connection and try again.');
    }
    answer.setAttribute('aria-busy', 'false');
    busy = false;
    send.disabled = false;
  }

  const open = () => {
    panel.hidden = false;
    launch.setAttribute('aria-expanded', 'true');
    if (!log.childElementCount) void intro();
    input.focus();
  };
  const shut = () => {
    panel.hidden = true;
    launch.setAttribute('aria-expanded', 'false');
    launch.focus();
  };
  launch.addEventListener('click', open);
  close.addEventListener('click', shut);
  fresh.addEventListener('click', () => {
    if (busy) return;
    threadId = null;
    history.length = 0;
    log.replaceChildren();
    void intro();
    input.focus();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void ask(input.value);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void ask(input.value);
    }
  });
  input.addEventListener('input', () => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, 140)}px`;
  });
  log.addEventListener('click', (e) => {
    const button = (e.target as Element).closest<HTMLElement>('[data-assistant-copy]');
    const code = button?.closest('.assistant-code')?.querySelector('code');
    if (button && code) void navigator.clipboard?.writeText(code.textContent ?? '').then(() => (button.textContent = 'Copied'));
  });
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      shut();
    } else if (e.key === 'Tab') {
      // Focus stays in the panel while it is open: from the last control back to the first, and round.
      const items = [...panel.querySelectorAll<HTMLElement>('button:not([disabled]),textarea,a[href]')].filter((n) => n.offsetParent !== null);
      const first = items[0];
      const last = items.at(-1);
      if (e.shiftKey && root.activeElement === first) (e.preventDefault(), last?.focus());
      else if (!e.shiftKey && root.activeElement === last) (e.preventDefault(), first?.focus());
    }
  });
}

const self = document.currentScript as HTMLScriptElement | null;
if (self?.src) {
  if (document.body) start(self);
  else addEventListener('DOMContentLoaded', () => start(self), { once: true });
}
