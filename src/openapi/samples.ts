import { createRequire } from 'node:module';
import type { HTTPSnippet as Snippet, HarRequest } from 'httpsnippet';
import type { CodeSample, JsonObject, SampleParam, SampleRequest } from './types.js';

/** A language of generated samples: its tab label, httpsnippet target and client, and highlight language. */
interface SampleLanguage {
  label: string;
  target: string;
  client: string;
  lang: string;
}

/**
 * The platform's language keys (`api.examples.languages`) and the httpsnippet client that writes
 * each. C++ and Dart have no httpsnippet target; they are reported by `unsupportedSampleLanguages`.
 */
const LANGUAGES: Record<string, SampleLanguage> = {
  bash: { label: 'cURL', target: 'shell', client: 'curl', lang: 'bash' },
  python: { label: 'Python', target: 'python', client: 'requests', lang: 'python' },
  javascript: { label: 'JavaScript', target: 'javascript', client: 'fetch', lang: 'javascript' },
  node: { label: 'Node.js', target: 'node', client: 'fetch', lang: 'javascript' },
  php: { label: 'PHP', target: 'php', client: 'curl', lang: 'php' },
  go: { label: 'Go', target: 'go', client: 'native', lang: 'go' },
  java: { label: 'Java', target: 'java', client: 'okhttp', lang: 'java' },
  ruby: { label: 'Ruby', target: 'ruby', client: 'native', lang: 'ruby' },
  powershell: { label: 'PowerShell', target: 'powershell', client: 'restmethod', lang: 'powershell' },
  swift: { label: 'Swift', target: 'swift', client: 'nsurlsession', lang: 'swift' },
  csharp: { label: 'C#', target: 'csharp', client: 'httpclient', lang: 'csharp' },
  dotnet: { label: '.NET', target: 'csharp', client: 'restsharp', lang: 'csharp' },
  typescript: { label: 'TypeScript', target: 'javascript', client: 'fetch', lang: 'typescript' },
  c: { label: 'C', target: 'c', client: 'libcurl', lang: 'c' },
  kotlin: { label: 'Kotlin', target: 'kotlin', client: 'okhttp', lang: 'kotlin' },
  rust: { label: 'Rust', target: 'rust', client: 'reqwest', lang: 'rust' },
};

const ALIASES: Record<string, string> = {
  curl: 'bash', sh: 'bash', shell: 'bash', py: 'python', js: 'javascript', nodejs: 'node', 'node.js': 'node',
  golang: 'go', rb: 'ruby', 'c#': 'csharp', '.net': 'dotnet', 'dot-net': 'dotnet', ts: 'typescript', kt: 'kotlin', rs: 'rust',
};

/** The platform's default sample languages, in its order. */
export const DEFAULT_SAMPLE_LANGUAGES = ['bash', 'python', 'javascript', 'php', 'go', 'java'] as const;

function languageKey(name: string): string {
  const lower = name.trim().toLowerCase();
  return ALIASES[lower] ?? lower;
}

/** The tab label and highlight language of a sample language name or alias (`py`, `curl`, `node`), when it is one we know. */
export function sampleLanguage(name: string): { label: string; lang: string } | undefined {
  const language = LANGUAGES[languageKey(name)];
  return language && { label: language.label, lang: language.lang };
}

/** Names in `api.examples.languages` that no snippet target covers (no sample is made for them). */
export function unsupportedSampleLanguages(languages: readonly string[]): string[] {
  return languages.filter((name) => !LANGUAGES[languageKey(name)]);
}

export interface SampleOptions {
  /** `api.examples.languages`; the platform's defaults when unset or empty. */
  languages?: readonly string[];
  /** `api.examples.defaults`: `required` leaves optional parameters out. */
  defaults?: 'required' | 'all';
}

const RELATIVE_BASE = 'https://folio-relative-server.invalid';

/**
 * The request as a HAR entry, the input httpsnippet reads. URL parts that are placeholders
 * (`<id>`) or need escaping go in as tokens (`folio~0~`) and are put back into the finished
 * code by `fill`, so samples show `/pets/<id>` rather than `/pets/%3Cid%3E` and the HAR's URL
 * stays valid. The `~` makes httpsnippet quote the URL for the shell, so `<id>` is never a redirection.
 */
