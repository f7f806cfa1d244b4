/**
 * The JSON body as a form, built from the request body's schema (`spec.body.schema`): an object's
 * properties as fields (nested objects indented under their name), arrays as lists with "Add
 * item", enums as selects, booleans as switches, parts the form cannot draw (a choice of schemas,
 * a free-form object) as JSON text. Each control's key is `body:<path>` (`body:owner.name`,
 * `body:tags.0`); `bodyJson` reads the values back into the JSON the request sends.
 */
import { el } from './dom.js';
import type { Row } from './form.js';
import type { BodyNode, Values } from './spec.js';

/** A labelled control row, made by form.ts (the same rows as parameters). */
export type RowMaker = (r: Row) => HTMLElement;

const join = (path: string, part: string | number) => (path === '' ? String(part) : `${path}.${part}`);
const key = (path: string) => `body:${path}`;

/** The item indices of the array at `path` that `values` holds, in order. */
function indicesOf(path: string, values: Values): number[] {
  const prefix = `${key(path)}.`;
  const found = new Set<number>();
  for (const k of Object.keys(values)) {
    if (!k.startsWith(prefix)) continue;
    const index = Number(k.slice(prefix.length).split('.')[0]);
    if (Number.isInteger(index) && index >= 0) found.add(index);
  }
  return [...found].sort((a, b) => a - b);
}

/** An example value written into form values, part by part (what "Fill with example" does). */
export function flattenExample(node: BodyNode, path: string, value: unknown, out: Values): void {
  if (value === undefined || value === null) return;
  if (node.kind === 'object' && typeof value === 'object' && !Array.isArray(value)) {
    for (const p of node.properties ?? []) flattenExample(p, join(path, p.name!), (value as Record<string, unknown>)[p.name!], out);
  } else if (node.kind === 'array' && Array.isArray(value) && node.items) {
    value.forEach((item, i) => {
      const before = Object.keys(out).length;
      flattenExample(node.items!, join(path, i), item, out);
      // An item with nothing to show still takes its place in the list.
      if (Object.keys(out).length === before) out[key(join(path, i))] = '';
    });
  } else if (node.kind === 'json') {
    out[key(path)] = JSON.stringify(value, null, 2);
  } else if (typeof value !== 'object') {
    out[key(path)] = String(value);
  }
}

/** The schemas' own examples as starting values (when the site prefills). */
export function schemaExamples(node: BodyNode, path: string, out: Values): void {
  if (node.example !== undefined && node.kind !== 'object') return flattenExample(node, path, node.example, out);
  for (const p of node.properties ?? []) schemaExamples(p, join(path, p.name!), out);
}

function labelOf(node: BodyNode, path: string): string {
  return node.name ?? `${path.split('.').at(-2) ?? 'item'}[]`;
}

/** The rows of one node at `path` (the root object's path is ''). */
export function bodyRows(node: BodyNode, path: string, values: Values, row: RowMaker): HTMLElement[] {
  if (node.kind === 'object' && path === '') return (node.properties ?? []).map((p) => bodyRow(p, p.name!, values, row));
  return [bodyRow(node, path, values, row)];
}

