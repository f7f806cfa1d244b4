/**
 * The API playground ("Try it"), a separate bundle the main script loads only on endpoint pages
 * (those with a `[data-api-try]` button). It reads the operation from the page's
 * `script.api-playground-data`, draws a form (server, auth, parameters by location, body), sends
 * the request through the docs server's proxy (`POST /__folio/api-proxy`) or straight from the
 * browser, and shows status, time, headers and the formatted body. Typed values persist per site
 * in localStorage; the page stays readable without it.
 */
import { readStore, writeStore } from '../storage.js';

interface Field {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  type: string;
  enum?: string[];
  example?: string;
}

interface Spec {
  method: string;
  path: string;
  servers: string[];
  fields: Field[];
  body?: { contentType: string; example: string; required: boolean; fields?: { name: string; type: string; required: boolean; binary: boolean }[] };
  auth: { name: string; type: string; scheme?: string; in?: string; paramName?: string }[];
  proxy: boolean;
  credentials: boolean;
  prefill: boolean;
}

interface Answer {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  encoding: 'utf8' | 'base64';
  timeMs: number;
}

/** The server's proxy, under the site's base path (`/docs/__folio/api-proxy` behind a reverse proxy at `/docs`). */
const PROXY = `${(document.documentElement.dataset.base ?? '/').replace(/\/?$/, '/')}__folio/api-proxy`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** One labelled input (or a select for enums); `key` names it in storage and in the request. */
function input(label: string, key: string, values: Record<string, string>, options: { required?: boolean; choices?: string[]; placeholder?: string; type?: string } = {}): HTMLElement {
  const id = `pg-${key.replace(/[^\w-]/g, '_')}`;
  let control: HTMLInputElement | HTMLSelectElement;
  if (options.choices) {
    control = el('select', { id, name: key });
    if (!options.required) control.append(el('option', { value: '', text: '—' }));
    for (const choice of options.choices) control.append(el('option', { value: choice, text: choice }));
  } else {
    control = el('input', { id, name: key, type: options.type ?? 'text', autocomplete: 'off', spellcheck: 'false' });
    if (options.placeholder) control.placeholder = options.placeholder;
  }
  if (values[key] !== undefined) control.value = values[key]!;
  const caption = el('label', { for: id }, el('code', { text: label }));
  if (options.required) caption.append(el('span', { class: 'api-pill api-required', text: 'required' }));
  return el('div', { class: 'pg-field' }, caption, control);
}

/** A file picker for a multipart body field (files are not stored). */
function fileInput(name: string, required: boolean): HTMLElement {
  const id = `pg-form_${name.replace(/[^\w-]/g, '_')}`;
  const caption = el('label', { for: id }, el('code', { text: name }));
  if (required) caption.append(el('span', { class: 'api-pill api-required', text: 'required' }));
  return el('div', { class: 'pg-field' }, caption, el('input', { id, name: `form:${name}`, type: 'file' }));
}

function fieldsetOf(legend: string, ...children: HTMLElement[]): HTMLElement {
  return el('fieldset', { class: 'pg-group' }, el('legend', { text: legend }), ...children);
}

/** Everything the form holds, by field name. */
function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[name]')) if (control.type !== 'file') out[control.name] = control.value;
  return out;
}

/** A multipart body from the form's `form:` fields, files included. */
function formBody(spec: Spec, form: HTMLFormElement, values: Record<string, string>): FormData {
  const data = new FormData();
  for (const f of spec.body?.fields ?? []) {
    if (f.binary) {
      for (const file of form.querySelector<HTMLInputElement>(`input[type=file][name="form:${CSS.escape(f.name)}"]`)?.files ?? []) data.append(f.name, file);
    } else if ((values[`form:${f.name}`] ?? '') !== '') data.append(f.name, values[`form:${f.name}`]!);
  }
  return data;
}

