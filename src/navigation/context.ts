import type { PageIndex } from '../content/index.js';
import type { Diagnostic, Severity } from '../shared/index.js';
import type { NavigationCode } from './codes.js';
import type { DirectoryMode, EndpointRef, EntryOrigin, OpenApiProvider, OpenApiRef, ResolveOptions } from './types.js';

/** Shared state of one `resolveSiteModel` run. */
export interface ResolveContext {
  index: PageIndex;
  provider: OpenApiProvider | undefined;
  diagnostics: Diagnostic<NavigationCode>[];
  /** Endpoint pages the provider generated, by href. */
  endpointPages: Map<string, EndpointRef>;
  report(severity: Severity, code: NavigationCode, fieldPath: string, message: string): void;
  /** Where a config field is written (docs.json:1:1 without a locator), for problems other layers report. */
  origin(fieldPath: string): EntryOrigin;
  /** Endpoints of one spec, cached: a spec is read once however many elements name it. */
  endpointsOf(source: string, directory?: string): EndpointRef[];
}

/** What enclosing elements pass down to the sidebar entries below them. */
export interface Scope {
  directory: DirectoryMode;
  openapi: OpenApiRef | undefined;
}

/** A page that belongs to a section but shows in no sidebar (hidden group or `hidden: true` frontmatter). */
export interface UnlistedPlacement {
  href: string;
  groups: string[];
  /** Under a hidden group that sets `searchable: true`: still in search, the sitemap and llms files. */
  searchable?: true;
}

/** Per-section bookkeeping while its sidebar is built. */
export interface SectionDraft {
  /** Hrefs already placed in this section's sidebar, for duplicate detection. */
  seen: Set<string>;
  unlisted: UnlistedPlacement[];
}

/** Create the context; diagnostics point at `locate(path)` or the top of docs.json. */
export function createContext(index: PageIndex, { openapi, locate }: ResolveOptions): ResolveContext {
  const diagnostics: Diagnostic<NavigationCode>[] = [];
  const cache = new Map<string, EndpointRef[]>();
  const origin = (fieldPath: string): EntryOrigin => {
    const at = locate?.(fieldPathSegments(fieldPath)) ?? { file: 'docs.json', line: 1, column: 1 };
    return { file: at.file, line: at.line, column: at.column, path: fieldPath };
  };
  return {
    index,
    provider: openapi,
    diagnostics,
    endpointPages: new Map(),
    report(severity, code, fieldPath, message) {
      diagnostics.push({ ...origin(fieldPath), severity, code, message });
    },
    origin,
    endpointsOf(source, directory) {
      const key = `${source}\0${directory ?? ''}`;
      let found = cache.get(key);
      if (!found) {
        found = openapi?.endpoints(source, directory) ?? [];
        cache.set(key, found);
      }
      return found;
    },
  };
}

/** `navigation.tabs[2].pages` → `['navigation', 'tabs', 2, 'pages']`, the form `locate` takes. */
export function fieldPathSegments(fieldPath: string): Array<string | number> {
  const out: Array<string | number> = [];
  for (const m of fieldPath.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}
