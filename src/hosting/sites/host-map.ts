import type { Database } from '../../db/index.js';

/**
 * Host → project id for hosted sites: `<projectId>.<siteDomain>` by name, and
 * custom domains from each project's host names. The custom-domain table is
 * loaded in one query and refreshed in the background every `ttlMs`, so API
 * requests pay only a string check and a Map lookup.
 */
export class HostMap {
  private custom = new Map<string, string>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly suffix: string;

  constructor(
    private readonly db: Database,
    siteDomain = 'localhost',
    private readonly ttlMs = 5_000,
  ) {
    this.suffix = `.${siteDomain.toLowerCase()}`;
  }

  /** The project a Host header names, or null when the request is for the API/dashboard. */
  async projectFor(hostHeader: string | undefined): Promise<string | null> {
    if (!hostHeader) return null;
    const host = stripPort(hostHeader.toLowerCase());
    if (host.endsWith(this.suffix)) {
      const label = host.slice(0, -this.suffix.length);
      if (label && !label.includes('.')) return label;
    }
    if (this.loadedAt === 0) await this.refresh();
    else if (Date.now() - this.loadedAt > this.ttlMs) void this.refresh();
    return this.custom.get(host) ?? null;
  }

  /** Reload custom domains now (after a project's host names change). */
  refresh(): Promise<void> {
    this.loading ??= this.db
      .query<{ id: string; host_names: string[] }>("SELECT id, host_names FROM projects WHERE host_names <> '{}'")
      .then((rows) => {
        const next = new Map<string, string>();
        for (const row of rows) for (const name of row.host_names) next.set(name.toLowerCase(), row.id);
        this.custom = next;
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
