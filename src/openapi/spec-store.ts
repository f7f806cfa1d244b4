import fs from 'node:fs';
// The upgrader alone (what the parser's `upgrade` calls): the whole parser costs ~150 ms of module
// loading at every build's start, and only a spec's validation needs it (loaded then).
import { upgrade } from '@scalar/openapi-upgrader';
import { isInside, resolveInside, type Diagnostic } from '../shared/index.js';
import { bundleExternalRefs } from './bundle-refs.js';
import { specId } from './entries.js';
import { fetchRemoteSpec, RemoteFetchError, type RemoteFetchOptions } from './fetch-remote.js';
import { extractOperations } from './operations.js';
import { parseSpecText } from './parse-spec.js';
import { findBadRefs } from './refs.js';
import type { JsonObject, LoadedSpec } from './types.js';
import { specVersion } from './validate-spec.js';
import type { OpenApiCode } from './codes.js';

const MAX_SPEC_BYTES = 10 * 1024 * 1024;

/** Where a docs.json `openapi` value was written, so problems with it point there. */
export interface SourceOrigin {
  file: string;
  line: number;
  column: number;
  path: string;
}

/** True when some `$ref` in the document points at another file. */
function hasExternalRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasExternalRef);
  if (!node || typeof node !== 'object') return false;
  return Object.entries(node).some(([key, value]) => (key === '$ref' ? typeof value === 'string' && !value.startsWith('#') : key !== 'example' && hasExternalRef(value)));
}

/** Parse spec text into a LoadedSpec; syntax problems are errors, unresolvable `$ref`s warnings (they render as markers). */
export function specFromText(id: string, text: string, absolutePath?: string, root?: string): { spec?: LoadedSpec; diagnostics: Diagnostic<OpenApiCode>[] } {
  const parsed = parseSpecText(id, text);
  const diagnostics = [...parsed.diagnostics];
  if (!parsed.document) return { diagnostics };
  let document = parsed.document;
  if (root && absolutePath && hasExternalRef(document)) {
    const bundled = bundleExternalRefs(root, absolutePath, document);
    document = bundled.document;
    diagnostics.push(...bundled.diagnostics);
  }
  const version = specVersion(document);
  if (version === 'unknown') {
    diagnostics.push({ file: id, line: 1, column: 1, severity: 'error', code: 'OPENAPI_INVALID', path: '', message: 'missing or unsupported `openapi`/`swagger` version field; set `openapi: 3.1.0` (or 3.0.x, or `swagger: "2.0"`)' });
    return { diagnostics };
  }
  for (const bad of findBadRefs(document)) {
    const { line, column } = parsed.positions.at(bad.at);
    diagnostics.push({
      file: id, line, column, severity: 'warning', code: 'OPENAPI_BAD_REF', path: bad.at.join('.'),
      message: bad.external
        ? `$ref "${bad.ref}" points outside this file and is not followed; move the definition into this spec's components`
        : `$ref "${bad.ref}" points to nothing in this spec; add the missing definition or fix the reference (the page shows it as broken)`,
    });
  }
  let renderDocument: JsonObject = document;
  if (version === '2.0') {
    try {
      renderDocument = upgrade(structuredClone(document), '3.1') as unknown as JsonObject;
    } catch (error) {
      diagnostics.push({ file: id, line: 1, column: 1, severity: 'warning', code: 'OPENAPI_INVALID', path: '', message: `could not upgrade Swagger 2.0 for rendering (${(error as Error).message}); convert the spec to OpenAPI 3` });
    }
  }
  const spec: LoadedSpec = {
    id, format: parsed.format, version, text, document, renderDocument,
    operations: extractOperations(id, renderDocument),
    positionOf: (segments) => parsed.positions.at(segments),
  };
  if (absolutePath) spec.absolutePath = absolutePath;
  return { spec, diagnostics };
}

/** What a store reads: the label its messages use, its codes, and how text becomes a spec. */
export interface SpecKind<T> {
  label: 'OpenAPI' | 'AsyncAPI';
  fromText(id: string, text: string, absolutePath?: string, root?: string): { spec?: T; diagnostics: Diagnostic<OpenApiCode>[] };
  /** `urlRefused`: a URL scheme or address the fetcher refuses (an error); `fetchFailed`: a download that failed (a warning: the site builds without it). */
  codes: { notFound: OpenApiCode; outside: OpenApiCode; tooLarge: OpenApiCode; urlRefused: OpenApiCode; fetchFailed: OpenApiCode };
}

/** A source as docs.json names it (a path or URL), with where it was written. */
export type SpecSourceInput = string | { source: string; origin?: SourceOrigin };

const OPENAPI_KIND: SpecKind<LoadedSpec> = {
  label: 'OpenAPI',
  fromText: specFromText,
  codes: { notFound: 'OPENAPI_SOURCE_NOT_FOUND', outside: 'OPENAPI_SOURCE_OUTSIDE_ROOT', tooLarge: 'OPENAPI_FETCH_FAILED', urlRefused: 'OPENAPI_URL_REFUSED', fetchFailed: 'OPENAPI_FETCH_FAILED' },
};

