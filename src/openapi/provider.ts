import { parseEndpointEntry, type Diagnostic, type EndpointEntry } from '../shared/index.js';
import { endpointPageFor } from './endpoint-page.js';
import { samePath, specId } from './entries.js';
import { joinHref, titleFromSlug } from './slug.js';
import { suggestOperation } from './suggest.js';
import type { SourceOrigin, SpecStore } from './spec-store.js';
import type { ApiOperation, EndpointPage, JsonObject, LoadedSpec, PlannedEndpoint } from './types.js';
import type { OpenApiCode } from './codes.js';

/**
 * What the openapi layer offers navigation, build and dev. Structurally a superset of navigation's
 * OpenApiProvider, so the build hands it to navigation as it is (the two layers import neither each other).
 */
export interface OpenApiSiteProvider {
  /** Visible endpoints of a spec (path or URL as written in docs.json), in sidebar order (see `operationsByTag`). */
  endpoints(source: string, directory?: string): PlannedEndpoint[];
  /**
   * Resolve one `[spec] METHOD /path` entry against the entry's own spec or the inherited ones
   * (or, with none, the repository's specs). Undefined when it is unknown or `x-hidden`; the
   * reason is recorded in `diagnostics()` at `origin` (where docs.json lists the entry).
   */
  endpoint(entry: string, inherited?: readonly string[], directory?: string, origin?: SourceOrigin): PlannedEndpoint | undefined;
  /** The page planned at `href` by an earlier `endpoints`/`endpoint` call. */
  operation(href: string): EndpointPage | undefined;
  /**
   * Where the page planned at `href` comes from: its spec, the operation's JSON pointer in it and the
   * spec's name as docs.json gives it; for locating problems found in the drawn page (a link in a description).
   */
  sourceOf(href: string): { spec: LoadedSpec; pointer: readonly string[]; source: string } | undefined;
  /** Like `sourceOf`, for the operation an MDX page's `openapi:` frontmatter names (undefined when it names none found). */
  frontmatterSource(value: string, inherited?: readonly string[]): { spec: LoadedSpec; pointer: readonly string[]; source: string } | undefined;
  /** The endpoint an MDX page's `openapi:` frontmatter names, planned at that page's own href. */
  frontmatterEndpoint(value: string, pageHref: string, inherited?: readonly string[]): { page: EndpointPage } | { diagnostic: Omit<Diagnostic<OpenApiCode>, 'file' | 'line' | 'column' | 'path'> };
  /** The title an operation gives a page whose frontmatter names it without a `title` (see navigation's OpenApiProvider). */
  operationTitle(value: string): string | undefined;
  /** Every generated page handed out so far, in the order they were planned. */
  pages(): PlannedEndpoint[];
  specs(): LoadedSpec[];
  /** Problems found so far (specs load lazily, so this grows as endpoints are resolved). */
  diagnostics(): Diagnostic<OpenApiCode>[];
}

interface Planned {
  spec: LoadedSpec;
  op: ApiOperation;
  ref: PlannedEndpoint;
}

function tagDisplayNames(document: JsonObject): Map<string, string> {
  const names = new Map<string, string>();
  if (!Array.isArray(document.tags)) return names;
  for (const tag of document.tags) {
    if (!tag || typeof tag !== 'object') continue;
    const { name, 'x-group': group } = tag as JsonObject;
    if (typeof name === 'string') names.set(name, typeof group === 'string' ? group : name);
  }
  return names;
}

/** The navigation entry for one operation of a spec under `directory`. */
export function plannedEndpointFor(spec: LoadedSpec, op: ApiOperation, source: string, directory?: string): PlannedEndpoint {
  const ref: PlannedEndpoint = {
    method: op.kind === 'webhook' ? 'WEBHOOK' : op.method,
    path: op.path,
    // A webhook is titled by its name (its key under `webhooks`), as the platform shows it.
    title: op.custom.title ?? (op.kind === 'webhook' ? op.path : op.summary ?? titleFromSlug(op.custom.href ?? op.slug)),
    href: op.custom.href ?? joinHref(directory, op.slug),
    specFile: source,
    kind: op.kind,
  };
  const tag = op.tags[0];
  if (tag) ref.tag = tagDisplayNames(spec.document).get(tag) ?? tag;
  if (op.deprecated) ref.deprecated = true;
  if (op.custom.sidebarTitle) ref.sidebarTitle = op.custom.sidebarTitle;
  return ref;
}

/**
 * Operations in sidebar order, the order navigation shows an `openapi`-only element in: one run
 * per display group (`x-group`, else the first tag) in the order the paths first use it, as the
 * platform lists them (comfyui's cloud spec declares `job` before `node` and `model`, and its
 * sidebar shows them in path order). The untagged operations are one run too, standing where the
 * first of them stands in the spec, like any tag's (issue 45: a spec opening with untagged
 * operations lists them first). Each run in spec order.
 */
