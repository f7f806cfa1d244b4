/**
 * The dashboard's script (served at `<dashboard>/assets/app.js`, no inline code so the CSP forbids
 * it): copy buttons, confirmations, live status while a job or update runs, the light/dark/system
 * switch, the phone drawer, popovers (`<details class="pop">`: they work without this script; it
 * closes them on a click outside or Escape), and the islands a page asks for: the chart
 * (`[data-chart]`, uPlot) and the range calendar (`[data-calendar]`, cally), loaded on demand.
 */
const TERMINAL = ['completed', 'failed', 'archived', 'success', 'failure'];

function copyOnClick(): void {
  document.addEventListener('click', (e) => {
    const btn = (e.target as Element | null)?.closest?.('[data-copy]');
    if (!btn) return;
    const source = document.getElementById(btn.getAttribute('data-copy') ?? '');
    if (!source) return;
    const text = source.textContent ?? '';
    const done = () => {
      const old = btn.textContent;
      btn.textContent = 'Copied';
      setTimeout(() => (btn.textContent = old), 1500);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => {
        /* permission refused: nothing copied, the button keeps its label */
      });
      return;
    }
    const range = document.createRange();
    range.selectNodeContents(source);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    try {
      document.execCommand('copy');
      done();
    } catch {
      /* no clipboard: the text stays selected for Ctrl+C */
    }
  });
}

function confirmOnSubmit(): void {
  document.addEventListener('submit', (e) => {
    const message = (e.target as Element | null)?.getAttribute?.('data-confirm');
    if (message && !window.confirm(message)) e.preventDefault();
  });
}

/** Poll a job's or update's status until it ends, then reload for the server-rendered result. */
function poll(el: Element): void {
  const url = el.getAttribute('data-poll')!;
  const logId = el.getAttribute('data-log');
  const tick = () => {
    fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then((r) => {
        if (!r.ok) throw new Error(String(r.status));
        return r.json() as Promise<{ status: string; statusLabel?: string; logs?: string[]; summary?: string }>;
      })
      .then((data) => {
        el.textContent = data.statusLabel ?? data.status;
        el.className = `badge ${data.status}`;
        const pre = logId ? document.getElementById(logId) : null;
        if (pre && Array.isArray(data.logs)) {
          const atEnd = pre.scrollTop + pre.clientHeight >= pre.scrollHeight - 8;
          pre.textContent = data.logs.join('\n');
          if (atEnd) pre.scrollTop = pre.scrollHeight;
        }
        const summaryId = el.getAttribute('data-summary');
        const summary = summaryId ? document.getElementById(summaryId) : null;
        if (summary && typeof data.summary === 'string') summary.textContent = data.summary;
        if (TERMINAL.includes(data.status)) {
          if (el.hasAttribute('data-reload')) {
            const u = new URL(location.href);
            u.searchParams.delete('notice');
            location.replace(u.toString());
          }
          return;
        }
        setTimeout(tick, 1500);
      })
      .catch(() => setTimeout(tick, 5000));
  };
  setTimeout(tick, 1000);
}

/** Light, dark or the system's: `data-theme` on <html> now, a cookie so the server draws it next time. */
function themeSwitch(): void {
  const buttons = document.querySelectorAll<HTMLButtonElement>('[data-theme-choice]');
  buttons.forEach((button) =>
    button.addEventListener('click', () => {
      const choice = button.dataset.themeChoice!;
      if (choice === 'system') document.documentElement.removeAttribute('data-theme');
      else document.documentElement.setAttribute('data-theme', choice);
      document.cookie = `folio_theme=${choice}; path=/; max-age=31536000; SameSite=Lax`;
      buttons.forEach((b) => b.setAttribute('aria-pressed', String(b === button)));
      document.dispatchEvent(new CustomEvent('folio:theme'));
    }),
  );
}

/** On phones the sidebar is a drawer: the menu button opens it, Escape, the scrim or a link closes it. */
function drawer(): void {
  const app = document.querySelector('.app');
  const open = document.querySelector<HTMLButtonElement>('[data-drawer-open]');
  const sidebar = document.getElementById('sidebar');
  if (!app || !open || !sidebar) return;
  const close = document.querySelector<HTMLButtonElement>('[data-drawer-close]');
  const set = (opened: boolean) => {
    app.classList.toggle('drawer-open', opened);
    open.setAttribute('aria-expanded', String(opened));
    if (opened) (close ?? sidebar.querySelector<HTMLElement>('a, button'))?.focus();
    else open.focus();
  };
  open.addEventListener('click', () => set(true));
  close?.addEventListener('click', () => set(false));
  document.querySelector('.scrim')?.addEventListener('click', () => set(false));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && app.classList.contains('drawer-open')) set(false);
  });
}

/** One popover open at a time; a click outside or Escape closes it (focus back on its button). */
function popovers(): void {
  const all = () => document.querySelectorAll<HTMLDetailsElement>('details.pop[open]');
  document.addEventListener('click', (e) => {
    const target = e.target as Node;
    all().forEach((d) => {
      if (!d.contains(target)) d.open = false;
    });
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    all().forEach((d) => {
      d.open = false;
      d.querySelector<HTMLElement>('summary')?.focus();
    });
  });
  document.querySelectorAll<HTMLDetailsElement>('details.pop').forEach((d) =>
    d.addEventListener('toggle', () => {
      if (!d.open) return;
      all().forEach((other) => {
        if (other !== d) other.open = false;
      });
      const island = d.querySelector<HTMLElement>('[data-calendar]');
      if (island) void loadIsland(island.dataset.calendar!);
    }),
  );
}

const loaded = new Map<string, Promise<unknown>>();
/** Import an island's module once (its URL carries the content hash). */
function loadIsland(src: string): Promise<unknown> {
  if (!loaded.has(src)) loaded.set(src, import(src).catch(() => loaded.delete(src)));
  return loaded.get(src)!;
}

copyOnClick();
confirmOnSubmit();
document.querySelectorAll('[data-poll]').forEach(poll);
themeSwitch();
drawer();
popovers();
const chart = document.querySelector<HTMLElement>('[data-chart]');
if (chart) void loadIsland(chart.dataset.chart!);
