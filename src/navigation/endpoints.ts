import type { ResolveContext, SectionDraft } from './context.js';
import type { ParsedEntry } from './entries.js';
import { endpointGroupsOf } from './generated.js';
import { directoryOf } from './entries.js';
import type { EndpointRef, OpenApiRef, SidebarEndpoint, SidebarGroup, SidebarNode } from './types.js';

type EndpointEntry = Extract<ParsedEntry, { kind: 'endpoint' }>;

/**
 * An endpoint entry (`"GET /users"`, `"spec.yaml GET /users"`). With a provider it gets
 * the generated page's href and title; without one it stays a placeholder (`href: null`).
 */
export function endpointFromEntry(ctx: ResolveContext, parsed: EndpointEntry, entry: string, openapi: OpenApiRef | undefined, fieldPath: string): SidebarEndpoint | null {
  const node: SidebarEndpoint = { type: 'endpoint', method: parsed.method, path: parsed.path, href: null, title: `${parsed.method} ${parsed.path}`, entry };
  if (parsed.spec !== undefined) node.spec = parsed.spec;
  if (openapi) node.openapi = openapi;
  if (ctx.provider?.endpoint) {
    // The provider knows the repository's specs (fallback when none is in scope) and `x-hidden`.
    const ref = ctx.provider.endpoint(entry, openapi?.sources ?? [], parsed.spec === undefined ? openapi?.directory : undefined, ctx.origin(fieldPath));
    return ref ? fillEndpoint(ctx, node, ref) : null;
  }
  const sources = parsed.spec !== undefined ? [parsed.spec] : openapi?.sources ?? [];
  if (sources.length === 0) {
    ctx.report('warning', 'NAVIGATION_ENDPOINT_NO_OPENAPI', fieldPath, `Endpoint \`${entry}\` has no OpenAPI specification in scope. Set \`openapi\` on an enclosing group, tab or anchor, or write the entry as \`"openapi.yaml ${parsed.method} ${parsed.path}"\`.`);
    return node;
  }
  if (!ctx.provider) return node;
  let known = 0;
  for (const source of sources) {
    const endpoints = ctx.endpointsOf(source, parsed.spec === undefined ? openapi?.directory : undefined);
    known += endpoints.length;
    // The exact template wins over one that differs only in parameter names.
    const sameMethod = endpoints.filter((e) => e.method === parsed.method);
    const match = sameMethod.find((e) => e.path === parsed.path) ?? sameMethod.find((e) => samePath(e.path, parsed.path));
    if (match) return fillEndpoint(ctx, node, match);
  }
  // An unreadable spec yields no endpoints and is reported by the openapi layer; only report
  // entries that a readable spec lacks.
  if (known > 0) {
    ctx.report('error', 'NAVIGATION_ENDPOINT_NOT_FOUND', fieldPath, `Endpoint \`${entry}\` is not defined in ${sources.map((s) => `\`${s}\``).join(', ')}. Check the method and path (path parameters in braces, e.g. \`/users/{id}\`) or add the operation to the specification.`);
  }
  return node;
}

/**
 * All endpoints of an `openapi` element that documents none itself (see `generatesEndpoints`):
 * one group per OpenAPI tag, the untagged endpoints loose where the first of them comes (see
 * `operationsByTag`). Without a provider: one
 * `endpoint-set` placeholder. `alone` says the element has no other content, so an empty spec
 * leaves it empty (reported).
 */
export function endpointsFromOpenApi(ctx: ResolveContext, draft: SectionDraft, openapi: OpenApiRef, topLevel: boolean, fieldPath: string, alone = true): SidebarNode[] {
  if (!ctx.provider) return [{ type: 'endpoint-set', openapi }];
  const { untagged, tagged, untaggedAt } = endpointGroupsOf(openapi, ctx.endpointsOf);
  const node = (ref: EndpointRef): SidebarEndpoint | null => {
    if (draft.seen.has(ref.href)) return null;
    draft.seen.add(ref.href);
    const base: SidebarEndpoint = { type: 'endpoint', method: ref.method, path: ref.path, href: null, title: ref.title, openapi, entry: `${ref.method} ${ref.path}` };
    return fillEndpoint(ctx, base, ref);
  };
  const out: SidebarNode[] = [];
  for (const [i, { tag, endpoints }] of tagged.entries()) {
    if (i === untaggedAt) out.push(...untagged.flatMap((ref) => node(ref) ?? []));
    const children = endpoints.flatMap((ref) => node(ref) ?? []);
    if (children.length > 0) out.push({ type: 'group', name: tag, expanded: topLevel, topLevel, directory: 'none', children } satisfies SidebarGroup);
  }
  if (untaggedAt >= tagged.length) out.push(...untagged.flatMap((ref) => node(ref) ?? []));
  if (untagged.length === 0 && tagged.length === 0 && alone) {
    ctx.report('warning', 'NAVIGATION_EMPTY_ELEMENT', fieldPath, `OpenAPI ${openapi.sources.map((s) => `\`${s}\``).join(', ')} yielded no endpoints, so this element is empty. Check that the specification has paths and is readable.`);
  }
  return out;
}

/**
 * One page per channel of an element's own `asyncapi` documents (see `generatesChannels`), after
 * the element's content, in document order. `alone`: the element has no other content, so a
 * document without channels leaves it empty (reported).
 */
export function channelsFromAsyncApi(ctx: ResolveContext, draft: SectionDraft, asyncapi: OpenApiRef, fieldPath: string, alone: boolean): SidebarNode[] {
  const channels = ctx.provider?.channels;
  if (!channels) return [];
  const out: SidebarNode[] = [];
  for (const source of asyncapi.sources) {
    for (const ref of channels(source, directoryOf(asyncapi, source))) {
      if (draft.seen.has(ref.href)) continue;
      draft.seen.add(ref.href);
      out.push(fillEndpoint(ctx, { type: 'endpoint', method: ref.method, path: ref.path, href: null, title: ref.title, entry: `${ref.method} ${ref.path}` }, ref));
    }
  }
  if (out.length === 0 && alone) {
    ctx.report('warning', 'NAVIGATION_EMPTY_ELEMENT', fieldPath, `AsyncAPI ${asyncapi.sources.map((s) => `\`${s}\``).join(', ')} yielded no channels, so this element is empty. Check that the document has channels and is readable.`);
  }
  return out;
}

function fillEndpoint(ctx: ResolveContext, node: SidebarEndpoint, ref: EndpointRef): SidebarEndpoint {
  node.href = ref.href;
  node.title = ref.title;
  if (ref.sidebarTitle) node.sidebarTitle = ref.sidebarTitle;
  if (ref.tag !== undefined) node.tag = ref.tag;
  if (ref.deprecated) node.deprecated = true;
  ctx.endpointPages.set(ref.href, ref);
  return node;
}

/** `/users/{id}` matches `/users/{userId}`: parameter names do not matter, trailing slashes neither. */
export function samePath(a: string, b: string): boolean {
  const norm = (p: string): string => p.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');
  return norm(a) === norm(b);
}
