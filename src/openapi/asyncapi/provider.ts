/**
 * The site's AsyncAPI documents: loaded once (files through the same guarded store as OpenAPI
 * specs, URLs through the same guarded fetcher), planned as one page per channel under the
 * element's `directory` (`api-reference` by default), and looked up for `asyncapi:` frontmatter
 * (`"asyncapi.yaml channelId"`, or `channelId` alone against the site's documents).
 */
import { closest, type Diagnostic } from '../../shared/index.js';
import type { OpenApiCode } from '../codes.js';
import { discoverFilesWithHead } from '../discover-specs.js';
import { specId } from '../entries.js';
import type { RemoteFetchOptions } from '../fetch-remote.js';
import { joinHref } from '../slug.js';
import { SpecStore, type SourceOrigin, type SpecKind } from '../spec-store.js';
import type { OpenApiSource } from '../types.js';
import { channelPageFor } from './channel-page.js';
import { asyncApiFromText } from './document.js';
import type { AsyncChannel, ChannelPage, LoadedAsyncApi, PlannedChannel } from './types.js';

export type AsyncApiSourceInput = string | (OpenApiSource & { origin?: SourceOrigin; fallback?: boolean });

export interface AsyncApiSiteProvider {
  /** One page per channel of `source`, in document order, under `directory`; `[]` when unreadable. */
  channels(source: string, directory?: string): PlannedChannel[];
  /** The channel page planned at `href` by `channels`. */
  channel(href: string): ChannelPage | undefined;
  /** The channel an MDX page's `asyncapi:` frontmatter names, planned at that page's own href. */
  frontmatterChannel(value: string, pageHref: string): { page: ChannelPage } | { diagnostic: Omit<Diagnostic<OpenApiCode>, 'file' | 'line' | 'column' | 'path'> };
  /** The title a channel gives a page whose `asyncapi:` frontmatter names it without a `title`. */
  channelTitle(value: string): string | undefined;
  /** Every channel page planned so far. */
  pages(): PlannedChannel[];
  specs(): LoadedAsyncApi[];
  diagnostics(): Diagnostic<OpenApiCode>[];
}

const ASYNCAPI_KIND: SpecKind<LoadedAsyncApi> = {
  label: 'AsyncAPI',
  fromText: (id, text, absolutePath) => asyncApiFromText(id, text, absolutePath),
  codes: { notFound: 'ASYNCAPI_SOURCE_NOT_FOUND', outside: 'ASYNCAPI_SOURCE_NOT_FOUND', tooLarge: 'ASYNCAPI_SOURCE_NOT_FOUND', urlRefused: 'ASYNCAPI_FETCH_FAILED', fetchFailed: 'ASYNCAPI_FETCH_FAILED' },
};

const ASYNCAPI_HEAD = /["']?asyncapi["']?\s*:\s*["']?[23]\./;

/** Repository files that look like AsyncAPI documents (`asyncapi: 2.x/3.x` in their first 4 KB), sorted. */
export function discoverAsyncApiFiles(root: string): string[] {
  return discoverFilesWithHead(root, ASYNCAPI_HEAD);
}

/** `"asyncapi.yaml channelId"` → spec and channel; `"channelId"` → channel only. */
export function parseAsyncApiFrontmatter(value: string): { spec?: string; channel: string } | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const m = /^(\S+\.(?:json|ya?ml)|https?:\/\/\S+)\s+(.+)$/i.exec(trimmed);
  return m ? { spec: m[1]!, channel: m[2]!.trim() } : { channel: trimmed };
}

/**
 * Load every AsyncAPI document the site names and return the provider that plans channel pages.
 * With `discover`, a frontmatter value naming only a channel also looks in the repository's documents.
 */
export async function loadAsyncApiSpecs(
  root: string,
  sources: readonly AsyncApiSourceInput[],
  { fetch = {}, discover = true }: { fetch?: RemoteFetchOptions; discover?: boolean } = {},
): Promise<{ provider: AsyncApiSiteProvider; diagnostics: Diagnostic<OpenApiCode>[] }> {
  const store = new SpecStore<LoadedAsyncApi>(root, ASYNCAPI_KIND);
  await store.addSources(sources, fetch);
  const defaults = sources.flatMap((s) => (typeof s === 'string' ? [s] : [s.source]));
  const discovered = discover ? discoverAsyncApiFiles(root).filter((file) => !defaults.some((d) => specId(d) === file)) : [];
  const provider = createAsyncApiProvider(store, [...defaults, ...discovered]);
  return { provider, diagnostics: [...store.diagnostics] };
}