/** Bytes as base64, for a multipart body sent through the proxy's JSON. */
function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The request the form describes: URL with path and query parameters, headers, body. */
function requestOf(spec: Spec, values: Record<string, string>, form?: FormData): { url: string; headers: [string, string][]; body?: string; form?: FormData } {
  let path = spec.path;
  const query = new URLSearchParams();
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  for (const f of spec.fields) {
    const value = values[`${f.in}:${f.name}`] ?? '';
    if (value === '') continue;
    if (f.in === 'path') path = path.split(`{${f.name}}`).join(encodeURIComponent(value));
    else if (f.in === 'query') query.append(f.name, value);
    else if (f.in === 'header') headers.push([f.name, value]);
    else cookies.push(`${f.name}=${encodeURIComponent(value)}`);
  }
  for (const a of spec.auth) {
    const value = values[`auth:${a.name}`] ?? '';
    if (a.type === 'http' && a.scheme === 'basic') {
      const user = values[`auth:${a.name}:user`] ?? '';
      if (user || value) headers.push(['Authorization', `Basic ${btoa(`${user}:${value}`)}`]);
    } else if (value === '') continue;
    else if (a.type === 'apiKey' && a.in === 'query' && a.paramName) query.append(a.paramName, value);
    else if (a.type === 'apiKey' && a.in === 'cookie' && a.paramName) cookies.push(`${a.paramName}=${encodeURIComponent(value)}`);
    else if (a.type === 'apiKey' && a.paramName) headers.push([a.paramName, value]);
    else headers.push(['Authorization', `Bearer ${value}`]);
  }
  if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')]);
  const server = (values.server ?? spec.servers[0] ?? '').replace(/\/+$/, '');
  const search = query.toString();
  const out: { url: string; headers: [string, string][]; body?: string; form?: FormData } = { url: `${server}${path}${search ? `?${search}` : ''}`, headers };
  const body = values.body ?? '';
  if (form) out.form = form;
  else if (spec.body && body.trim() !== '' && spec.method !== 'GET' && spec.method !== 'HEAD') {
    headers.push(['Content-Type', spec.body.contentType]);
    out.body = body;
  }
  return out;
}

/** Send through the proxy; `null` when the site has no proxy route (a static host). */
async function viaProxy(method: string, request: ReturnType<typeof requestOf>): Promise<Answer | null> {
  const { form, ...plain } = request;
  const payload: Record<string, unknown> = { method, ...plain };
  if (form) {
    // The browser encodes the multipart body (boundary included); the proxy forwards its bytes.
    const encoded = new Request(location.href, { method: 'POST', body: form });
    payload.body = base64(new Uint8Array(await encoded.arrayBuffer()));
    payload.bodyEncoding = 'base64';
    payload.headers = [...plain.headers, ['Content-Type', encoded.headers.get('content-type') ?? 'multipart/form-data']];
  }
  const response = await fetch(PROXY, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  if (response.status === 404 || response.status === 405) return null;
  const json = (await response.json()) as Answer & { error?: { code: string; message: string } };
  if (json.error) throw new Error(`${json.error.code}: ${json.error.message}`);
  return json;
}

async function direct(method: string, request: ReturnType<typeof requestOf>, credentials: boolean): Promise<Answer> {
  const started = performance.now();
  const init: RequestInit = { method, headers: request.headers, credentials: credentials ? 'include' : 'omit' };
  if (request.form) init.body = request.form;
  else if (request.body !== undefined) init.body = request.body;
  const response = await fetch(request.url, init);
  const body = await response.text();
  return { status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], body, encoding: 'utf8', timeMs: Math.round(performance.now() - started) };
}

function formatted(answer: Answer): string {
  if (answer.encoding === 'base64') return `(${Math.round((answer.body.length * 3) / 4)} bytes of binary data)`;
  try {
    return JSON.stringify(JSON.parse(answer.body), null, 2);
  } catch {
    // Not JSON: shown as the API sent it.
    return answer.body;
  }
}

function showAnswer(out: HTMLElement, answer: Answer, route: string): void {
  const status = el('span', { class: `pg-status pg-status-${String(answer.status)[0]}`, text: `${answer.status} ${answer.statusText}`.trim() });
  const headers = el('details', { class: 'pg-headers' }, el('summary', { text: `Headers (${answer.headers.length})` }), el('pre', { text: answer.headers.map(([k, v]) => `${k}: ${v}`).join('\n') }));
  out.replaceChildren(
    el('p', { class: 'pg-meta' }, status, ` · ${answer.timeMs} ms · ${route}`),
    headers,
    el('pre', { class: 'pg-body', 'data-api-response': '' }, el('code', { text: formatted(answer) })),
  );
}

