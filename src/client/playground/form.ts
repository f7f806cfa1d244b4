/**
 * The form's fields, in sections as the reference groups them (server, authorization, path, query,
 * headers, cookies, body), each a section that folds (`<details>`): each row is the name, type,
 * required marker and hint on the left, the control and its error on the right (stacked on phones).
 */
import { bodyRows, flattenExample, schemaExamples } from './body-form.js';
import { el, idOf } from './dom.js';
import { authLabel } from './request.js';
import type { Field, Spec, Values } from './spec.js';

export interface Row {
  key: string;
  label: string;
  type?: string;
  required?: boolean;
  hint?: string;
  choices?: string[];
  placeholder?: string;
  secret?: boolean;
  prefix?: string;
  file?: boolean;
  multiline?: number;
  /** A switch (body booleans): on is `true`, off `false` once touched or when required, else not sent. */
  toggle?: boolean;
}

/** One labelled control with room for its error; `aria-describedby` names the hint (and the error when shown). */
function row(r: Row, values: Values): HTMLElement {
  const id = idOf(r.key);
  let control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  if (r.choices) {
    control = el('select', { id, name: r.key });
    if (r.key !== 'server') control.append(el('option', { value: '', text: r.required ? 'Choose…' : '—' }));
    for (const choice of r.choices) control.append(el('option', { value: choice, text: choice }));
  } else if (r.multiline) {
    control = el('textarea', { id, name: r.key, rows: String(r.multiline), spellcheck: 'false' });
  } else if (r.toggle) {
    control = el('input', { id, name: r.key, type: 'checkbox', role: 'switch', class: 'pg-switch' });
    const input = control;
    if (r.required) input.dataset.required = '';
    input.checked = values[r.key] === 'true';
    if (values[r.key] === 'false' || values[r.key] === 'true') input.dataset.set = '';
    input.addEventListener('change', () => (input.dataset.set = ''));
  } else {
    control = el('input', { id, name: r.key, type: r.file ? 'file' : r.secret ? 'password' : 'text', autocomplete: 'off', spellcheck: 'false' });
  }
  if (r.placeholder && !(control instanceof HTMLSelectElement)) control.placeholder = r.placeholder;
  if (!r.file && !r.toggle && values[r.key] !== undefined) control.value = values[r.key]!;
  if (r.required && !r.toggle) control.setAttribute('aria-required', 'true');
  const label = el('div', { class: 'pg-label' }, el('label', { for: id }, el('code', { text: r.label })));
  if (r.type) label.append(el('span', { class: 'api-type', text: r.type }));
  if (r.required) label.append(el('span', { class: 'api-pill api-required', text: 'required' }));
  if (r.hint) {
    label.append(el('p', { class: 'pg-hint', id: `${id}-hint`, text: r.hint }));
    control.setAttribute('aria-describedby', `${id}-hint`);
  }
  const box = r.prefix ? el('div', { class: 'pg-prefixed' }, el('span', { class: 'pg-prefix', 'aria-hidden': 'true', text: r.prefix }), control) : r.toggle ? el('span', { class: 'pg-toggle' }, control) : control;
  const cell = el('div', { class: 'pg-control' }, box, el('p', { class: 'pg-field-error', id: `${id}-error`, hidden: '' }));
  return el('div', { class: 'pg-field', 'data-key': r.key }, label, cell);
}

/** A section that folds: its name is the summary, open at first. */
function section(name: string, rows: HTMLElement[], action?: HTMLElement, note?: string): HTMLElement | null {
  if (rows.length === 0) return null;
  const summary = el('summary', {}, el('span', { class: 'pg-chevron', 'aria-hidden': 'true' }), el('span', { class: 'pg-section-name', text: name }));
  if (note) summary.append(el('span', { class: 'pg-section-note', text: note }));
  const body = el('div', { class: 'pg-section-body' }, ...rows);
  if (action) body.prepend(el('div', { class: 'pg-section-actions' }, action));
  return el('details', { class: 'pg-group', open: '', 'data-section': name.split(' ')[0]!.toLowerCase() }, summary, body);
}

