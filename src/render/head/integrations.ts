/**
 * docs.json `integrations` → the tags each service's own install guide puts in the head. One row
 * per service: which fields it needs and the tags it loads. Analytics rows are consent-gated when
 * `integrations.cookies` names a local-storage key: their scripts are written inert
 * (`type="text/plain"`) and a tiny inline script activates them once the key holds the value.
 * Chat widgets and the consent manager itself (Transcend's Airgap, which gates scripts on its
 * own) are never gated. Values are checked before use: ids go into JSON literals with `<`
 * escaped, hosts must be bare host names, script URLs must be https.
 */
import type { DocsConfig } from '../../config/index.js';
import { escapeHtml } from '../../shared/index.js';

type Integrations = NonNullable<DocsConfig['integrations']>;
type Fields = Record<string, unknown>;

/** A script tag: external (`src`) or inline (`code`), with extra attributes. */
export interface ScriptTag {
  src?: string;
  code?: string;
  attrs?: Record<string, string>;
}

interface Service {
  /** Analytics (consent-gated) or a widget/consent manager (always loaded). */
  kind: 'analytics' | 'widget' | 'consent';
  /** The tags for `fields`, or a string saying what is wrong with them. */
  tags(fields: Fields): ScriptTag[] | string;
}

/** A JS literal of a value, safe inside `<script>`. */
const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const HOST = /^[a-z0-9.-]+(:\d+)?$/i;

function need(fields: Fields, ...names: string[]): string | null {
  for (const n of names) if (typeof fields[n] !== 'string' || !(fields[n] as string).trim()) return `needs \`${n}\``;
  return null;
}

/** `https://host` from a host name or URL given as `apiHost`; null when it is neither. */
function httpsOrigin(value: string): string | null {
  const host = value.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
  return HOST.test(host) ? `https://${host}` : null;
}

/** Queue-then-load: an inline stub, then the async library. */
const stubAndLoad = (code: string, src: string): ScriptTag[] => [{ code }, { src, attrs: { async: '' } }];

