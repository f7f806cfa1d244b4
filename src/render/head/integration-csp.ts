/**
 * What a hosted site's Content-Security-Policy must add for the services docs.json `integrations`
 * loads (`integrations.ts`): per service, the origins of its script and of what that script
 * reaches (beacons, its own further scripts, fonts, websockets), as each vendor's CSP guide lists
 * them; the inline stubs and `onload` handlers Folio writes, by hash. `folio serve` sends the
 * default policy plus these, so nothing a site does not configure is allowed, and a page's own
 * `<script>` still does not run (trust model). What a service needs beyond that (a tag manager's
 * custom HTML tags want `'unsafe-inline'`/`'unsafe-eval'`) is left out and named in `leftOut`.
 */
import { createHash } from 'node:crypto';
import type { DocsConfig } from '../../config/index.js';
import type { IntegrationHead } from './integrations.js';

/** Sources to add per directive (origins, `wss:` origins, `'sha256-…'`), each list sorted and unique. */
export interface CspSources {
  'script-src'?: string[];
  'connect-src'?: string[];
  'img-src'?: string[];
  'font-src'?: string[];
  'style-src'?: string[];
  'worker-src'?: string[];
}

export type CspDirective = keyof CspSources;

interface ServiceOrigins {
  script: string[];
  connect?: string[];
  font?: string[];
  style?: string[];
  worker?: string[];
  /** What the service may need that hosted sites never allow (said once in the build log). */
  leftOut?: string;
}

type Fields = Record<string, unknown>;
const str = (f: Fields, name: string) => (typeof f[name] === 'string' ? (f[name] as string) : undefined);
const HOST = /^[a-z0-9.-]+(:\d+)?$/i;
/** `https://host` of a host name or https URL; undefined when it is neither. */
function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const host = value.replace(/^https?:\/\//i, '').replace(/[/?#].*$/, '');
  return HOST.test(host) ? `https://${host.toLowerCase()}` : undefined;
}

const CUSTOM_CODE = "custom code its tags run (Custom HTML tags, custom JavaScript) needs 'unsafe-inline' or 'unsafe-eval', which hosted sites do not allow";