export function operationsByTag(spec: LoadedSpec): ApiOperation[] {
  const display = tagDisplayNames(spec.document);
  const groupOf = (op: ApiOperation) => (op.tags[0] ? display.get(op.tags[0]) ?? op.tags[0] : undefined);
  const groups: (string | undefined)[] = [];
  for (const op of spec.operations) {
    const group = groupOf(op);
    if (!groups.includes(group)) groups.push(group);
  }
  const rank = (op: ApiOperation) => groups.indexOf(groupOf(op));
  return spec.operations
    .map((op, index) => ({ op, index }))
    .sort((a, b) => rank(a.op) - rank(b.op) || a.index - b.index)
    .map(({ op }) => op);
}

/** `/pets/{id}` → `/pets/{}`: path parameter names are not significant when matching entries. */
function pathShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');
}

/** The operation an entry names: exact path first, then ignoring trailing slashes, then ignoring parameter names. */
function findOperation(spec: LoadedSpec, entry: EndpointEntry): ApiOperation | undefined {
  const matches = (op: ApiOperation) =>
    entry.method === 'WEBHOOK' ? op.kind === 'webhook' && op.path === entry.path : op.kind === 'operation' && op.method === entry.method;
  const candidates = spec.operations.filter(matches);
  return (
    candidates.find((op) => op.path === entry.path) ??
    candidates.find((op) => samePath(op.path, entry.path)) ??
    (entry.method === 'WEBHOOK' ? undefined : candidates.find((op) => pathShape(op.path) === pathShape(entry.path)))
  );
}

