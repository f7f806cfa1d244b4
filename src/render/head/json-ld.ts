/**
 * schema.org structured data of a page: one `@graph` with the publisher (`seo.organization`, else
 * derived from the site name and logo), the site, the page, its breadcrumbs and the main entity
 * (`TechArticle`, or `APIReference` for pages generated from an API spec). Fields without a value
 * are left out.
 */

export interface JsonLdInput {
  siteName: string;
  /** Absolute base URL without trailing slash, or '' (ids are then site-relative). */
  baseUrl: string;
  pageUrl: string;
  title: string;
  description?: string;
  keywords?: string;
  logo?: string;
  organization?: Record<string, unknown>;
  breadcrumbs: { label: string; href?: string }[];
  api: boolean;
}

const absolute = (base: string, href: string) => (/^https?:\/\//i.test(href) || !href.startsWith('/') ? href : base + href);

/** Drop undefined and empty values so no field lacks a value. */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in o) {
    const v = o[key];
    if (v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)) out[key] = v;
  }
  return out;
}

/** The last site's publisher node: every page of a build has the same one. */
let lastOrganization: { key: string; organization?: Record<string, unknown>; node: Record<string, unknown> } | undefined;

function organizationNode(input: JsonLdInput): Record<string, unknown> {
  const key = `${input.siteName}\0${input.baseUrl}\0${input.logo ?? ''}`;
  if (lastOrganization?.key === key && lastOrganization.organization === input.organization) return lastOrganization.node;
  const node = publisherNode(input);
  lastOrganization = { key, organization: input.organization, node };
  return node;
}

function publisherNode(input: JsonLdInput): Record<string, unknown> {
  const o = input.organization ?? {};
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
  const logo = str('logo') ?? (input.logo ? absolute(input.baseUrl, input.logo) : undefined);
  return compact({
    '@type': 'Organization',
    '@id': str('id') ?? `${input.baseUrl}/#organization`,
    name: str('name') ?? input.siteName,
    legalName: str('legalName'),
    url: str('url') ?? (input.baseUrl ? input.baseUrl + '/' : undefined),
    logo,
    sameAs: Array.isArray(o.sameAs) ? o.sameAs.filter((s): s is string => typeof s === 'string') : undefined,
  });
}

/** The structured data object of a page. */
export function jsonLdGraph(input: JsonLdInput): Record<string, unknown> {
  const org = organizationNode(input);
  const site = `${input.baseUrl}/#website`;
  const page = `${input.pageUrl}#webpage`;
  const crumbs = [...input.breadcrumbs, { label: input.title, href: input.pageUrl }];
  return {
    '@context': 'https://schema.org',
    '@graph': [
      org,
      compact({ '@type': 'WebSite', '@id': site, name: input.siteName, url: input.baseUrl ? input.baseUrl + '/' : undefined, publisher: { '@id': org['@id'] } }),
      compact({ '@type': 'WebPage', '@id': page, url: input.pageUrl, name: input.title, description: input.description, isPartOf: { '@id': site }, breadcrumb: { '@id': `${input.pageUrl}#breadcrumb` } }),
      {
        '@type': 'BreadcrumbList',
        '@id': `${input.pageUrl}#breadcrumb`,
        itemListElement: crumbs.map((c, i) => compact({ '@type': 'ListItem', position: i + 1, name: c.label, item: c.href ? absolute(input.baseUrl, c.href) : undefined })),
      },
      compact({
        '@type': input.api ? 'APIReference' : 'TechArticle',
        headline: input.title,
        description: input.description,
        keywords: input.keywords,
        mainEntityOfPage: { '@id': page },
        publisher: { '@id': org['@id'] },
      }),
    ],
  };
}

/** The graph as a `<script type="application/ld+json">`; `<` is escaped so no text can close the script. */
export function jsonLdScript(input: JsonLdInput): string {
  return `<script type="application/ld+json">${JSON.stringify(jsonLdGraph(input)).replace(/</g, '\\u003c')}</script>`;
}