/** Per service: the origins its vendor's CSP guide names for its script and its requests. */
const ORIGINS: Record<string, (f: Fields) => ServiceOrigins> = {
  // Adobe's guide: the Launch library's host, and its data collection (Edge, Analytics, Audience Manager).
  adobe: (f) => ({ script: [originOf(str(f, 'launchUrl')) ?? 'https://assets.adobedtm.com', 'https://assets.adobedtm.com'], connect: ['https://*.adobedc.net', 'https://*.omtrdc.net', 'https://*.demdex.net'], leftOut: `adobe: ${CUSTOM_CODE}` }),
  amplitude: () => ({ script: ['https://cdn.amplitude.com'], connect: ['https://*.amplitude.com'] }),
  clarity: () => ({ script: ['https://www.clarity.ms', 'https://*.clarity.ms'], connect: ['https://*.clarity.ms', 'https://c.bing.com'] }),
  clearbit: () => ({ script: ['https://tag.clearbitscripts.com', 'https://x.clearbitjs.com'], connect: ['https://x.clearbitjs.com'] }),
  fathom: () => ({ script: ['https://cdn.usefathom.com'], connect: ['https://cdn.usefathom.com'] }),
  // Google's "Content Security Policy" guide for Google Analytics 4 (regional collection hosts included).
  ga4: () => ({ script: ['https://*.googletagmanager.com'], connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'] }),
  gtm: () => ({ script: ['https://www.googletagmanager.com'], connect: ['https://www.googletagmanager.com'], leftOut: `gtm: ${CUSTOM_CODE}; tags loading scripts from other origins are blocked` }),
  heap: () => ({ script: ['https://cdn.heapanalytics.com'], connect: ['https://heapanalytics.com', 'https://*.heapanalytics.com'] }),
  hightouch: (f) => ({ script: ['https://cdn.hightouch-events.com'], connect: [originOf(str(f, 'apiHost')) ?? 'https://us-east-1.hightouch-events.com'] }),
  // Hotjar's guide: scripts, XHR and websockets on its hosts, its fonts and styles.
  hotjar: () => ({ script: ['https://*.hotjar.com'], connect: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'], font: ['https://*.hotjar.com'], style: ['https://*.hotjar.com'] }),
  koala: () => ({ script: ['https://cdn.getkoala.com'], connect: ['https://*.getkoala.com'] }),
  // LogRocket's guide: its CDN and ingest hosts, and a worker from a blob: URL.
  logrocket: () => ({ script: ['https://cdn.lr-ingest.com', 'https://cdn.lr-in-prod.com'], connect: ['https://*.lr-ingest.com', 'https://*.lr-in-prod.com', 'https://*.logrocket.io'], worker: ['blob:'] }),
  mixpanel: (f) => ({ script: ['https://cdn.mxpnl.com'], connect: [{ eu: 'https://api-eu.mixpanel.com', in: 'https://api-in.mixpanel.com' }[str(f, 'region') ?? 'us'] ?? 'https://api-js.mixpanel.com'] }),
  pirsch: () => ({ script: ['https://api.pirsch.io'], connect: ['https://api.pirsch.io'] }),
  plausible: (f) => {
    const server = originOf(str(f, 'server')) ?? 'https://plausible.io';
    return { script: [server], connect: [server] };
  },
  // PostHog's guide: the ingestion host and, on PostHog Cloud, its assets host (the library, recorder, surveys).
  posthog: (f) => {
    const api = originOf(str(f, 'apiHost')) ?? 'https://us.i.posthog.com';
    const assets = api.replace(/^https:\/\/(us|eu)\.i\.posthog\.com$/, 'https://$1-assets.i.posthog.com');
    return { script: [assets], connect: [api, assets] };
  },
  segment: () => ({ script: ['https://cdn.segment.com'], connect: ['https://api.segment.io', 'https://cdn.segment.com'] }),
  // Intercom's guide: widget and CDN scripts, its API and websocket hosts, uploads, fonts.
  intercom: () => ({
    script: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
    connect: ['https://*.intercom.io', 'wss://*.intercom.io', 'https://uploads.intercomcdn.com', 'https://uploads.intercomusercontent.com'],
    font: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  }),
  frontchat: () => ({ script: ['https://chat-assets.frontapp.com'], connect: ['https://*.frontapp.com', 'wss://*.frontapp.com'] }),
  transcend: () => ({ script: ['https://transcend-cdn.com'], connect: ['https://transcend-cdn.com', 'https://*.transcend.io'] }),
};

export interface IntegrationCsp {
  sources: CspSources;
  /** `service: what is not allowed`, once per service. */
  leftOut: string[];
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP additions for the services `head` loaded (`integrationHead` of the same `integrations`). */
export function integrationCsp(integrations: DocsConfig['integrations'], head: Pick<IntegrationHead, 'loaded' | 'inline' | 'handlers'>): IntegrationCsp {
  const add = new Map<CspDirective, Set<string>>();
  const put = (d: CspDirective, list: readonly string[] | undefined) => {
    if (!list?.length) return;
    const set = add.get(d) ?? new Set<string>();
    for (const s of list) set.add(s);
    add.set(d, set);
  };
  const leftOut: string[] = [];
  const all = (integrations ?? {}) as Record<string, unknown>;
  for (const name of head.loaded) {
    const value = all[name];
    const origins = ORIGINS[name]?.(typeof value === 'string' ? { snippetId: value } : ((value ?? {}) as Fields));
    if (!origins) continue;
    put('script-src', origins.script);
    put('connect-src', origins.connect);
    put('font-src', origins.font);
    put('style-src', origins.style);
    put('worker-src', origins.worker);
    if (origins.leftOut) leftOut.push(origins.leftOut);
  }
  put('script-src', head.inline.map(sha256));
  // Handler attributes (`onload="…"`) match a hash only with 'unsafe-hashes' (CSP 3); no other inline code is allowed by it.
  if (head.handlers.length) put('script-src', ["'unsafe-hashes'", ...head.handlers.map(sha256)]);
  return { sources: sourcesOf(add), leftOut };
}

/** `font-src` origins of docs.json font files on other hosts (`fonts.source`, body and heading). */
export function fontSourceOrigins(fonts: DocsConfig['fonts']): string[] {
  const faces = fonts ? [fonts, fonts.body, fonts.heading] : [];
  const origins = faces.map((f) => (f && typeof f.source === 'string' && /^https:\/\//i.test(f.source) ? originOf(f.source) : undefined));
  return [...new Set(origins.filter((o): o is string => !!o))].sort();
}

/** Sorted, unique lists per directive. */
export function sourcesOf(add: Map<CspDirective, Set<string>>): CspSources {
  const out: CspSources = {};
  for (const [d, set] of [...add].sort((a, b) => a[0].localeCompare(b[0]))) out[d] = [...set].sort();
  return out;
}
