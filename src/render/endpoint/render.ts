import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { EndpointPage } from '../../openapi/index.js';
import { EndpointPageView, EndpointReference } from './endpoint-view.js';

export interface RenderEndpointOptions {
  /**
   * HTML of the `x-mint`/`x-service` content, compiled by the caller through the MDX layer
   * so components work; without it the content is rendered as plain Markdown.
   */
  contentHtml?: string;
}

/** HTML fragment of a generated endpoint page's body, for the layout to host like an MDX body. */
export function renderEndpointPage(page: EndpointPage, options: RenderEndpointOptions = {}): string {
  return renderToString(createElement(EndpointPageView, { page, ...options }));
}

/** HTML of the endpoint reference alone, placed after an MDX page's own content (`openapi:` frontmatter). */
export function renderEndpointReference(page: EndpointPage): string {
  return renderToString(createElement(EndpointReference, { page }));
}