function fieldRow(f: Field): Row {
  const r: Row = { key: `${f.in}:${f.name}`, label: f.name, type: f.type, required: f.required, placeholder: `enter ${f.name}` };
  if (f.enum) r.choices = f.enum;
  else if (f.type === 'boolean') r.choices = ['true', 'false'];
  if (f.description) r.hint = f.description;
  return r;
}

/** The body's example (the operation's), parsed when JSON. */
function exampleValue(spec: Spec): unknown {
  try {
    return JSON.parse(spec.body?.example ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** Starting values of the body's form: the schema's own examples when the site prefills. */
export function bodyStart(spec: Spec, values: Values): void {
  const schema = spec.body?.schema;
  if (!schema || Object.keys(values).some((k) => k.startsWith('body:'))) return;
  if (spec.prefill) schemaExamples(schema, '', values);
}

/** The body section's rows (rebuilt by "Fill with example"). */
function bodySection(spec: Spec, values: Values): HTMLElement | null {
  const body = spec.body;
  if (!body) return null;
  if (body.fields?.length) {
    return section('Body', body.fields.map((f) => row({ key: `form:${f.name}`, label: f.name, type: f.binary ? 'file' : f.type, required: f.required, file: f.binary, placeholder: `enter ${f.name}` }, values)), undefined, body.contentType);
  }
  const example = exampleValue(spec);
  const fill = el('button', { type: 'button', class: 'pg-copy pg-fill', text: 'Fill with example' });
  let node: HTMLElement | null;
  if (body.schema) {
    const schema = body.schema;
    node = section('Body', bodyRows(schema, '', values, (r) => row(r, values)), example !== undefined ? fill : undefined, body.contentType);
    fill.addEventListener('click', () => {
      const form = fill.closest('form')!;
      const filled: Values = {};
      flattenExample(schema, '', example, filled);
      const fresh = bodySection(spec, filled)!;
      const old = form.querySelector('.pg-group[data-section=body]')!;
      old.replaceWith(fresh);
      form.dispatchEvent(new Event('input', { bubbles: true }));
      fresh.querySelector<HTMLElement>('input,select,textarea')?.focus();
    });
  } else {
    const lines = Math.min(16, Math.max(5, body.example.split('\n').length));
    node = section('Body', [row({ key: 'body', label: 'body', type: body.contentType, required: body.required, multiline: lines, placeholder: 'JSON value' }, values)], body.example.trim() ? fill : undefined, body.contentType);
    fill.addEventListener('click', () => {
      const area = fill.closest('details')!.querySelector('textarea')!;
      area.value = body.example;
      area.dispatchEvent(new Event('input', { bubbles: true }));
      area.focus();
    });
  }
  return node;
}

/** The sections of fields of one operation, in the reference's order. */
export function formGroups(spec: Spec, values: Values): HTMLElement[] {
  const groups: (HTMLElement | null)[] = [];
  if (spec.servers.length > 1) groups.push(section('Server', [row({ key: 'server', label: 'Base URL', choices: spec.servers, required: true }, values)]));
  groups.push(
    section(
      'Authorization',
      spec.auth.flatMap((a): HTMLElement[] => {
        if (a.type === 'http' && a.scheme === 'basic') {
          return [
            row({ key: `auth:${a.name}:user`, label: 'Username', type: 'string', required: true, hint: a.description ?? 'Basic authentication: the username and password are sent in the Authorization header.', placeholder: 'enter username' }, values),
            row({ key: `auth:${a.name}`, label: 'Password', type: 'string', secret: true, placeholder: 'enter password' }, values),
          ];
        }
        const { label, hint, prefix, placeholder } = authLabel(a);
        return [row({ key: `auth:${a.name}`, label, type: 'string', required: true, hint, secret: true, placeholder, ...(prefix ? { prefix } : {}) }, values)];
      }),
    ),
  );
  for (const [where, legend] of [['path', 'Path'], ['query', 'Query'], ['header', 'Header'], ['cookie', 'Cookie']] as const) {
    groups.push(section(legend, spec.fields.filter((f) => f.in === where).map((f) => row(fieldRow(f), values))));
  }
  groups.push(bodySection(spec, values));
  return groups.filter((g): g is HTMLElement => g !== null);
}
