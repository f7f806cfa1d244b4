/**
 * From form values to a request, its cURL command and the problems that keep it from being sent.
 * No DOM here beyond `FormData`, so each piece reads on its own.
 */
import type { AuthScheme, Outgoing, Spec, Values } from './spec.js';

/**
 * The label of a security scheme's field, what it asks for (the scheme's own description, or what
 * the platform says of its kind), the prefix drawn in the box and the box's placeholder.
 */
export function authLabel(a: AuthScheme): { label: string; hint: string; prefix?: string; placeholder: string } {
  if (a.type === 'apiKey') {
    const name = a.paramName ?? a.name;
    return { label: name, hint: a.description ?? `The API key, sent in the ${name} ${a.in === 'query' ? 'query parameter' : a.in === 'cookie' ? 'cookie' : 'header'}.`, placeholder: 'enter API key' };
  }
  const oauth = a.type === 'oauth2' || a.type === 'openIdConnect';
  const hint = a.description ?? (oauth ? 'The OAuth 2.0 access token, sent in the Authorization header as Bearer <token>.' : 'Bearer authentication header of the form Bearer <token>, where <token> is your auth token.');
  return { label: 'Authorization', hint, prefix: 'Bearer', placeholder: oauth ? 'enter access token' : 'enter bearer token' };
}

const isBasic = (a: AuthScheme) => a.type === 'http' && a.scheme === 'basic';

/**
 * The request the form describes: URL with path and query parameters, headers, body. With
 * `placeholders`, empty credentials show as `<token>` (for the cURL command the reader copies).
 */
export function requestOf(spec: Spec, values: Values, form?: FormData, placeholders = false): Outgoing {
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
    let value = values[`auth:${a.name}`] ?? '';
    if (isBasic(a)) {
      const user = values[`auth:${a.name}:user`] ?? '';
      if (user || value) headers.push(['Authorization', `Basic ${btoa(`${user}:${value}`)}`]);
      else if (placeholders) headers.push(['Authorization', 'Basic <credentials>']);
      continue;
    }
    if (value === '') {
      if (!placeholders) continue;
      value = a.type === 'apiKey' ? '<api-key>' : '<token>';
    }
    if (a.type === 'apiKey' && a.in === 'query' && a.paramName) query.append(a.paramName, value);
    else if (a.type === 'apiKey' && a.in === 'cookie' && a.paramName) cookies.push(`${a.paramName}=${encodeURIComponent(value)}`);
    else if (a.type === 'apiKey' && a.paramName) headers.push([a.paramName, value]);
    else headers.push(['Authorization', `Bearer ${value}`]);
  }
  if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')]);
  const server = (values.server || spec.servers[0] || '').replace(/\/+$/, '');
  const search = query.toString();
  const out: Outgoing = { url: `${server}${path}${search ? `?${search}` : ''}`, headers };
  const body = values.body ?? '';
  if (form) out.form = form;
  else if (spec.body && body.trim() !== '' && spec.method !== 'GET' && spec.method !== 'HEAD') {
    headers.push(['Content-Type', spec.body.contentType]);
    out.body = body;
  }
  return out;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The request as a cURL command, one option a line. */
export function curlOf(method: string, request: Outgoing): string {
  const lines = [`curl --request ${method}`, `--url ${quote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`--header ${quote(`${name}: ${value}`)}`);
  if (request.form) for (const [name, value] of request.form) lines.push(`--form ${quote(`${name}=${typeof value === 'string' ? value : `@${value.name}`}`)}`);
  else if (request.body !== undefined) lines.push(`--data ${quote(request.body)}`);
  return lines.join(' \\\n  ');
}

/**
 * What keeps the request from being sent, by form key: required values left empty, numbers that
 * are not, a JSON body that does not parse. `files(name)` counts the files chosen for a multipart field.
 */
export function problemsOf(spec: Spec, values: Values, files: (name: string) => number): Map<string, string> {
  const problems = new Map<string, string>();
  const value = (key: string) => (values[key] ?? '').trim();
  for (const a of spec.auth) {
    if (isBasic(a)) {
      if (!value(`auth:${a.name}:user`)) problems.set(`auth:${a.name}:user`, 'Enter the username.');
    } else if (!value(`auth:${a.name}`)) problems.set(`auth:${a.name}`, a.type === 'apiKey' ? 'Enter the API key.' : 'Enter the token.');
  }
  for (const f of spec.fields) {
    const key = `${f.in}:${f.name}`;
    const text = value(key);
    if (text === '') {
      if (f.required) problems.set(key, f.enum || f.type === 'boolean' ? 'Choose a value.' : 'Enter a value.');
    } else if (f.type.startsWith('integer') && !/^-?\d+$/.test(text)) problems.set(key, 'Enter a whole number.');
    else if (f.type.startsWith('number') && !Number.isFinite(Number(text))) problems.set(key, 'Enter a number.');
  }
  const body = spec.body;
  if (body?.fields?.length) {
    for (const f of body.fields) {
      const key = `form:${f.name}`;
      if (f.required && (f.binary ? files(f.name) === 0 : value(key) === '')) problems.set(key, f.binary ? 'Choose a file.' : 'Enter a value.');
    }
  } else if (body) {
    const text = value('body');
    if (text === '') {
      if (body.required) problems.set('body', 'This request needs a body.');
    } else if (/json/i.test(body.contentType)) {
      try {
        JSON.parse(text);
      } catch (error) {
        problems.set('body', `This is not valid JSON: ${(error as Error).message}`);
      }
    }
  }
  return problems;
}
