/**
 * The request the form describes, written in the languages of the page's sample tabs, so every tab
 * follows what the reader types. Same shapes as the build's samples (httpsnippet's clients:
 * Python requests, fetch, PHP curl, Go net/http, Java OkHttp, Ruby net/http); a multipart body or a
 * language without a writer here keeps the page's own sample.
 */
import { curlOf } from './request.js';
import type { Outgoing } from './spec.js';

const q = (text: string) => JSON.stringify(text);

function parsed(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON value as a Python literal. */
function python(value: unknown, indent = ''): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[\n${value.map((v) => inner + python(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length === 0 ? '{}' : `{\n${entries.map(([k, v]) => `${inner}${q(k)}: ${python(v, inner)}`).join(',\n')}\n${indent}}`;
}

function pythonOf(method: string, r: Outgoing): string {
  const headers = r.headers.filter(([k]) => !(k === 'Content-Type' && parsed(r.body) !== undefined));
  const json = parsed(r.body);
  const lines = ['import requests', '', `url = ${q(r.url)}`, ''];
  const args = [q(method), 'url'];
  if (json !== undefined) {
    lines.push(`payload = ${python(json)}`);
    args.push('json=payload');
  } else if (r.body !== undefined) {
    lines.push(`payload = ${q(r.body)}`);
    args.push('data=payload');
  }
  if (headers.length > 0) {
    lines.push(`headers = {\n${headers.map(([k, v]) => `    ${q(k)}: ${q(v)}`).join(',\n')}\n}`);
    args.push('headers=headers');
  }
  if (json !== undefined || r.body !== undefined || headers.length > 0) lines.push('');
  lines.push(`response = requests.request(${args.join(', ')})`, '', 'print(response.text)');
  return lines.join('\n');
}

function fetchOf(method: string, r: Outgoing): string {
  const parts = [`  method: ${q(method)}`];
  if (r.headers.length > 0) parts.push(`  headers: {\n${r.headers.map(([k, v]) => `    ${/^[A-Za-z_$][\w$]*$/.test(k) ? k : q(k)}: ${q(v)}`).join(',\n')}\n  }`);
  const json = parsed(r.body);
  if (json !== undefined) parts.push(`  body: JSON.stringify(${JSON.stringify(json, null, 2).replace(/\n/g, '\n  ')})`);
  else if (r.body !== undefined) parts.push(`  body: ${q(r.body)}`);
  return [`const options = {\n${parts.join(',\n')}\n};`, '', `fetch(${q(r.url)}, options)`, '  .then((response) => response.json())', '  .then((response) => console.log(response))', '  .catch((error) => console.error(error));'].join('\n');
}

function phpOf(method: string, r: Outgoing): string {
  const php = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const options = [`  CURLOPT_URL => ${php(r.url)}`, '  CURLOPT_RETURNTRANSFER => true', `  CURLOPT_CUSTOMREQUEST => ${php(method)}`];
  if (r.body !== undefined) options.push(`  CURLOPT_POSTFIELDS => ${php(r.body)}`);
  if (r.headers.length > 0) options.push(`  CURLOPT_HTTPHEADER => [\n${r.headers.map(([k, v]) => `    ${php(`${k}: ${v}`)}`).join(',\n')}\n  ]`);
  return ['<?php', '', '$curl = curl_init();', '', `curl_setopt_array($curl, [\n${options.join(',\n')},\n]);`, '', '$response = curl_exec($curl);', '$err = curl_error($curl);', '', 'curl_close($curl);', '', 'if ($err) {', '  echo "cURL Error #:" . $err;', '} else {', '  echo $response;', '}'].join('\n');
}

function goOf(method: string, r: Outgoing): string {
  const imports = ['"fmt"', ...(r.body !== undefined ? ['"strings"'] : []), '"net/http"', '"io"'];
  const lines = ['package main', '', `import (\n${imports.map((i) => `\t${i}`).join('\n')}\n)`, '', 'func main() {', '', `\turl := ${q(r.url)}`, ''];
  if (r.body !== undefined) lines.push(`\tpayload := strings.NewReader(${q(r.body)})`, '', `\treq, _ := http.NewRequest(${q(method)}, url, payload)`);
  else lines.push(`\treq, _ := http.NewRequest(${q(method)}, url, nil)`);
  if (r.headers.length > 0) lines.push('', ...r.headers.map(([k, v]) => `\treq.Header.Add(${q(k)}, ${q(v)})`));
  lines.push('', '\tres, _ := http.DefaultClient.Do(req)', '', '\tdefer res.Body.Close()', '\tbody, _ := io.ReadAll(res.Body)', '', '\tfmt.Println(string(body))', '', '}');
  return lines.join('\n');
}

function javaOf(method: string, r: Outgoing): string {
  const lines = ['OkHttpClient client = new OkHttpClient();', ''];
  const type = r.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  if (r.body !== undefined) lines.push(`MediaType mediaType = MediaType.parse(${q(type)});`, `RequestBody body = RequestBody.create(mediaType, ${q(r.body)});`);
  const verb = method === 'GET' && r.body === undefined ? '  .get()' : method === 'POST' && r.body !== undefined ? '  .post(body)' : `  .method(${q(method)}, ${r.body !== undefined ? 'body' : 'null'})`;
  lines.push('Request request = new Request.Builder()', `  .url(${q(r.url)})`, verb, ...r.headers.map(([k, v]) => `  .addHeader(${q(k)}, ${q(v)})`), '  .build();', '', 'Response response = client.newCall(request).execute();');
  return lines.join('\n');
}

function rubyOf(method: string, r: Outgoing): string {
  const rb = (text: string) => q(text).replace(/#\{/g, '\\#{');
  const verb = method.charAt(0) + method.slice(1).toLowerCase();
  const lines = ["require 'uri'", "require 'net/http'", '', `url = URI(${rb(r.url)})`, '', 'http = Net::HTTP.new(url.host, url.port)'];
  if (r.url.startsWith('https:')) lines.push('http.use_ssl = true');
  lines.push('', `request = Net::HTTP::${verb}.new(url)`, ...r.headers.map(([k, v]) => `request[${rb(k)}] = ${rb(v)}`));
  if (r.body !== undefined) lines.push(`request.body = ${rb(r.body)}`);
  lines.push('', 'response = http.request(request)', 'puts response.read_body');
  return lines.join('\n');
}

const WRITERS: Record<string, (method: string, r: Outgoing) => string> = {
  curl: curlOf,
  python: pythonOf,
  javascript: fetchOf,
  'node.js': fetchOf,
  typescript: fetchOf,
  php: phpOf,
  go: goOf,
  java: javaOf,
  ruby: rubyOf,
};

/** The request in the language of a sample tab (`cURL`, `Python`, ...), or undefined when this tab keeps the page's sample. */
export function snippetOf(label: string, method: string, request: Outgoing): string | undefined {
  const writer = WRITERS[label.trim().toLowerCase()];
  if (!writer || (request.form && writer !== curlOf)) return undefined;
  return writer(method, request);
}