function harOf(req: SampleRequest, defaults: 'required' | 'all'): { har: HarRequest; fill: (code: string) => string } {
  const keep = (p: SampleParam) => defaults === 'all' || p.required;
  const slots: string[] = [];
  const slot = (value: string) => (/^[A-Za-z0-9._~-]*$/.test(value) ? value : `folio~${slots.push(value) - 1}~`);
  const base = req.server.replace(/\/+$/, '');
  const absolute = /^https?:\/\/[^/]/i.test(base);
  let path = req.path;
  for (const p of req.pathParams) path = path.split(`{${p.name}}`).join(slot(p.value));
  path = path.replace(/\{([^}]*)\}/g, (_, name: string) => slot(`<${name}>`));
  const har: HarRequest = {
    method: req.method,
    // A relative server (`/api`) is not a URL httpsnippet accepts: a stand-in host is swapped back after.
    url: `${absolute ? base : RELATIVE_BASE}${path}`,
    httpVersion: 'HTTP/1.1',
    queryString: req.query.filter(keep).map(({ name, value }) => ({ name, value: slot(value) })),
    headers: req.headers.filter(keep).map(({ name, value }) => ({ name, value })),
    cookies: req.cookies.filter(keep).map(({ name, value }) => ({ name, value })),
    headersSize: -1,
    bodySize: -1,
    postData: { mimeType: 'application/octet-stream' },
  };
  const body = req.body;
  if (body && (defaults === 'all' || body.required || body.value !== undefined)) {
    const mimeType = body.contentType;
    har.headers.push({ name: 'Content-Type', value: mimeType });
    const fields = body.value && typeof body.value === 'object' && !Array.isArray(body.value) ? Object.entries(body.value as JsonObject) : [];
    if (/json/i.test(mimeType)) har.postData = { mimeType, text: JSON.stringify(body.value ?? {}) };
    else if (/x-www-form-urlencoded|multipart\/form-data/i.test(mimeType)) {
      har.postData = { mimeType, params: fields.map(([name, value]) => ({ name, value: typeof value === 'string' ? value : JSON.stringify(value) })) };
    } else har.postData = { mimeType, text: typeof body.value === 'string' ? body.value : JSON.stringify(body.value ?? '') };
  }
  const fill = (code: string) => {
    const filled = slots.length === 0 ? code : code.replace(/folio~(\d+)~/g, (whole, n: string) => slots[Number(n)] ?? whole);
    return absolute ? filled : filled.split(RELATIVE_BASE).join(base);
  };
  return { har, fill };
}

/**
 * httpsnippet (CommonJS), required on the first sample: a site without endpoint pages does not
 * load it (~125 ms of module loading at every build's start).
 */
let snippetClass: typeof Snippet | undefined;
function newSnippet(har: HarRequest): Snippet {
  snippetClass ??= (createRequire(import.meta.url)('httpsnippet') as typeof import('httpsnippet')).HTTPSnippet;
  return new snippetClass(har);
}

/** Request samples in the configured languages, written by httpsnippet from one example request. */
export function requestSamples(req: SampleRequest, { languages, defaults = 'all' }: SampleOptions = {}): CodeSample[] {
  const keys = [...new Set((languages && languages.length > 0 ? languages : DEFAULT_SAMPLE_LANGUAGES).map(languageKey))];
  const { har, fill } = harOf(req, defaults);
  let snippet: Snippet;
  try {
    snippet = newSnippet(har);
  } catch {
    // httpsnippet validates the HAR; a server URL it rejects (say, a relative one) leaves the page without generated samples.
    return [];
  }
  return keys.flatMap((key) => {
    const language = LANGUAGES[key];
    if (!language) return [];
    const code = snippet.convert(language.target as never, language.client, language.target === 'shell' ? { prettifyJson: true } : undefined);
    const text = Array.isArray(code) ? code[0] : code;
    return typeof text === 'string' ? [{ label: language.label, lang: language.lang, code: fill(text) }] : [];
  });
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
