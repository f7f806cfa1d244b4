import type { Database } from './connection.js';

/** `pg_notify` channel told `<projectId> <site>` whenever a site's live build changes. */
export const SITE_BUILD_CHANNEL = 'folio_site_builds';

/** The build a site serves from shared storage (`site`: '' for production, else a preview slug), or null. */
export async function currentSiteBuild(db: Database, projectId: string, site: string): Promise<string | null> {
  const [row] = await db.query<{ build_id: string }>('SELECT build_id FROM site_builds WHERE project_id = $1 AND site = $2', [projectId, site], 'current_site_build');
  return row?.build_id ?? null;
}

/**
 * Make `buildId` the site's live build: one statement (an upsert), so readers see the old id or
 * the new one; then tell listening servers. Returns the build it replaced, if any.
 */
export async function switchSiteBuild(db: Database, projectId: string, site: string, buildId: string): Promise<string | null> {
  const [row] = await db.query<{ previous: string | null }>(
    `WITH old AS (SELECT build_id FROM site_builds WHERE project_id = $1 AND site = $2 FOR UPDATE),
     live AS (
       INSERT INTO site_builds (project_id, site, build_id, published_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (project_id, site) DO UPDATE SET build_id = EXCLUDED.build_id, published_at = EXCLUDED.published_at
       RETURNING build_id
     ),
     retired AS (
       INSERT INTO site_builds_retired (build_id) SELECT build_id FROM old WHERE build_id <> $3
       ON CONFLICT (build_id) DO UPDATE SET retired_at = now()
     )
     SELECT (SELECT build_id FROM old) AS previous, (SELECT build_id FROM live) AS current`,
    [projectId, site, buildId],
  );
  await db.query('SELECT pg_notify($1, $2)', [SITE_BUILD_CHANNEL, `${projectId} ${site}`]);
  return row?.previous ?? null;
}

/** Stop serving a site from shared storage (a deleted preview); true when it had a build. */
export async function dropSiteBuild(db: Database, projectId: string, site: string): Promise<boolean> {
  const rows = await db.query(
    `WITH gone AS (DELETE FROM site_builds WHERE project_id = $1 AND site = $2 RETURNING build_id),
     retired AS (INSERT INTO site_builds_retired (build_id) SELECT build_id FROM gone ON CONFLICT (build_id) DO UPDATE SET retired_at = now())
     SELECT build_id FROM gone`,
    [projectId, site],
  );
  await db.query('SELECT pg_notify($1, $2)', [SITE_BUILD_CHANNEL, `${projectId} ${site}`]);
  return rows.length > 0;
}

/**
 * The builds storage cleanup must keep: every live one, and those retired after `since` (a server
 * may still be reading them). Forgets retirements older than `since`.
 */
export async function keptSiteBuilds(db: Database, since: Date): Promise<Set<string>> {
  await db.query('DELETE FROM site_builds_retired WHERE retired_at < $1', [since]);
  const rows = await db.query<{ build_id: string }>('SELECT build_id FROM site_builds UNION SELECT build_id FROM site_builds_retired');
  return new Set(rows.map((r) => r.build_id));
}