function build(container: HTMLElement, spec: Spec): void {
  const storeKey = `folio-playground:${location.host}:${spec.method} ${spec.path}`;
  const authKey = `folio-playground-auth:${location.host}`;
  const saved = { ...(JSON.parse(readStore(authKey) ?? '{}') as Record<string, string>), ...(JSON.parse(readStore(storeKey) ?? '{}') as Record<string, string>) };
  const values: Record<string, string> = {};
  if (spec.prefill) {
    for (const f of spec.fields) if (f.example !== undefined) values[`${f.in}:${f.name}`] = f.example;
    if (spec.body) values.body = spec.body.example;
  }
  Object.assign(values, saved);
  const form = el('form', { class: 'pg-form', novalidate: '' });
  if (spec.servers.length > 1) form.append(input('Server', 'server', values, { choices: spec.servers, required: true }));
  else form.append(el('input', { type: 'hidden', name: 'server', value: spec.servers[0] ?? '' }));
  if (spec.auth.length > 0) {
    form.append(
      fieldsetOf(
        'Authorization',
        ...spec.auth.flatMap((a) =>
          a.type === 'http' && a.scheme === 'basic'
            ? [input(`${a.name} username`, `auth:${a.name}:user`, values), input(`${a.name} password`, `auth:${a.name}`, values, { type: 'password' })]
            : [input(a.type === 'apiKey' ? `${a.paramName ?? a.name} (${a.in ?? 'header'})` : a.type === 'oauth2' || a.type === 'openIdConnect' ? `${a.name} (OAuth2 access token)` : `${a.name} (Bearer token)`, `auth:${a.name}`, values, { type: 'password', placeholder: a.type === 'apiKey' ? 'API key' : 'token' })],
        ),
      ),
    );
  }
  const locations: [Field['in'], string][] = [['path', 'Path parameters'], ['query', 'Query parameters'], ['header', 'Headers'], ['cookie', 'Cookies']];
  for (const [where, legend] of locations) {
    const list = spec.fields.filter((f) => f.in === where);
    if (list.length > 0) form.append(fieldsetOf(legend, ...list.map((f) => input(f.name, `${f.in}:${f.name}`, values, { required: f.required, choices: f.enum, placeholder: f.example ?? f.type }))));
  }
  if (spec.body?.fields?.length) {
    form.append(
      fieldsetOf(
        `Body (${spec.body.contentType})`,
        ...spec.body.fields.map((f) => (f.binary ? fileInput(f.name, f.required) : input(f.name, `form:${f.name}`, values, { required: f.required, placeholder: f.type }))),
      ),
    );
  } else if (spec.body) {
    const area = el('textarea', { name: 'body', rows: String(Math.min(16, Math.max(4, spec.body.example.split('\n').length))), spellcheck: 'false', placeholder: spec.body.example });
    area.value = values.body ?? '';
    form.append(fieldsetOf(`Body (${spec.body.contentType})`, area));
  }
  const send = el('button', { type: 'submit', class: 'api-try pg-send', text: `Send ${spec.method}` });
  const out = el('div', { class: 'pg-result', 'aria-live': 'polite' });
  form.append(send);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const current = formValues(form);
    const auth = Object.fromEntries(Object.entries(current).filter(([k]) => k.startsWith('auth:')));
    writeStore(authKey, JSON.stringify(auth));
    writeStore(storeKey, JSON.stringify(Object.fromEntries(Object.entries(current).filter(([k]) => !k.startsWith('auth:')))));
    const request = requestOf(spec, current, spec.body?.fields?.length ? formBody(spec, form, current) : undefined);
    send.disabled = true;
    out.replaceChildren(el('p', { class: 'pg-meta', text: `Sending ${spec.method} ${request.url}…` }));
    void (async () => {
      try {
        if (spec.proxy) {
          const answer = await viaProxy(spec.method, request);
          if (answer) return showAnswer(out, answer, 'sent through the docs server\'s proxy (api.playground.proxy)');
          return showAnswer(out, await direct(spec.method, request, spec.credentials), 'sent from your browser: this site has no proxy route');
        }
        showAnswer(out, await direct(spec.method, request, spec.credentials), 'sent from your browser (api.playground.proxy: false)');
      } catch (error) {
        const message = error instanceof TypeError && !spec.proxy ? `${error.message}: the API may not allow cross-origin requests from this site (CORS); a proxy needs api.playground.proxy: true` : String(error instanceof Error ? error.message : error);
        out.replaceChildren(el('p', { class: 'pg-error', role: 'alert', text: message }));
      } finally {
        send.disabled = false;
      }
    })();
  });
  container.replaceChildren(form, out);
}

/** Wire every "Try it" button of the page to its playground. */
export function initPlayground(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-api-try]')) {
    const reference = button.closest('.api-reference');
    const container = reference?.querySelector<HTMLElement>('[data-api-playground]');
    const data = reference?.querySelector('script.api-playground-data')?.textContent;
    if (!container || !data) continue;
    const spec = JSON.parse(data) as Spec;
    button.setAttribute('aria-expanded', 'false');
    button.addEventListener('click', () => {
      if (!container.firstChild) build(container, spec);
      container.hidden = !container.hidden;
      button.setAttribute('aria-expanded', String(!container.hidden));
      if (!container.hidden) container.querySelector<HTMLElement>('input:not([type=hidden]),select,textarea')?.focus();
    });
  }
}

initPlayground();
