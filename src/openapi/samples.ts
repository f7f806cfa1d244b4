import type { CodeSample, HttpMethod, JsonObject } from './types.js';

export interface SampleRequest {
  method: HttpMethod;
  /** Full URL: server + path with example path parameters and query string. */
  url: string;
  headers: [string, string][];
  contentType?: string;
  body?: unknown;
}

function quoteShell(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function curlSample(req: SampleRequest): string {
  const lines = [`curl --request ${req.method} \\`, `  --url ${quoteShell(req.url)}`];
  for (const [name, value] of req.headers) {
    lines[lines.length - 1] += ' \\';
    lines.push(`  --header ${quoteShell(`${name}: ${value}`)}`);
  }
  if (req.body !== undefined) {
    const data = typeof req.body === 'string' ? req.body : JSON.stringify(req.body, null, 2);
    lines[lines.length - 1] += ' \\';
    lines.push(`  --data ${quoteShell(data)}`);
  }
  return lines.join('\n');
}

function fetchSample(req: SampleRequest): string {
  const options: string[] = [`  method: ${JSON.stringify(req.method)}`];
  if (req.headers.length > 0) {
    const headers = req.headers.map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n');
    options.push(`  headers: {\n${headers}\n  }`);
  }
  if (req.body !== undefined) {
    const body = JSON.stringify(req.body, null, 2).replace(/\n/g, '\n  ');
    options.push(req.contentType?.includes('json') ? `  body: JSON.stringify(${body})` : `  body: ${JSON.stringify(String(req.body))}`);
  }
  return [
    `const response = await fetch(${JSON.stringify(req.url)}, {`,
    options.join(',\n'),
    '});',
    '',
    'console.log(await response.json());',
  ].join('\n');
}

function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + pythonLiteral(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as JsonObject);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(v, inner)}`).join(',\n')}\n${indent}}`;
}

function pythonSample(req: SampleRequest): string {
  const lines = ['import requests', '', `url = ${JSON.stringify(req.url)}`];
  const args = ['url'];
  if (req.body !== undefined) {
    const json = req.contentType?.includes('json');
    lines.push(`payload = ${pythonLiteral(req.body)}`);
    args.push(json ? 'json=payload' : 'data=payload');
  }
  if (req.headers.length > 0) {
    lines.push(`headers = {\n${req.headers.map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}`);
    args.push('headers=headers');
  }
  lines.push('', `response = requests.request(${JSON.stringify(req.method)}, ${args.join(', ')})`, '', 'print(response.text)');
  return lines.join('\n');
}

/** Request samples in curl, JavaScript fetch and Python requests for one request. */
export function codeSamples(req: SampleRequest): CodeSample[] {
  return [
    { label: 'cURL', lang: 'bash', code: curlSample(req) },
    { label: 'JavaScript', lang: 'javascript', code: fetchSample(req) },
    { label: 'Python', lang: 'python', code: pythonSample(req) },
  ];
}

/** Samples the spec itself ships under `x-codeSamples` / `x-code-samples` (Redoc's extension), kept first. */
export function specCodeSamples(operation: JsonObject): CodeSample[] {
  const list = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { lang, label, source } = item as JsonObject;
    if (typeof source !== 'string') return [];
    const language = typeof lang === 'string' ? lang : 'text';
    return [{ label: typeof label === 'string' ? label : language, lang: language, code: source }];
  });
}
