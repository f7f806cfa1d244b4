import type { Database } from '../../db/index.js';
import { customDomainProblem } from '../../shared/index.js';
import { parseSiteLabel } from '../previews/slug.js';
import { frameAncestorOrigin } from './framing.js';

/** The site a Host names: a project's production site (`preview` null) or one of its previews. */
export interface SiteRef {
  projectId: string;
  preview: string | null;
  /** Origins the project lets frame its site (`framing.ts`); absent: none. */
  frameAncestors?: readonly string[];
  /** The production site's custom domain (the first of the project's host names that it holds); absent for previews and sites without one. */
  customDomain?: string;
}

/**
 * Host → project id for hosted sites: `<projectId>.<siteDomain>` by name, and
 * custom domains from each project's host names. The custom-domain table is
 * loaded in one query and refreshed in the background every `ttlMs`, so API
 * requests pay only a string check and a Map lookup. Names that may not be custom domains
 * (`customDomainProblem`: IP literals, `localhost`, the site domain and names under it, the
 * server's own hosts) are ignored, and a name two projects claim belongs to the older project,
 * so no row can take over the API's host or another project's site.
 */
export class HostMap {
  private custom = new Map<string, string>();
  /** Project id → the origins it lets frame its site (only projects that allow some). */
  private framing = new Map<string, readonly string[]>();
  /** Project id → its custom domain (the first host name it holds). */
  private domains = new Map<string, string>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly suffix: string;

  constructor(
    private readonly db: Database,
    private readonly siteDomain = 'localhost',
    private readonly ttlMs = 5_000,
    private readonly ownHosts: readonly string[] = [],
  ) {
    this.suffix = `.${siteDomain.toLowerCase()}`;
  }

  /** The project a Host header names, or null when the request is for the API/dashboard. */
  async projectFor(hostHeader: string | undefined): Promise<string | null> {
    return (await this.siteFor(hostHeader))?.projectId ?? null;
  }

  /**
   * The site a Host header names: `<projectId>.<siteDomain>`, a preview at
   * `<slug>--<projectId>.<siteDomain>`, or a custom domain (production site); null for the API/dashboard.
   */
  async siteFor(hostHeader: string | undefined): Promise<SiteRef | null> {
    if (!hostHeader) return null;
    const host = stripPort(hostHeader.toLowerCase());
    let site: SiteRef | null = null;
    if (host.endsWith(this.suffix)) {
      const label = host.slice(0, -this.suffix.length);
      if (label && !label.includes('.')) site = parseSiteLabel(label);
    }
    if (this.loadedAt === 0) {
      // A site named by its label is served even while the database cannot say whom it lets frame it (no one, then).
      const loading = this.refresh();
      await (site ? loading.catch(() => undefined) : loading);
    } else if (Date.now() - this.loadedAt > this.ttlMs) void this.refresh().catch(() => undefined);
    if (!site) {
      const projectId = this.custom.get(host);
      if (!projectId) return null;
      site = { projectId, preview: null };
    }
    const frameAncestors = this.framing.get(site.projectId);
    const customDomain = site.preview === null ? this.domains.get(site.projectId) : undefined;
    return { ...site, ...(frameAncestors ? { frameAncestors } : {}), ...(customDomain ? { customDomain } : {}) };
  }

  /** Reload custom domains now (after a project's host names change). */
  refresh(): Promise<void> {
    this.loading ??= this.db
      .query<{ id: string; host_names: string[]; frame_ancestors: string[] }>("SELECT id, host_names, frame_ancestors FROM projects WHERE host_names <> '{}' OR frame_ancestors <> '{}' ORDER BY created_at, id")
      .then((rows) => {
        const next = new Map<string, string>();
        const framing = new Map<string, readonly string[]>();
        const domains = new Map<string, string>();
        for (const row of rows) {
          // Stored through `frameAncestorOrigin`; checked again, as the list goes into a header.
          const origins = row.frame_ancestors.map(frameAncestorOrigin).filter((o): o is string => o !== null);
          if (origins.length) framing.set(row.id, origins);
          for (const raw of row.host_names) {
            const name = raw.toLowerCase();
            if (next.has(name) || customDomainProblem(name, { siteDomain: this.siteDomain, ownHosts: this.ownHosts })) continue;
            next.set(name, row.id);
            if (!domains.has(row.id)) domains.set(row.id, name);
          }
        }
        this.custom = next;
        this.framing = framing;
        this.domains = domains;
        this.loadedAt = Date.now();
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}

function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon >= 0 ? host.slice(0, colon) : host;
}
