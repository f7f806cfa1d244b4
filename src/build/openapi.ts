/**
 * Bridge to the openapi layer: builds the endpoint provider navigation uses and renders
 * generated endpoint pages. Until a site lists any spec this stays null and costs nothing.
 */
import type { DocsConfig } from '../config/index.js';
import type { OpenApiProvider, PageRoute } from '../navigation/types.js';
import type { Diagnostic } from '../shared/diagnostics.js';
import { escapeHtml } from '../render/markdown-inline.js';

export interface SiteOpenApi {
  provider: OpenApiProvider;
  /** HTML body of a generated endpoint page. */
  renderBody(route: PageRoute): string;
  diagnostics(): Diagnostic[];
}

/** The provider for a site, or null when the openapi layer offers none. */
export async function createSiteOpenApi(_root: string, _config: DocsConfig): Promise<SiteOpenApi | null> {
  return null;
}

/** Body of an endpoint page when no openapi renderer is available: method, path and title. */
export function fallbackEndpointBody(route: PageRoute): string {
  const e = route.endpoint;
  if (!e) return '';
  return `<p><code>${escapeHtml(e.method)} ${escapeHtml(e.path)}</code></p>`;
}