/** Specs of one docs root, loaded once each; local files can be loaded on demand (synchronously). */
export class SpecStore<T = LoadedSpec> {
  private readonly specs = new Map<string, T | null>();
  readonly diagnostics: Diagnostic<OpenApiCode>[] = [];

  constructor(
    readonly root: string,
    private readonly kind: SpecKind<T> = OPENAPI_KIND as unknown as SpecKind<T>,
  ) {}

  /** Record a spec loaded elsewhere (remote specs are fetched before the store is used). */
  add(id: string, result: { spec?: T; diagnostics: Diagnostic<OpenApiCode>[] }): void {
    this.specs.set(id, result.spec ?? null);
    this.diagnostics.push(...result.diagnostics);
  }

  /**
   * Load the sources docs.json names: repository files now, http(s) URLs through the guarded
   * fetcher in parallel (each under its own size and time caps); any other scheme is refused.
   */
  async addSources(sources: readonly SpecSourceInput[], fetch: RemoteFetchOptions): Promise<void> {
    const remote = new Map<string, SourceOrigin | undefined>();
    for (const input of sources) {
      const source = typeof input === 'string' ? input : input.source;
      const origin = typeof input === 'string' ? undefined : input.origin;
      const id = specId(source);
      if (this.has(id) || remote.has(id)) continue;
      if (/^https?:\/\//i.test(id)) remote.set(id, origin);
      else if (/^[a-z][a-z0-9+.-]*:/i.test(id)) this.add(id, { diagnostics: [this.urlProblem(origin, id, true, `only http(s) URLs and repository paths are accepted, not "${id}"`)] });
      else this.get(id, origin);
    }
    const fetched = await Promise.all([...remote].map(async ([id, origin]) => [id, await this.loadRemote(id, origin, fetch)] as const));
    for (const [id, result] of fetched) this.add(id, result);
  }

  private async loadRemote(url: string, origin: SourceOrigin | undefined, options: RemoteFetchOptions): Promise<{ spec?: T; diagnostics: Diagnostic<OpenApiCode>[] }> {
    try {
      return this.kind.fromText(url, await fetchRemoteSpec(url, options));
    } catch (error) {
      const refused = error instanceof RemoteFetchError && error.kind === 'refused';
      const reason = (error as Error).message;
      const message = refused
        ? `${this.kind.label} URL ${url} refused: ${reason}; host it on a public address or commit it to the repository`
        : `${this.kind.label} URL ${url} could not be loaded: ${reason}; check the URL or commit it to the repository`;
      return { diagnostics: [this.urlProblem(origin, url, refused, message)] };
    }
  }

  /** A refused URL is an error; a download that failed degrades (offline build, host down): the site builds without it. */
  private urlProblem(origin: SourceOrigin | undefined, id: string, refused: boolean, message: string): Diagnostic<OpenApiCode> {
    const where = origin ?? { file: id, line: 1, column: 1, path: '' };
    return { ...where, severity: refused ? 'error' : 'warning', code: refused ? this.kind.codes.urlRefused : this.kind.codes.fetchFailed, message };
  }

  has(id: string): boolean {
    return this.specs.has(id);
  }

  /** The spec with this id; local files not seen yet are read now. Undefined when missing or broken. */
  get(source: string, origin?: SourceOrigin): T | undefined {
    const id = specId(source);
    if (!this.specs.has(id)) {
      if (/^https?:\/\//i.test(id)) return undefined;
      this.add(id, this.readLocal(id, origin));
    }
    return this.specs.get(id) ?? undefined;
  }

  /** True when `id` names a local file that exists inside the root. */
  existsLocal(id: string): boolean {
    const file = resolveInside(this.root, id);
    return !!file && fs.existsSync(file) && fs.statSync(file).isFile();
  }

  loaded(): T[] {
    return [...this.specs.values()].filter((s): s is T => !!s);
  }

  private readLocal(id: string, origin?: SourceOrigin): { spec?: T; diagnostics: Diagnostic<OpenApiCode>[] } {
    const where = origin ?? { file: id, line: 1, column: 1, path: '' };
    const problem = (code: OpenApiCode, message: string) => ({ diagnostics: [{ ...where, severity: 'error' as const, code, message }] });
    const { label, codes } = this.kind;
    const file = resolveInside(this.root, id);
    if (!file) return problem(codes.outside, `${label} spec "${id}" is outside the docs root; use a path inside the repository`);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return problem(codes.notFound, `${label} spec "${id}" does not exist; fix the path (relative to the docs root) or add the file`);
    }
    // resolveInside is lexical: a symlink inside the root may still point out of it.
    if (!isInside(fs.realpathSync(this.root), fs.realpathSync(file))) {
      return problem(codes.outside, `${label} spec "${id}" is a link to a file outside the docs root; copy the spec into the repository`);
    }
    if (!stat.isFile()) return problem(codes.notFound, `${label} spec "${id}" is not a file; point to a .json or .yaml spec`);
    if (stat.size > MAX_SPEC_BYTES) return problem(codes.tooLarge, `${label} spec "${id}" is ${stat.size} bytes, over the ${MAX_SPEC_BYTES}-byte limit; split the spec`);
    return this.kind.fromText(id, fs.readFileSync(file, 'utf8'), file, this.root);
  }
}
