/**
 * The request panel "Try it" opens: a modal `<dialog>` (the page behind is inert, Escape and the
 * close button shut it, focus returns to "Try it"), full screen on phones. On top the endpoint
 * switcher (the other operations of the page's sidebar group), the URL as it will be sent and Send;
 * below, the operation's title and its fields in sections that fold on the left and, on the right,
 * the request in the languages of the page's samples and the response (the operation's example
 * until a real answer arrives). Required fields are checked before anything is sent.
 */
import { bodyJson, bodyProblems } from './body-form.js';
import { el, idOf } from './dom.js';
import { bodyStart, formGroups } from './form.js';
import { problemsOf, requestOf } from './request.js';
import { showAnswer, showExample, showNote, showProblem } from './result.js';
import { canReach, originOf, send } from './send.js';
import { snippetOf } from './snippets.js';
import type { Outgoing, Spec, Values } from './spec.js';
import { readStore, writeStore } from '../storage.js';
import { readerInputs } from './prefill.js';

export interface Panel {
  /** Show it; `atSwitcher` puts focus on the endpoint switcher (after a switch) instead of the first field. */
  open(opener: HTMLElement | null, atSwitcher?: boolean): void;
  /** Close and remove it without its closing steps (another operation's panel took its place). */
  discard(): void;
}

/** Where a panel's operation comes from: its page (the document, or another endpoint page fetched), and what switching and closing do. */
export interface PanelPage {
  page?: Document;
  /** The switcher chose another operation (its page's address): the default opens that page with its playground. */
  onSwitch?: (href: string) => void;
  onClose?: () => void;
}

/** Everything the form holds, by key (file pickers aside; a switch is `true`, `false` once set, or empty). */
function formValues(form: HTMLFormElement): Values {
  const out: Values = {};
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[name]')) {
    if (control.type === 'file') continue;
    if (control instanceof HTMLInputElement && control.type === 'checkbox') out[control.name] = control.checked ? 'true' : control.dataset.set !== undefined || control.dataset.required !== undefined ? 'false' : '';
    else out[control.name] = control.value;
  }
  return out;
}

function filesOf(form: HTMLFormElement, name: string): FileList | null {
  return form.querySelector<HTMLInputElement>(`input[type=file][name="form:${CSS.escape(name)}"]`)?.files ?? null;
}

/** A multipart body from the form's `form:` fields, files included. */
function formBody(spec: Spec, form: HTMLFormElement, values: Values): FormData {
  const data = new FormData();
  for (const f of spec.body?.fields ?? []) {
    if (f.binary) for (const file of filesOf(form, f.name) ?? []) data.append(f.name, file);
    else if ((values[`form:${f.name}`] ?? '') !== '') data.append(f.name, values[`form:${f.name}`]!);
  }
  return data;
}

/** The URL as it will be sent: server muted, path parameters as chips (their value once typed), a break chance before each `/`. */
function drawUrl(target: HTMLElement, spec: Spec, values: Values, url: string): void {
  const server = (values.server || spec.servers[0] || '').replace(/\/+$/, '');
  const parts: (Node | string)[] = [el('span', { class: 'pg-url-server', text: server })];
  for (const piece of spec.path.split(/(\{[^}]+\})/)) {
    const param = /^\{(.+)\}$/.exec(piece);
    if (param) {
      const value = values[`path:${param[1]}`] ?? '';
      parts.push(el('span', value ? { class: 'pg-url-param', 'data-filled': '' } : { class: 'pg-url-param' }, value || piece));
    } else {
      piece.split('/').forEach((segment, i) => parts.push(...(i > 0 ? [el('wbr'), '/'] : []), segment));
    }
  }
  const search = url.indexOf('?');
  if (search >= 0) parts.push(el('wbr'), el('span', { class: 'pg-url-server', text: url.slice(search) }));
  target.replaceChildren(...parts);
}

const FOCUSABLE = 'button,input,select,textarea,summary,[href],[tabindex]:not([tabindex="-1"])';

/**
 * The other operations of the page's sidebar group: the links with a method badge beside the
 * current page's, or every page link of the group when none has one (MDX endpoint pages).
 */
