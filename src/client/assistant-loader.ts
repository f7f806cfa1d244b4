/**
 * The Ask button, Ctrl/⌘+I and `?assistant`, on sites served by `folio serve` or `folio dev` with a
 * model configured: after a page built for it has loaded, one cached request (`<base>/__folio/assistant/config`)
 * says whether the server answers; only then the buttons show. The panel itself is an island
 * (`client/assistant-panel.ts`, `assets/assistant.<hash>.js`) fetched on first use. A static host
 * answers no config, a server without a model `enabled: false`: the page keeps its search.
 */
interface AssistantIsland {
  openAssistant(trigger: HTMLElement | null, question?: string): void;
  mountAssistant(container: HTMLElement): void;
}

export function initAssistant(self: HTMLScriptElement | null): void {
  const src = self?.src.replace(/\/site\.([0-9a-f]+)\.js(\?.*)?$/, '/assistant.$1.js');
  // Only pages built for `folio serve` (they carry its feedback widget) ask: a static host has no server to ask.
  if (!self || !src || src === self.src || !document.querySelector('[data-folio-feedback],[data-folio-hosted]')) return;
  const check = () =>
    fetch(new URL('../__folio/assistant/config', self.src))
      // An unread error body keeps the request open (a dev server's 404 page): let it go.
      .then((r) => (r.ok ? r.json() : void r.body?.cancel().catch(() => undefined)))
      .then((config: { enabled?: boolean } | undefined) => config?.enabled && enable(src))
      .catch(() => undefined);
  if (document.readyState === 'complete') void check();
  else addEventListener('load', () => void check(), { once: true });
}

function enable(src: string): void {
  let island: Promise<AssistantIsland> | null = null;
  const load = () => (island ??= import(/* @vite-ignore */ src) as Promise<AssistantIsland>);
  const open = (trigger: HTMLElement | null, question?: string) => void load().then((m) => m.openAssistant(trigger, question));
  for (const button of document.querySelectorAll<HTMLElement>('[data-assistant-open]')) {
    button.hidden = false;
    button.addEventListener('click', () => open(button));
  }
  document.addEventListener('keydown', (event) => {
    if (event.key.toLowerCase() === 'i' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      open(document.querySelector('[data-assistant-open]'));
    }
  });
  // `mode: assistant` pages become the assistant itself.
  const page = document.querySelector<HTMLElement>('[data-assistant-page]');
  if (page) void load().then((m) => m.mountAssistant(page));
  // `?assistant` opens the panel; `?assistant=<question>` also asks it (the platform's deep link).
  else {
    const question = new URLSearchParams(location.search).get('assistant');
    if (question !== null) open(null, question);
  }
}