export const SERVICES: Record<string, Service> = {
  adobe: { kind: 'analytics', tags: (f) => need(f, 'launchUrl') ?? (/^https:\/\/[^\s"<>]+$/i.test(f.launchUrl as string) ? [{ src: f.launchUrl as string, attrs: { async: '' } }] : '`launchUrl` must be an https URL') },
  amplitude: {
    kind: 'analytics',
    tags: (f) => need(f, 'apiKey') ?? [{ src: `https://cdn.amplitude.com/script/${encodeURIComponent(f.apiKey as string)}.js`, attrs: { onload: `window.amplitude&&amplitude.init(${escapeJsAttr(f.apiKey)})` } }],
  },
  clarity: {
    kind: 'analytics',
    tags: (f) => need(f, 'projectId') ?? stubAndLoad('window.clarity=window.clarity||function(){(window.clarity.q=window.clarity.q||[]).push(arguments)};', `https://www.clarity.ms/tag/${encodeURIComponent(f.projectId as string)}`),
  },
  clearbit: { kind: 'analytics', tags: (f) => need(f, 'publicApiKey') ?? [{ src: `https://tag.clearbitscripts.com/v1/${encodeURIComponent(f.publicApiKey as string)}/tags.js`, attrs: { async: '' } }] },
  fathom: { kind: 'analytics', tags: (f) => need(f, 'siteId') ?? [{ src: 'https://cdn.usefathom.com/script.js', attrs: { 'data-site': f.siteId as string, defer: '' } }] },
  ga4: {
    kind: 'analytics',
    tags: (f) =>
      need(f, 'measurementId') ?? [
        { src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(f.measurementId as string)}`, attrs: { async: '' } },
        { code: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${js(f.measurementId)});` },
      ],
  },
  gtm: {
    kind: 'analytics',
    tags: (f) =>
      need(f, 'tagId') ?? stubAndLoad("window.dataLayer=window.dataLayer||[];dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});", `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(f.tagId as string)}`),
  },
  heap: {
    kind: 'analytics',
    tags: (f) => need(f, 'appId') ?? stubAndLoad(`window.heap=window.heap||[];heap.appid=${js(f.appId)};heap.config={};`, `https://cdn.heapanalytics.com/js/heap-${encodeURIComponent(f.appId as string)}.js`),
  },
  hightouch: {
    kind: 'analytics',
    tags: (f) => {
      const host = typeof f.apiHost === 'string' ? f.apiHost : 'us-east-1.hightouch-events.com';
      if (!HOST.test(host)) return '`apiHost` must be a host name without https://';
      return need(f, 'writeKey') ?? [{ src: 'https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js', attrs: { onload: `htevents.load(${escapeJsAttr(f.writeKey)},{apiHost:${escapeJsAttr(host)}});htevents.page()` } }];
    },
  },
  hotjar: {
    kind: 'analytics',
    tags: (f) =>
      need(f, 'hjid', 'hjsv') ??
      stubAndLoad(`window.hj=window.hj||function(){(hj.q=hj.q||[]).push(arguments)};window._hjSettings={hjid:${js(f.hjid)},hjsv:${js(f.hjsv)}};`, `https://static.hotjar.com/c/hotjar-${encodeURIComponent(f.hjid as string)}.js?sv=${encodeURIComponent(f.hjsv as string)}`),
  },
  koala: { kind: 'analytics', tags: (f) => need(f, 'publicApiKey') ?? [{ src: `https://cdn.getkoala.com/v1/${encodeURIComponent(f.publicApiKey as string)}/sdk.js`, attrs: { async: '' } }] },
  logrocket: {
    kind: 'analytics',
    tags: (f) => {
      const id = f.apiKey ?? f.appId;
      return typeof id !== 'string' || !id ? 'needs `apiKey`' : [{ src: 'https://cdn.lr-ingest.com/LogRocket.min.js', attrs: { onload: `window.LogRocket&&LogRocket.init(${escapeJsAttr(id)})` } }];
    },
  },
  mixpanel: {
    kind: 'analytics',
    tags: (f) => {
      const host = { us: 'api-js.mixpanel.com', eu: 'api-eu.mixpanel.com', in: 'api-in.mixpanel.com' }[(f.region as string) ?? 'us'] ?? 'api-js.mixpanel.com';
      return need(f, 'projectToken') ?? [{ src: 'https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js', attrs: { onload: `mixpanel.init(${escapeJsAttr(f.projectToken)},{api_host:${escapeJsAttr('https://' + host)},track_pageview:true})` } }];
    },
  },
  pirsch: { kind: 'analytics', tags: (f) => need(f, 'id') ?? [{ src: 'https://api.pirsch.io/pa.js', attrs: { id: 'pianjs', 'data-code': f.id as string, defer: '' } }] },
  plausible: {
    kind: 'analytics',
    tags: (f) => {
      const server = typeof f.server === 'string' ? f.server : 'plausible.io';
      if (!HOST.test(server)) return '`server` must be a host name without https://';
      return need(f, 'domain') ?? [{ src: `https://${server}/js/script.js`, attrs: { 'data-domain': f.domain as string, defer: '' } }];
    },
  },
  posthog: {
    kind: 'analytics',
    tags: (f) => {
      const api = typeof f.apiHost === 'string' ? httpsOrigin(f.apiHost) : 'https://us.i.posthog.com';
      if (!api) return '`apiHost` must be an https URL or host name';
      // PostHog Cloud serves its library from a separate assets host; a self-hosted or proxied one serves it itself.
      const assets = api.replace(/^https:\/\/(us|eu)\.i\.posthog\.com$/, 'https://$1-assets.i.posthog.com');
      const options = { api_host: api, disable_session_recording: f.sessionRecording === false };
      return need(f, 'apiKey') ?? stubAndLoad(`window.posthog=window.posthog||[];posthog._i=posthog._i||[];posthog._i.push([${js(f.apiKey)},${js(options)},'posthog']);`, `${assets}/static/array.js`);
    },
  },
  segment: {
    kind: 'analytics',
    tags: (f) => need(f, 'key') ?? stubAndLoad('window.analytics=window.analytics||[];', `https://cdn.segment.com/analytics.js/v1/${encodeURIComponent(f.key as string)}/analytics.min.js`).map((t) => (t.src ? { ...t, attrs: { ...t.attrs, onload: 'analytics.page&&analytics.page()' } } : t)),
  },
  intercom: {
    kind: 'widget',
    tags: (f) => need(f, 'appId') ?? stubAndLoad(`window.intercomSettings={app_id:${js(f.appId)}};`, `https://widget.intercom.io/widget/${encodeURIComponent(f.appId as string)}`),
  },
  frontchat: {
    kind: 'widget',
    tags: (f) => need(f, 'snippetId') ?? [{ src: 'https://chat-assets.frontapp.com/v1/chat.bundle.js', attrs: { onload: `window.FrontChat&&FrontChat('init',{chatId:${escapeJsAttr(f.snippetId)},useDefaultLauncher:true})` } }],
  },
  transcend: { kind: 'consent', tags: (f) => need(f, 'bundleId') ?? [{ src: `https://transcend-cdn.com/cm/${encodeURIComponent(f.bundleId as string)}/airgap.js`, attrs: { 'data-cfasync': 'false' } }] },
};

/** Keys of `integrations` that configure Folio itself rather than load a service. */
const SETTINGS = new Set(['cookies', 'telemetry']);

/** A JS string literal for an HTML attribute (the attribute escaping happens when the tag is written). */
function escapeJsAttr(value: unknown): string {
  return JSON.stringify(String(value));
}

function scriptHtml(tag: ScriptTag, gated: boolean): string {
  const attrs: Record<string, string> = { ...(gated ? { type: 'text/plain', 'data-folio-consent': '' } : {}), ...(tag.src ? { src: tag.src } : {}), ...tag.attrs };
  const list = Object.entries(attrs).map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeHtml(v)}"`)).join('');
  return `<script${list}>${tag.code ?? ''}</script>`;
}

/** Turns inert consent-gated scripts into live ones once local storage holds the consent value. */
function consentScript(key: string, value: string): string {
  return (
    `(function(){function on(){try{if(localStorage.getItem(${js(key)})!==${js(value)})return}catch(e){return}` +
    "document.querySelectorAll('script[data-folio-consent]').forEach(function(o){var s=document.createElement('script');" +
    "for(var i=0;i<o.attributes.length;i++){var a=o.attributes[i];if(a.name!=='type'&&a.name!=='data-folio-consent')s.setAttribute(a.name,a.value)}" +
    "s.text=o.text;o.replaceWith(s)})}on();addEventListener('storage',on);addEventListener('folio:consent',on)})()"
  ).replace(/</g, '\\u003c');
}

export interface IntegrationHead {
  html: string;
  /** `service: problem` for each configured service that could not be loaded. */
  problems: string[];
  /** Services whose tags are in `html`. */
  loaded: string[];
  /** The text of each inline script in `html` (the hosted CSP allows them by hash: `head/integration-csp.ts`). */
  inline: string[];
  /** The value of each event-handler attribute (`onload`) in `html` (allowed by hash with `'unsafe-hashes'`). */
  handlers: string[];
}

/** The head tags of every configured integration, Transcend's consent manager first. */
export function integrationHead(integrations: Integrations | undefined): IntegrationHead {
  const out: IntegrationHead = { html: '', problems: [], loaded: [], inline: [], handlers: [] };
  if (!integrations) return out;
  const entries = Object.entries(integrations as Record<string, unknown>).filter(([name, v]) => !SETTINGS.has(name) && v !== undefined && v !== null);
  const order = (name: string) => (SERVICES[name]?.kind === 'consent' ? 0 : 1);
  entries.sort((a, b) => order(a[0]) - order(b[0]));
  const cookies = integrations.cookies as { key?: string; value?: string } | undefined;
  const consentKey = cookies?.key ?? '';
  const gate = consentKey !== '' && !integrations.transcend;
  const parts: string[] = [];
  for (const [name, value] of entries) {
    const service = SERVICES[name];
    if (!service) continue;
    const fields: Fields = typeof value === 'string' ? { snippetId: value } : (value as Fields);
    const tags = service.tags(fields);
    if (typeof tags === 'string') {
      out.problems.push(`${name}: ${tags}`);
      continue;
    }
    const gated = gate && service.kind === 'analytics';
    parts.push(...tags.map((t) => scriptHtml(t, gated)));
    for (const t of tags) {
      if (t.code) out.inline.push(t.code);
      for (const [attr, v] of Object.entries(t.attrs ?? {})) if (/^on/i.test(attr)) out.handlers.push(v);
    }
    out.loaded.push(name);
  }
  if (gate && parts.some((p) => p.includes('data-folio-consent'))) {
    const consent = consentScript(consentKey, cookies?.value ?? 'true');
    parts.push(`<script>${consent}</script>`);
    out.inline.push(consent);
  }
  out.html = parts.join('');
  return out;
}