function siblings(page: Document): { method: string; title: string; href: string; current: boolean }[] {
  const bare = (path: string) => path.replace(/(\/index)?(\.html)?\/?$/, '') || '/';
  const links = [...page.querySelectorAll<HTMLAnchorElement>('.sidebar a.nav-link')];
  const mine = links.find((a) => a.getAttribute('aria-current') === 'page') ?? links.find((a) => bare(a.pathname) === bare(new URL(page.baseURI).pathname));
  const list = mine?.closest('ul');
  if (!mine || !list) return [];
  const all = [...list.children].flatMap((li) => {
    const a = li.querySelector<HTMLAnchorElement>(':scope > a.nav-link');
    if (!a || a.origin !== location.origin) return [];
    return [{ method: a.querySelector('.method')?.textContent?.trim() ?? '', title: a.querySelector('.nav-text')?.textContent?.trim() ?? a.textContent!.trim(), href: a.href, current: a === mine }];
  });
  return all.some((o) => o.method) ? all.filter((o) => o.method) : all;
}

/** The switcher of endpoints: the current operation's method and title, a list of its group's others that switches the panel to theirs. */
function switcher(spec: Spec, title: string, page: Document, onSwitch: (href: string) => void): HTMLElement {
  const method = spec.method.toLowerCase();
  const badge = el('span', { class: `api-method api-method-${method}`, text: spec.method });
  const others = siblings(page);
  if (others.length < 2) return el('div', { class: 'pg-switcher' }, badge, el('span', { class: 'pg-switcher-title', text: title }));
  const select = el('select', { class: 'pg-switcher-select', 'aria-label': 'Endpoint' });
  for (const o of others) {
    const option = el('option', { value: o.href, text: o.method ? `${o.method} ${o.title}` : o.title });
    if (o.current) option.selected = true;
    select.append(option);
  }
  // The chosen operation takes the panel's place (typed values are kept per site).
  select.addEventListener('change', () => onSwitch(select.value.replace(/#.*$/, '')));
  const shown = el('span', { class: 'pg-switcher-title', 'aria-hidden': 'true', text: title });
  return el('div', { class: 'pg-switcher', 'data-choices': String(others.length) }, badge, shown, select, el('span', { class: 'pg-chevron pg-switcher-chevron', 'aria-hidden': 'true' }));
}

/** The page's own sample of tab `index` (the spec's sample, or the build's for a language without a writer here). */
function pageSample(page: Document, index: number): string | undefined {
  const panel = page.querySelectorAll('.api-request-example [data-folio-tab-panel]')[index];
  return panel?.querySelector('.folio-code-body')?.textContent ?? undefined;
}

export function createPanel(spec: Spec, title: string, { page = document, onSwitch = (href) => location.assign(`${href}#playground`), onClose }: PanelPage = {}): Panel {
  const storeKey = `folio-playground:${location.host}:${spec.method} ${spec.path}`;
  const authKey = `folio-playground-auth:${location.host}`;
  const values: Values = {};
  if (spec.prefill) {
    for (const f of spec.fields) if (f.example !== undefined) values[`${f.in}:${f.name}`] = f.example;
    if (spec.body && !spec.body.schema) values.body = spec.body.example;
  }
  // The signed-in reader's own values (their API key), under what they typed themselves.
  Object.assign(values, readerInputs(spec));
  try {
    Object.assign(values, JSON.parse(readStore(authKey) ?? '{}'), JSON.parse(readStore(storeKey) ?? '{}'));
  } catch {
    // Stored values that do not parse (written by hand, or by another version): start empty.
  }
  bodyStart(spec, values);
  const method = spec.method.toLowerCase();
  const url = el('code', { class: 'pg-url-text' });
  const sendButton = el('button', { type: 'submit', class: 'pg-send' }, 'Send', el('span', { class: 'pg-send-icon', 'aria-hidden': 'true' }));
  const close = el('button', { type: 'button', class: 'pg-close', 'aria-label': 'Close', text: '×' });
  const code = el('code');
  const copy = el('button', { type: 'button', class: 'pg-copy', 'aria-label': 'Copy the request', text: 'Copy' });
  const out = el('div', { class: 'pg-result', 'aria-live': 'polite' });
  const responseLabel = el('span', { class: 'pg-response-label' });
  const notice = el('p', { class: 'pg-notice', hidden: '' });

  // The request's languages: the page's sample tabs (cURL alone when the page has none of its own).
  const tabs = spec.samples?.length ? spec.samples : [{ label: 'cURL', own: false }];
  const selectedOnPage = [...page.querySelectorAll('.api-request-example [role=tab]')].findIndex((t) => t.getAttribute('aria-selected') === 'true');
  let language = Math.max(0, Math.min(tabs.length - 1, selectedOnPage));
  const tabButtons = tabs.map((tab, i) => {
    const button = el('button', { type: 'button', role: 'tab', class: 'pg-tab', id: `pg-tab-${i}`, 'aria-controls': 'pg-code', text: tab.label });
    button.addEventListener('click', () => {
      language = i;
      drawTabs();
      refresh();
    });
    return button;
  });
  const drawTabs = () =>
    tabButtons.forEach((b, i) => {
      b.setAttribute('aria-selected', String(i === language));
      b.tabIndex = i === language ? 0 : -1;
    });
  const tabList = el('div', { class: 'pg-tabs', role: 'tablist', 'aria-label': 'Request language' }, ...tabButtons);
  tabList.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    language = (language + step + tabs.length) % tabs.length;
    drawTabs();
    refresh();
    tabButtons[language]!.focus();
  });
  drawTabs();

  const showStart = () => {
    if (spec.response) {
      responseLabel.textContent = spec.response.status;
      showExample(out, spec.response.code);
    } else {
      responseLabel.textContent = 'Response';
      showNote(out, 'Fill in the fields and press Send (Ctrl+Enter) to see the answer here.');
    }
  };
  showStart();
  const intro = el('div', { class: 'pg-intro' }, el('h2', { id: 'pg-title', class: 'pg-title', text: title }));
  if (spec.summary) intro.append(el('p', { class: 'pg-summary', text: spec.summary }));
  const form = el(
    'form',
    { class: 'pg-form', novalidate: '' },
    el('div', { class: 'pg-bar' }, switcher(spec, title, page, onSwitch), el('div', { class: 'pg-url' }, el('span', { class: `api-method api-method-${method}`, text: spec.method }), url), sendButton, close),
    notice,
    el(
      'div',
      { class: 'pg-body' },
      el('div', { class: 'pg-inputs' }, intro, ...formGroups(spec, values)),
      el(
        'div',
        { class: 'pg-outputs' },
        el('section', { class: 'pg-card pg-request', 'aria-label': 'Request' }, el('div', { class: 'pg-card-head' }, tabList, copy), el('pre', { class: 'pg-curl', id: 'pg-code', role: 'tabpanel', tabindex: '0' }, code)),
        el('section', { class: 'pg-card pg-response', 'aria-label': 'Response' }, el('div', { class: 'pg-card-head' }, responseLabel), out),
      ),
    ),
  );
  const dialog = el('dialog', { class: 'pg-dialog', 'aria-labelledby': 'pg-title' }, form);
  document.body.append(dialog);
  const multipart = Boolean(spec.body?.fields?.length);
  let opener: HTMLElement | null = null;
  let discarded = false;
  /** Set when the browser may not send to the API and there is no proxy: Send is hidden and the notice says why. */
  let unreachable = false;

  /** The values with the body's form read into `body` (JSON text), as the request sends it. */
  const withBody = (current: Values): Values => {
    const schema = spec.body?.schema;
    if (!schema) return current;
    const json = bodyJson(schema, '', current) as Record<string, unknown>;
    const empty = Object.keys(json).length === 0 && !spec.body!.required;
    return { ...current, body: empty ? '' : JSON.stringify(json) };
  };
  const refresh = () => {
    const current = formValues(form);
    const sent = withBody(current);
    const request: Outgoing = requestOf(spec, sent, multipart ? formBody(spec, form, sent) : undefined, true);
    drawUrl(url, spec, sent, request.url);
    const tab = tabs[language]!;
    const pretty = sent.body && spec.body?.schema ? { ...request, body: JSON.stringify(JSON.parse(sent.body), null, 2) } : request;
    code.textContent = (tab.own ? undefined : snippetOf(tab.label, spec.method, pretty)) ?? pageSample(page, language) ?? snippetOf('curl', spec.method, pretty)!;
    return current;
  };
  const store = (current: Values) => {
    const entries = Object.entries(current);
    writeStore(authKey, JSON.stringify(Object.fromEntries(entries.filter(([k]) => k.startsWith('auth:')))));
    writeStore(storeKey, JSON.stringify(Object.fromEntries(entries.filter(([k]) => !k.startsWith('auth:')))));
  };
  const setError = (key: string, message: string | undefined) => {
    const control = form.querySelector<HTMLElement>(`#${idOf(key)}`);
    const error = form.querySelector<HTMLElement>(`#${idOf(key)}-error`);
    if (!control || !error) return;
    error.textContent = message ?? '';
    error.hidden = !message;
    const described = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== error.id);
    if (message) described.push(error.id);
    if (described.length > 0) control.setAttribute('aria-describedby', described.join(' '));
    else control.removeAttribute('aria-describedby');
    if (message) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  };

  form.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name) setError(target.name, undefined);
    store(refresh());
  });
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).type === 'checkbox') store(refresh());
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (unreachable) return;
    const current = refresh();
    store(current);
    const sent = withBody(current);
    const problems = problemsOf(spec, sent, (name) => filesOf(form, name)?.length ?? 0);
    if (spec.body?.schema) bodyProblems(spec.body.schema, '', current, problems);
    for (const field of form.querySelectorAll<HTMLElement>('.pg-field')) setError(field.dataset.key!, problems.get(field.dataset.key!));
    if (problems.size > 0) {
      const names = [...problems.keys()].map((key) => form.querySelector(`label[for="${idOf(key)}"]`)?.textContent ?? key);
      responseLabel.textContent = 'Response';
      showProblem(out, { title: `Not sent: ${problems.size === 1 ? 'one field needs' : `${problems.size} fields need`} attention`, lines: [names.join(', ')] });
      const first = form.querySelector<HTMLElement>(`#${idOf([...problems.keys()][0]!)}`);
      const folded = first?.closest('details');
      if (folded) folded.open = true;
      first?.focus();
      return;
    }
    const request = requestOf(spec, sent, multipart ? formBody(spec, form, sent) : undefined);
    sendButton.disabled = true;
    responseLabel.textContent = 'Response';
    showNote(out, `Sending ${spec.method} ${request.url}…`);
    void send(spec.method, request, spec)
      .then((outcome) => {
        if ('problem' in outcome) return showProblem(out, outcome.problem);
        responseLabel.textContent = String(outcome.answer.status);
        responseLabel.dataset.status = String(outcome.answer.status)[0];
        showAnswer(out, outcome.answer, outcome.route);
      })
      .finally(() => {
        sendButton.disabled = false;
        if (matchMedia('(max-width: 899px)').matches) out.scrollIntoView({ block: 'nearest' });
      });
  });
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(code.textContent ?? '').then(() => {
      copy.textContent = 'Copied';
      setTimeout(() => (copy.textContent = 'Copy'), 1500);
    });
  });
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog box itself has no padding, its form fills it) closes it.
  dialog.addEventListener('click', (event) => event.target === dialog && dialog.close());
  dialog.addEventListener('close', () => {
    if (discarded) return;
    onClose?.();
    opener?.focus();
    if (location.hash === '#playground') history.replaceState(history.state, '', location.pathname + location.search);
  });
  // Tab and Shift+Tab cycle inside the panel rather than leaving for the browser's own controls.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => !(e as HTMLButtonElement).disabled && e.tabIndex >= 0 && e.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  });
  refresh();

  /** No proxy and a page that may not connect to the API's host: say so once, and hide Send. */
  const checkRoute = () => {
    if (spec.proxy) return;
    void canReach(requestOf(spec, formValues(form)).url).then((reachable) => {
      if (reachable) return;
      unreachable = true;
      sendButton.hidden = true;
      notice.hidden = false;
      notice.textContent = `Requests cannot be sent from this page: the site has no request proxy (api.playground.proxy: false) and its Content-Security-Policy lets the page connect to ${location.origin} only, not to ${originOf(requestOf(spec, formValues(form)).url)}. Copy the request beside the form and run it from a terminal.`;
    });
  };
  let checked = false;

  return {
    discard() {
      discarded = true;
      dialog.close();
      dialog.remove();
    },
    open(from, atSwitcher = false) {
      opener = from;
      dialog.showModal();
      if (!checked) {
        checked = true;
        checkRoute();
      }
      const controls = [...form.querySelectorAll<HTMLInputElement>('.pg-inputs input, .pg-inputs select, .pg-inputs textarea')].filter((c) => c.type !== 'checkbox');
      const select = atSwitcher ? form.querySelector<HTMLElement>('.pg-switcher-select') : null;
      (select ?? controls.find((c) => c.getAttribute('aria-required') === 'true' && c.value === '') ?? controls[0] ?? sendButton).focus();
    },
  };
}
