/**
 * The form's fields, grouped as the reference groups them (server, authorization, parameters by
 * location, body): each row is the name, type, required marker and hint on the left, the control
 * and its error on the right (stacked on phones).
 */
import { el, idOf } from './dom.js';
import { authLabel } from './request.js';
import type { Field, Spec, Values } from './spec.js';

interface Row {
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
  } else {
    control = el('input', { id, name: r.key, type: r.file ? 'file' : r.secret ? 'password' : 'text', autocomplete: 'off', spellcheck: 'false' });
  }
  if (r.placeholder && !(control instanceof HTMLSelectElement)) control.placeholder = r.placeholder;
  if (!r.file && values[r.key] !== undefined) control.value = values[r.key]!;
  if (r.required) control.setAttribute('aria-required', 'true');
  const label = el('div', { class: 'pg-label' }, el('label', { for: id }, el('code', { text: r.label })));
  if (r.type) label.append(el('span', { class: 'api-type', text: r.type }));
  if (r.required) label.append(el('span', { class: 'api-pill api-required', text: 'required' }));
  if (r.hint) {
    label.append(el('p', { class: 'pg-hint', id: `${id}-hint`, text: r.hint }));
    control.setAttribute('aria-describedby', `${id}-hint`);
  }
  const box = r.prefix ? el('div', { class: 'pg-prefixed' }, el('span', { class: 'pg-prefix', 'aria-hidden': 'true', text: r.prefix }), control) : control;
  const cell = el('div', { class: 'pg-control' }, box, el('p', { class: 'pg-field-error', id: `${id}-error`, hidden: '' }));
  if (r.multiline && r.placeholder) {
    // The example shows as the placeholder; one click makes it the body to edit.
    const fill = el('button', { type: 'button', class: 'pg-copy pg-use-example', text: 'Use the example' });
    fill.addEventListener('click', () => {
      control.value = r.placeholder!;
      control.dispatchEvent(new Event('input', { bubbles: true }));
      control.focus();
    });
    cell.append(fill);
  }
  return el('div', { class: 'pg-field', 'data-key': r.key }, label, cell);
}

function group(legend: string, rows: Row[], values: Values): HTMLElement | null {
  return rows.length === 0 ? null : el('fieldset', { class: 'pg-group' }, el('legend', { text: legend }), ...rows.map((r) => row(r, values)));
}

function fieldRow(f: Field): Row {
  const r: Row = { key: `${f.in}:${f.name}`, label: f.name, type: f.type, required: f.required, placeholder: f.example ?? `enter ${f.name}` };
  if (f.enum) r.choices = f.enum;
  else if (f.type === 'boolean') r.choices = ['true', 'false'];
  if (f.description) r.hint = f.description;
  return r;
}

/** The groups of fields of one operation, in the reference's order. */
export function formGroups(spec: Spec, values: Values): HTMLElement[] {
  const groups: (HTMLElement | null)[] = [];
  if (spec.servers.length > 1) groups.push(group('Server', [{ key: 'server', label: 'Base URL', choices: spec.servers, required: true }], values));
  groups.push(
    group(
      'Authorization',
      spec.auth.flatMap((a): Row[] => {
        if (a.type === 'http' && a.scheme === 'basic') {
          return [
            { key: `auth:${a.name}:user`, label: 'Username', required: true, hint: `${a.name}: HTTP Basic`, placeholder: 'enter username' },
            { key: `auth:${a.name}`, label: 'Password', secret: true, placeholder: 'enter password' },
          ];
        }
        const { label, hint } = authLabel(a);
        const bearer = a.type !== 'apiKey';
        return [{ key: `auth:${a.name}`, label, type: 'string', required: true, hint, secret: true, placeholder: bearer ? 'enter bearer token' : 'enter API key', ...(bearer ? { prefix: 'Bearer' } : {}) }];
      }),
      values,
    ),
  );
  for (const [where, legend] of [['path', 'Path'], ['query', 'Query'], ['header', 'Headers'], ['cookie', 'Cookies']] as const) {
    groups.push(group(legend, spec.fields.filter((f) => f.in === where).map(fieldRow), values));
  }
  const body = spec.body;
  if (body?.fields?.length) {
    groups.push(group(`Body (${body.contentType})`, body.fields.map((f) => ({ key: `form:${f.name}`, label: f.name, type: f.binary ? 'file' : f.type, required: f.required, file: f.binary, placeholder: `enter ${f.name}` })), values));
  } else if (body) {
    const lines = Math.min(16, Math.max(5, body.example.split('\n').length));
    groups.push(group('Body', [{ key: 'body', label: 'body', type: body.contentType, required: body.required, multiline: lines, placeholder: body.example }], values));
  }
  return groups.filter((g): g is HTMLElement => g !== null);
}