/** The channel a frontmatter value names: by id, then by address, then by title. */
function findChannel(spec: LoadedAsyncApi, wanted: string): AsyncChannel | undefined {
  return spec.channels.find((c) => c.id === wanted) ?? spec.channels.find((c) => c.address === wanted) ?? spec.channels.find((c) => c.title === wanted);
}

export function createAsyncApiProvider(store: SpecStore<LoadedAsyncApi>, fallbacks: readonly string[]): AsyncApiSiteProvider {
  const planned = new Map<string, { spec: LoadedAsyncApi; channel: AsyncChannel; ref: PlannedChannel }>();
  const listed = new Map<string, PlannedChannel[]>();
  const plan = (spec: LoadedAsyncApi, channel: AsyncChannel, source: string, href: string): PlannedChannel => ({
    method: 'CHANNEL', path: channel.address ?? channel.id, title: channel.title, href, specFile: source, kind: 'channel',
  });
  const locate = (value: string): { spec: LoadedAsyncApi; channel: AsyncChannel; source: string } | { code: OpenApiCode; message: string } => {
    const parsed = parseAsyncApiFrontmatter(value);
    if (!parsed) return { code: 'ASYNCAPI_CHANNEL_NOT_FOUND', message: 'asyncapi: is empty; write "asyncapi.yaml channelId" or a channel id' };
    const names = parsed.spec ? [parsed.spec] : fallbacks;
    if (names.length === 0) return { code: 'ASYNCAPI_NO_SPEC', message: `asyncapi: "${value}" names no document and the site has none; write "/asyncapi.yaml ${parsed.channel}" or set api.asyncapi in docs.json` };
    const specs = names.flatMap((name) => {
      const spec = store.get(name);
      return spec ? [{ spec, source: name }] : [];
    });
    if (specs.length === 0) return { code: 'ASYNCAPI_SOURCE_NOT_FOUND', message: `asyncapi: "${value}": no readable AsyncAPI document named ${names.join(', ')}; fix the path or add the file` };
    for (const { spec, source } of specs) {
      const channel = findChannel(spec, parsed.channel);
      if (channel) return { spec, channel, source };
    }
    const suggestion = closest(parsed.channel, specs.flatMap(({ spec }) => spec.channels.map((c) => c.id)));
    return {
      code: 'ASYNCAPI_CHANNEL_NOT_FOUND',
      message: `channel "${parsed.channel}" is not in ${specs.map((s) => s.spec.id).join(', ')}; ${suggestion ? `did you mean "${suggestion}"?` : 'use a key of the document\'s `channels`'}`,
    };
  };
  return {
    channels(source, directory) {
      const key = `${source}\u0000${directory ?? ''}`;
      const hit = listed.get(key);
      if (hit) return hit;
      const spec = store.get(source);
      const list = (spec?.channels ?? []).map((channel) => {
        const wanted = joinHref(directory, channel.slug);
        let href = wanted;
        const taken = (h: string) => planned.has(h) && (planned.get(h)!.spec !== spec || planned.get(h)!.channel !== channel);
        for (let n = 1; taken(href); n++) href = `${wanted}-${n}`;
        const ref = plan(spec!, channel, source, href);
        if (!planned.has(href)) planned.set(href, { spec: spec!, channel, ref });
        return ref;
      });
      listed.set(key, list);
      return list;
    },
    channel(href) {
      const hit = planned.get(href);
      return hit && channelPageFor(hit.spec, hit.channel, hit.ref);
    },
    frontmatterChannel(value, pageHref) {
      const found = locate(value);
      if ('code' in found) return { diagnostic: { severity: 'warning', code: found.code, message: `The page is built without its channel reference: ${found.message}` } };
      return { page: channelPageFor(found.spec, found.channel, plan(found.spec, found.channel, found.source, pageHref)) };
    },
    channelTitle(value) {
      const found = locate(value);
      return 'code' in found ? undefined : found.channel.title;
    },
    pages: () => [...planned.values()].map((p) => p.ref),
    specs: () => store.loaded(),
    diagnostics: () => [...store.diagnostics],
  };
}
