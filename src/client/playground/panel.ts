/**
 * The request panel "Try it" opens: a modal `<dialog>` (the page behind is inert, Escape and the
 * close button shut it, focus returns to "Try it"), full screen on phones. On top the method, the
 * URL as it will be sent and Send; below, the fields on the left and, on the right, the request as
 * cURL and the response. Required fields are checked before anything is sent.
 */
import { el, idOf } from './dom.js';
import { formGroups } from './form.js';
import { curlOf, problemsOf, requestOf } from './request.js';
import { showAnswer, showNote, showProblem } from './result.js';
import { send } from './send.js';
import type { Spec, Values } from './spec.js';
import { readStore, writeStore } from '../storage.js';
import { readerInputs } from './prefill.js';

export interface Panel {
  open(opener: HTMLElement): void;
}

/** Everything the form holds, by key (file pickers aside). */
function formValues(form: HTMLFormElement): Values {
  const out: Values = {};
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[name]')) if (control.type !== 'file') out[control.name] = control.value;
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

export function createPanel(spec: Spec, title: string): Panel {
  const storeKey = `folio-playground:${location.host}:${spec.method} ${spec.path}`;
  const authKey = `folio-playground-auth:${location.host}`;
  const values: Values = {};
  if (spec.prefill) {
    for (const f of spec.fields) if (f.example !== undefined) values[`${f.in}:${f.name}`] = f.example;
    if (spec.body) values.body = spec.body.example;
  }
  // The signed-in reader's own values (their API key), under what they typed themselves.
  Object.assign(values, readerInputs(spec));
  try {
    Object.assign(values, JSON.parse(readStore(authKey) ?? '{}'), JSON.parse(readStore(storeKey) ?? '{}'));
  } catch {
    // Stored values that do not parse (written by hand, or by another version): start empty.
  }
  const method = spec.method.toLowerCase();
  const url = el('code', { class: 'pg-url-text' });
  const sendButton = el('button', { type: 'submit', class: 'pg-send', text: 'Send' });
  const close = el('button', { type: 'button', class: 'pg-close', 'aria-label': 'Close', text: '×' });
  const curl = el('code');
  const copy = el('button', { type: 'button', class: 'pg-copy', text: 'Copy' });
  const out = el('div', { class: 'pg-result', 'aria-live': 'polite' });
  showNote(out, 'Fill in the fields and press Send (Ctrl+Enter) to see the answer here.');
  const form = el(
    'form',
    { class: 'pg-form', novalidate: '' },
    el('div', { class: 'pg-head' }, el('h2', { id: 'pg-title', class: 'pg-title' }, el('span', { class: 'pg-kicker', text: 'Try it' }), title), close),
    el('div', { class: 'pg-bar' }, el('div', { class: 'pg-url' }, el('span', { class: `api-method api-method-${method}`, text: spec.method }), url), sendButton),
    el(
      'div',
      { class: 'pg-body' },
      el('div', { class: 'pg-inputs' }, ...formGroups(spec, values)),
      el(
        'div',
        { class: 'pg-outputs' },
        el('section', { class: 'pg-card', 'aria-label': 'Request' }, el('div', { class: 'pg-card-head' }, el('h3', { text: 'cURL' }), copy), el('pre', { class: 'pg-curl' }, curl)),
        el('section', { class: 'pg-card', 'aria-label': 'Response' }, el('div', { class: 'pg-card-head' }, el('h3', { text: 'Response' })), out),
      ),
    ),
  );
  const dialog = el('dialog', { class: 'pg-dialog', 'aria-labelledby': 'pg-title' }, form);
  document.body.append(dialog);
  const multipart = Boolean(spec.body?.fields?.length);
  let opener: HTMLElement | null = null;

  const refresh = () => {
    const current = formValues(form);
    const request = requestOf(spec, current, multipart ? formBody(spec, form, current) : undefined, true);
    drawUrl(url, spec, current, request.url);
    curl.textContent = curlOf(spec.method, request);
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
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const current = refresh();
    store(current);
    const problems = problemsOf(spec, current, (name) => filesOf(form, name)?.length ?? 0);
    for (const field of form.querySelectorAll<HTMLElement>('.pg-field')) setError(field.dataset.key!, problems.get(field.dataset.key!));
    if (problems.size > 0) {
      const names = [...problems.keys()].map((key) => form.querySelector(`label[for="${idOf(key)}"]`)?.textContent ?? key);
      showProblem(out, { title: `Not sent: ${problems.size === 1 ? 'one field needs' : `${problems.size} fields need`} attention`, lines: [names.join(', ')] });
      form.querySelector<HTMLElement>(`#${idOf([...problems.keys()][0]!)}`)?.focus();
      return;
    }
    const request = requestOf(spec, current, multipart ? formBody(spec, form, current) : undefined);
    sendButton.disabled = true;
    showNote(out, `Sending ${spec.method} ${request.url}…`);
    void send(spec.method, request, spec)
      .then((outcome) => ('problem' in outcome ? showProblem(out, outcome.problem) : showAnswer(out, outcome.answer, outcome.route)))
      .finally(() => {
        sendButton.disabled = false;
        if (matchMedia('(max-width: 899px)').matches) out.scrollIntoView({ block: 'nearest' });
      });
  });
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(curl.textContent ?? '').then(() => {
      copy.textContent = 'Copied';
      setTimeout(() => (copy.textContent = 'Copy'), 1500);
    });
  });
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog box itself has no padding, its form fills it) closes it.
  dialog.addEventListener('click', (event) => event.target === dialog && dialog.close());
  dialog.addEventListener('close', () => opener?.focus());
  // Tab and Shift+Tab cycle inside the panel rather than leaving for the browser's own controls.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first)?.focus();
    }
  });
  refresh();

  return {
    open(from) {
      opener = from;
      dialog.showModal();
      const controls = [...form.querySelectorAll<HTMLInputElement>('.pg-inputs input, .pg-inputs select, .pg-inputs textarea')];
      (controls.find((c) => c.getAttribute('aria-required') === 'true' && c.value === '') ?? controls[0] ?? sendButton).focus();
    },
  };
}