/** Build the provider over a store; `fallbacks` (site defaults, then repository specs) are tried when an entry has no spec in scope. */
export function createProvider(store: SpecStore, fallbacks: readonly string[]): OpenApiSiteProvider {
  const planned = new Map<string, Planned>();
  const diagnostics: Diagnostic<OpenApiCode>[] = [];
  const same = (a: Planned, spec: LoadedSpec, op: ApiOperation) => a.spec.id === spec.id && a.op.pointer.join('/') === op.pointer.join('/');
  const plan = (spec: LoadedSpec, op: ApiOperation, source: string, directory?: string): PlannedEndpoint => {
    const ref = plannedEndpointFor(spec, op, source, directory);
    const wanted = ref.href;
    // Two specs (say, version tabs) may both have "List things": one URL cannot hold two pages.
    for (let n = 1; planned.has(ref.href) && !same(planned.get(ref.href)!, spec, op); n++) ref.href = `${wanted}-${n}`;
    if (ref.href !== wanted && !planned.has(ref.href)) {
      const { line, column } = spec.positionOf(op.pointer);
      diagnostics.push({
        file: spec.id, line, column, severity: 'warning', code: 'OPENAPI_HREF_COLLISION', path: op.pointer.join('.'),
        message: `${op.method} ${op.path} would be published at ${wanted}, which another operation already uses; it goes to ${ref.href}. Set a \`directory\` on one of the \`openapi\` entries or an \`x-mint.href\` to choose its URL`,
      });
    }
    if (!planned.has(ref.href)) planned.set(ref.href, { spec, op, ref });
    return ref;
  };

  /** The spec a name refers to: exact path, then with a .json/.yaml/.yml suffix, then a fallback spec of that name. */
  const specNamed = (name: string): { spec?: LoadedSpec; source: string } => {
    const id = specId(name);
    if (/^https?:/i.test(id) || store.has(id) || store.existsLocal(id)) return { spec: store.get(id), source: name };
    for (const ext of ['.json', '.yaml', '.yml']) if (store.existsLocal(id + ext)) return { spec: store.get(id + ext), source: id + ext };
    const bare = id.replace(/\.(json|ya?ml)$/i, '');
    const candidate = fallbacks.find((d) => d.replace(/\.(json|ya?ml)$/i, '') === bare);
    return candidate ? { spec: store.get(candidate), source: candidate } : { source: name };
  };

  const locate = (entry: EndpointEntry, inherited: readonly string[]): { spec: LoadedSpec; op: ApiOperation; source: string } | 'OPENAPI_NO_SPEC' | 'OPENAPI_SOURCE_NOT_FOUND' | 'OPENAPI_ENDPOINT_NOT_FOUND' => {
    const candidates = entry.spec ? [entry.spec] : inherited.length > 0 ? inherited : fallbacks;
    if (candidates.length === 0) return 'OPENAPI_NO_SPEC';
    let readable = 0;
    for (const name of candidates) {
      const { spec, source } = specNamed(name);
      if (spec) readable++;
      const op = spec && findOperation(spec, entry);
      if (spec && op) return { spec, op, source };
    }
    return readable === 0 ? 'OPENAPI_SOURCE_NOT_FOUND' : 'OPENAPI_ENDPOINT_NOT_FOUND';
  };

  /** How to fix an entry that names no operation: the likely intended one, when there is one. */
  const fixFor = (entry: EndpointEntry, names: readonly string[]): string => {
    const specs = names.flatMap((name) => specNamed(name).spec ?? []);
    const suggestion = suggestOperation(specs, entry);
    return suggestion ? `did you mean "${suggestion}"?` : 'check the method and path against the spec (path parameters in braces)';
  };

  // Navigation asks once per listed entry; plan each (source, directory) once.
  const listed = new Map<string, PlannedEndpoint[]>();
  return {
    endpoints(source, directory) {
      const key = `${source}\u0000${directory ?? ''}`;
      const hit = listed.get(key);
      if (hit) return hit;
      const spec = store.get(source);
      const list = spec ? operationsByTag(spec).filter((op) => !op.hidden).map((op) => plan(spec, op, source, directory)) : [];
      listed.set(key, list);
      return list;
    },
    endpoint(value, inherited = [], directory, origin) {
      const where = origin ?? { file: 'docs.json', line: 1, column: 1, path: '' };
      const report = (severity: 'error' | 'warning', code: OpenApiCode, message: string) => {
        diagnostics.push({ ...where, severity, code, message });
        return undefined;
      };
      const entry = parseEndpointEntry(value);
      if (!entry) return report('error', 'OPENAPI_BAD_ENTRY', `"${value}" is not an endpoint entry; write "METHOD /path" or "spec.yaml METHOD /path"`);
      const found = locate(entry, inherited);
      if (found === 'OPENAPI_NO_SPEC') return report('error', found, `endpoint "${value}" has no OpenAPI spec in scope; set \`openapi\` on an enclosing element or write "spec.yaml ${entry.method} ${entry.path}"`);
      const names = entry.spec ? [entry.spec] : inherited.length > 0 ? inherited : fallbacks;
      if (found === 'OPENAPI_SOURCE_NOT_FOUND') return report('error', found, `endpoint "${value}": no readable spec named ${names.join(', ')}; fix the spec path or add the file`);
      if (typeof found === 'string') return report('error', found, `endpoint "${value}" is not in ${names.join(', ')}; ${fixFor(entry, names)}`);
      // x-hidden keeps an endpoint out of the docs even when a page lists it.
      if (found.op.hidden) return report('warning', 'OPENAPI_HIDDEN_LISTED', `endpoint "${value}" is marked x-hidden in ${found.spec.id}, so it is left out; remove it from pages or drop x-hidden`);
      return plan(found.spec, found.op, found.source, directory);
    },
    operation(href) {
      const hit = planned.get(href);
      return hit && endpointPageFor(hit.spec.renderDocument, hit.op, hit.ref);
    },
    sourceOf(href) {
      const hit = planned.get(href);
      return hit && { spec: hit.spec, pointer: hit.op.pointer, source: hit.ref.specFile };
    },
    frontmatterSource(value, inherited = []) {
      const entry = parseEndpointEntry(value);
      const found = entry && locate(entry, inherited);
      return found && typeof found !== 'string' ? { spec: found.spec, pointer: found.op.pointer, source: found.source } : undefined;
    },
    frontmatterEndpoint(value, pageHref, inherited = []) {
      const entry = parseEndpointEntry(value);
      if (!entry) {
        // The page's own content still renders (the platform publishes it too): a warning, like a missing endpoint.
        return { diagnostic: { severity: 'warning', code: 'OPENAPI_BAD_ENTRY', message: `The page is built without an endpoint reference: openapi: "${value}" is not of the form "[spec] METHOD /path"; write e.g. "GET /users/{id}" or "openapi.yaml GET /users/{id}"` } };
      }
      const found = locate(entry, inherited);
      if (typeof found === 'string') {
        const where = entry.spec ? `spec "${entry.spec}"` : inherited.length > 0 ? `specs ${inherited.join(', ')}` : 'any OpenAPI spec of the repository';
        const message = found === 'OPENAPI_NO_SPEC'
          ? `openapi: "${value}" names no spec and the repository has none; add the spec file or prefix the entry with its path`
          : found === 'OPENAPI_SOURCE_NOT_FOUND'
            ? `openapi: "${value}": ${where} cannot be read; fix the spec path or add the file`
            : `${entry.method} ${entry.path} is not in ${where}; ${fixFor(entry, entry.spec ? [entry.spec] : inherited.length > 0 ? inherited : fallbacks)}`;
        // The page still renders its own content, so a missing reference warns rather than fails the build.
        return { diagnostic: { severity: 'warning', code: found, message: `The page is built without its endpoint reference: ${message}` } };
      }
      const ref = { ...plannedEndpointFor(found.spec, found.op, found.source), href: pageHref };
      return { page: endpointPageFor(found.spec.renderDocument, found.op, ref) };
    },
    operationTitle(value) {
      const entry = parseEndpointEntry(value);
      const found = entry && locate(entry, []);
      if (!found || typeof found === 'string') return undefined;
      return found.op.custom.title ?? (found.op.kind === 'webhook' ? found.op.path : found.op.summary);
    },
    pages: () => [...planned.values()].map((p) => p.ref),
    specs: () => store.loaded(),
    diagnostics: () => [...store.diagnostics, ...diagnostics],
  };
}
