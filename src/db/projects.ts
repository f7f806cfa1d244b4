import { eq, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { newProjectId, randomBase36 } from './ids.js';
import { projects, type ProjectRow } from './schema.js';

export interface NewProject {
  name: string;
  repoUrl: string;
  branch?: string;
  docsDir?: string;
  hostNames?: string[];
  agentRatePerHour?: number;
  /** Fixed id (tests, imports); generated from the name otherwise. */
  id?: string;
}

/** A fresh webhook secret: 40 random letters and digits (about 206 bits). */
export function newWebhookSecret(): string {
  return randomBase36(40);
}

/** Give a project a new webhook secret (the old one stops working at once); returns the row or null. */
export async function rotateWebhookSecret(db: Database, id: string): Promise<ProjectRow | null> {
  const [row] = await db.orm.update(projects).set({ webhookSecret: newWebhookSecret() }).where(eq(projects.id, id)).returning();
  return row ?? null;
}

/** Insert a project (with a webhook secret) and return it. */
export async function createProject(db: Database, input: NewProject): Promise<ProjectRow> {
  const [row] = await db.orm
    .insert(projects)
    .values({
      id: input.id ?? newProjectId(input.name),
      name: input.name,
      repoUrl: input.repoUrl,
      branch: input.branch ?? 'main',
      docsDir: input.docsDir ?? '.',
      hostNames: (input.hostNames ?? []).map((h) => h.toLowerCase()),
      agentRatePerHour: input.agentRatePerHour ?? 100,
      webhookSecret: newWebhookSecret(),
      createdAt: new Date(),
    })
    .returning();
  return row!;
}

/** One project by id, or null. */
export async function getProject(db: Database, id: string): Promise<ProjectRow | null> {
  const [row] = await db.orm.select().from(projects).where(eq(projects.id, id)).limit(1);
  return row ?? null;
}

/** Every project, oldest first. */
export async function listProjects(db: Database): Promise<ProjectRow[]> {
  return db.orm.select().from(projects).orderBy(projects.createdAt, projects.id);
}

/** Change the settings a project owner may edit; returns the updated row or null when missing. */
export async function updateProject(
  db: Database,
  id: string,
  patch: Partial<Pick<ProjectRow, 'name' | 'repoUrl' | 'branch' | 'docsDir' | 'hostNames' | 'agentRatePerHour' | 'basePath' | 'siteAccess' | 'siteAccessScope' | 'sitePasswordHash' | 'siteOidc' | 'siteJwt' | 'frameAncestors'>>,
): Promise<ProjectRow | null> {
  const [row] = await db.orm.update(projects).set(patch).where(eq(projects.id, id)).returning();
  return row ?? null;
}

/** The project serving a Host name (custom domain), or null. */
export async function findProjectByHost(db: Database, host: string): Promise<ProjectRow | null> {
  const [row] = await db.orm
    .select()
    .from(projects)
    .where(sql`${host.toLowerCase()} = ANY(${projects.hostNames})`)
    .limit(1);
  return row ?? null;
}
