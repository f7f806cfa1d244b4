import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Heading } from '../../mdx/index.js';
import { encodeGroupSets, requestSamples, sampleLanguage, type ChannelPage, type EndpointPage } from '../../openapi/index.js';
import { DEFAULT_API_DISPLAY, type ApiDisplay } from './display.js';
import { ChannelReference, channelHeadingList } from './channel-view.js';
import { EndpointReference, LOCATIONS } from './endpoint-view.js';
import type { ExampleTab, RequestVariant } from './examples-view.js';
import { markdownToHtml } from './markdown.js';

export interface RenderEndpointOptions {
  /** `api.*` settings of the site (the platform's defaults when unset). */
  display?: ApiDisplay;
  /**
   * HTML of the `x-mint`/`x-service` content, compiled by the caller through the MDX layer
   * so components work; without it the content is rendered as plain Markdown.
   */
  contentHtml?: string;
  /** `<RequestExample>`/`<ResponseExample>` HTML of an MDX page, drawn in the examples column instead of generated ones. */
  examplesHtml?: string;
  /**
   * Leave the slot where a compiled MDX body goes (`composeEndpointBody`) instead of drawing the
   * content: an operation's `x-mint` content compiled as the page's MDX body, so its components
   * work and its Markdown comes from the same tree.
   */
  bodySlot?: boolean;
}

/** An endpoint page's body and the headings its table of contents lists. */
export interface RenderedEndpoint {
  html: string;
  headings: Heading[];
}

/**
 * Request sample tabs: the spec's `x-codeSamples` first, then httpsnippet's in the configured
 * languages, one tab per language: a generated sample in a language the spec already has a sample
 * for is left out, and a spec sample labelled only by its language (`python`) takes the generated
 * tab's label (`Python`), so tabs read alike and the language choice carries across pages.
 */
export function requestTabs(page: EndpointPage, display: ApiDisplay): ExampleTab[] {
  const generated = page.request && display.autogenerate ? requestSamples(page.request, { languages: display.languages, defaults: display.defaults }) : [];
  const own = page.samples.map((s) => {
    const known = sampleLanguage(s.lang);
    return { ...s, lang: known?.lang ?? s.lang, label: known && s.label.trim().toLowerCase() === s.lang.trim().toLowerCase() ? known.label : s.label };
  });
  const covered = new Set(own.map((s) => s.lang));
  return [...own, ...generated.filter((g) => !covered.has(g.lang))];
}

/**
 * The request sample tabs per set of the reader's groups, when the generated body holds parts limited
 * to groups (`EndpointPage.requestByGroups`): each variant marked for `folio serve`, which keeps the
 * reader's and removes the others; the static file shows the variant of a reader of no group.
 */
export function requestVariants(page: EndpointPage, display: ApiDisplay): RequestVariant[] | undefined {
  const byGroups = page.requestByGroups;
  if (!byGroups || !display.autogenerate) return undefined;
  return byGroups.variants.map((v) => ({ marker: encodeGroupSets({ groups: byGroups.groups, sets: v.sets }), shown: v.sets.some((set) => set.length === 0), tabs: requestTabs({ ...page, request: v.request }, display) }));
}

/** The TOC entries of an endpoint page, in the order its sections are drawn. */
export function endpointHeadings(page: EndpointPage): Heading[] {
  const headings: Heading[] = [];
  if (page.security.length > 0) headings.push({ depth: 2, id: 'api-authorization', text: 'Authorization' });
  for (const [where, text, id] of LOCATIONS) if (page.parameters.some((p) => p.in === where)) headings.push({ depth: 2, id, text });
  if (page.requestBody) headings.push({ depth: 2, id: 'api-body', text: page.kind === 'webhook' ? 'Payload' : 'Body' });
  if (page.responses.length > 0) headings.push({ depth: 2, id: 'api-responses', text: 'Responses' });
  return headings;
}

/** HTML body of a generated endpoint page, for the layout to host like an MDX body, and its headings. */
export function renderEndpoint(page: EndpointPage, { display = DEFAULT_API_DISPLAY, contentHtml, examplesHtml, bodySlot }: RenderEndpointOptions = {}): RenderedEndpoint {
  const content = bodySlot ? undefined : (contentHtml ?? (page.content ? markdownToHtml(page.content) : undefined));
  const html = renderToString(
    createElement('article', { className: 'api-page' }, createElement(EndpointReference, { page, display, requestTabs: requestTabs(page, display), requestVariants: requestVariants(page, display), contentHtml: content, examplesHtml, withDescription: true, bodySlot })),
  );
  return { html, headings: endpointHeadings(page) };
}

/** HTML body of a generated endpoint page (see `renderEndpoint`). */
export function renderEndpointPage(page: EndpointPage, options: RenderEndpointOptions = {}): string {
  return renderEndpoint(page, options).html;
}

/**
 * HTML of the endpoint layout of an MDX page (`openapi:` or `api:` frontmatter), with a slot for
 * the page's compiled body (`composeEndpointBody` fills it). `sections: false` leaves parameters
 * and responses to the page's own `<ParamField>`/`<ResponseField>`.
 */
export function renderEndpointReference(page: EndpointPage, display: ApiDisplay = DEFAULT_API_DISPLAY, { sections = true }: { sections?: boolean } = {}): string {
  return renderToString(createElement(EndpointReference, { page, display, requestTabs: requestTabs(page, display), requestVariants: requestVariants(page, display), bodySlot: true, sections }));
}

/** HTML body of a generated AsyncAPI channel page and its headings (servers, parameters, operations, messages, bindings). */
export function renderChannel(page: ChannelPage, { display = DEFAULT_API_DISPLAY }: { display?: ApiDisplay } = {}): RenderedEndpoint {
  const html = renderToString(createElement('article', { className: 'api-page' }, createElement(ChannelReference, { page, display, withDescription: true })));
  return { html, headings: channelHeadingList(page).map((h) => ({ depth: 2, ...h })) };
}

/** The channel layout of an MDX page with `asyncapi:` frontmatter, with a slot for the page's body (see `composeEndpointBody`). */
export function renderChannelReference(page: ChannelPage, display: ApiDisplay = DEFAULT_API_DISPLAY): string {
  return renderToString(createElement(ChannelReference, { page, display, bodySlot: true }));
}