function bodyRow(node: BodyNode, path: string, values: Values, row: RowMaker): HTMLElement {
  const label = labelOf(node, path);
  const base = { key: key(path), label, type: node.type, ...(node.required ? { required: true } : {}), ...(node.description ? { hint: node.description } : {}) };
  if (node.kind === 'object') {
    const head = el('div', { class: 'pg-label' }, el('code', { text: label }), el('span', { class: 'api-type', text: node.type }));
    if (node.required) head.append(el('span', { class: 'api-pill api-required', text: 'required' }));
    if (node.description) head.append(el('p', { class: 'pg-hint', text: node.description }));
    const children = (node.properties ?? []).map((p) => bodyRow(p, join(path, p.name!), values, row));
    return el('div', { class: 'pg-object', 'data-key': key(path), role: 'group', 'aria-label': label }, head, el('div', { class: 'pg-children' }, ...children));
  }
  if (node.kind === 'array' && node.items) {
    const items = node.items;
    const list = el('ol', { class: 'pg-items' });
    let next = 0;
    const addItem = (index: number) => {
      next = Math.max(next, index + 1);
      const remove = el('button', { type: 'button', class: 'pg-copy pg-remove', 'aria-label': `Remove item ${index + 1} of ${label}`, text: 'Remove' });
      const item = el('li', { class: 'pg-item' }, ...bodyRows(items, join(path, index), values, row), remove);
      remove.addEventListener('click', () => {
        const form = item.closest('form');
        item.remove();
        form?.dispatchEvent(new Event('input', { bubbles: true }));
      });
      list.append(item);
      return item;
    };
    for (const index of indicesOf(path, values)) addItem(index);
    const add = el('button', { type: 'button', class: 'pg-copy pg-add', text: `Add ${items.kind === 'object' ? 'an item' : 'a value'}` });
    add.setAttribute('aria-label', `Add an item to ${label}`);
    add.addEventListener('click', () => {
      const item = addItem(next);
      item.querySelector<HTMLElement>('input,select,textarea')?.focus();
      item.closest('form')?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const head = el('div', { class: 'pg-label' }, el('code', { text: label }), el('span', { class: 'api-type', text: node.type }));
    if (node.required) head.append(el('span', { class: 'api-pill api-required', text: 'required' }));
    if (node.description) head.append(el('p', { class: 'pg-hint', text: node.description }));
    return el('div', { class: 'pg-array', 'data-key': key(path), role: 'group', 'aria-label': label }, head, el('div', { class: 'pg-children' }, list, add));
  }
  if (node.enum) return row({ ...base, choices: node.enum });
  if (node.kind === 'boolean') return row({ ...base, toggle: true });
  if (node.kind === 'json') return row({ ...base, multiline: 4, placeholder: 'JSON value' });
  return row({ ...base, placeholder: `enter ${label}` });
}

/** Whether any value under `path` is filled in. */
function touched(path: string, values: Values): boolean {
  const k = key(path);
  return Object.entries(values).some(([name, value]) => (name === k || name.startsWith(`${k}.`)) && value.trim() !== '');
}

/** The JSON value of a node, `undefined` when nothing of it is filled in (and it is not the root). */
export function bodyJson(node: BodyNode, path: string, values: Values): unknown {
  if (node.kind === 'object') {
    const out: Record<string, unknown> = {};
    for (const p of node.properties ?? []) {
      const value = bodyJson(p, join(path, p.name!), values);
      if (value !== undefined) out[p.name!] = value;
    }
    return path === '' || Object.keys(out).length > 0 ? out : undefined;
  }
  if (node.kind === 'array') {
    const present = Object.keys(values).some((k) => k.startsWith(`${key(path)}.`));
    if (!present) return undefined;
    return indicesOf(path, values).map((i) => bodyJson(node.items!, join(path, i), values)).filter((v) => v !== undefined);
  }
  const text = (values[key(path)] ?? '').trim();
  if (text === '') return undefined;
  if (node.kind === 'boolean') return text === 'true';
  if ((node.kind === 'number' || node.kind === 'integer') && Number.isFinite(Number(text))) return Number(text);
  if (node.kind === 'json') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return values[key(path)];
}

/** What keeps the body from being sent, by key: required parts left empty (in parts that are filled in), numbers that are not, JSON that does not parse. */
export function bodyProblems(node: BodyNode, path: string, values: Values, problems: Map<string, string>): void {
  if (node.kind === 'object') {
    if (path !== '' && !node.required && !touched(path, values)) return;
    for (const p of node.properties ?? []) bodyProblems(p, join(path, p.name!), values, problems);
    return;
  }
  if (node.kind === 'array') {
    for (const i of indicesOf(path, values)) bodyProblems(node.items!, join(path, i), values, problems);
    return;
  }
  const text = (values[key(path)] ?? '').trim();
  const k = key(path);
  if (text === '') {
    if (node.required && values[k] !== undefined) problems.set(k, node.enum ? 'Choose a value.' : node.kind === 'boolean' ? 'Choose on or off.' : 'Enter a value.');
  } else if (node.kind === 'integer' && !/^-?\d+$/.test(text)) problems.set(k, 'Enter a whole number.');
  else if (node.kind === 'number' && !Number.isFinite(Number(text))) problems.set(k, 'Enter a number.');
  else if (node.kind === 'json') {
    try {
      JSON.parse(text);
    } catch (error) {
      problems.set(k, `This is not valid JSON: ${(error as Error).message}`);
    }
  }
}
