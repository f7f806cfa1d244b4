import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { webhookDeliveries, type WebhookDeliveryRow, type WebhookOutcome, type WebhookProvider } from './schema.js';

export interface NewDelivery {
  projectId: string;
  provider: WebhookProvider;
  deliveryId: string | null;
  event: string;
  outcome: WebhookOutcome;
  httpStatus: number;
  detail: string;
  updateId?: string | null;
}

/**
 * What a delivery row keeps of the text a sender chose: the delivery id and event headers come from
 * anyone who can reach the server (400 refusals with 7 KB headers grew the database 23.6 MB).
 */
export const DELIVERY_ID_CHARS = 128;
export const DELIVERY_EVENT_CHARS = 64;
export const DELIVERY_DETAIL_CHARS = 1_000;

/**
 * A delivery id as stored: as sent up to DELIVERY_ID_CHARS (GitHub's and GitLab's are 36-character
 * UUIDs), else its start and its SHA-256, so two long ids stay apart and a replay is still recognised.
 */
export function storedDeliveryId(id: string): string {
  if (id.length <= DELIVERY_ID_CHARS) return id;
  return `${id.slice(0, DELIVERY_ID_CHARS - 65)}…${createHash('sha256').update(id).digest('hex')}`;
}

/** `text` cut to `max` characters, an ellipsis marking the cut. */
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A delivery's texts bounded as stored (see DELIVERY_ID_CHARS). */
function bounded(delivery: NewDelivery, createdAt: Date) {
  return {
    ...delivery,
    deliveryId: delivery.deliveryId === null ? null : storedDeliveryId(delivery.deliveryId),
    event: cut(delivery.event, DELIVERY_EVENT_CHARS),
    detail: cut(delivery.detail, DELIVERY_DETAIL_CHARS),
    updateId: delivery.updateId ?? null,
    createdAt,
  };
}

/**
 * Log a delivery. An accepted one (not `refused`) whose delivery id was accepted before for the
 * project and provider is not stored: null means "replay" (one statement, so two copies sent at
 * once cannot both pass).
 */
export async function recordDelivery(db: Database, delivery: NewDelivery): Promise<WebhookDeliveryRow | null> {
  const [row] = await db.orm.insert(webhookDeliveries).values(bounded(delivery, new Date())).onConflictDoNothing().returning();
  return row ?? null;
}

/** Log refused deliveries, each with the time it was refused, in one statement. */
export async function recordRefusals(db: Database, refusals: readonly (NewDelivery & { refusedAt: Date })[]): Promise<void> {
  if (refusals.length === 0) return;
  await db.orm.insert(webhookDeliveries).values(refusals.map(({ refusedAt, ...r }) => bounded({ ...r, outcome: 'refused' }, refusedAt)));
}

/**
 * Delete a project's refused deliveries older than `before`, and all but the newest `keep`. Accepted
 * deliveries stay: their ids are what recognises a replay. Returns how many went.
 */
export async function pruneRefusals(db: Database, projectId: string, { keep, before }: { keep: number; before: Date }): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM webhook_deliveries
       WHERE project_id = $1 AND outcome = 'refused'
         AND (created_at < $2 OR id <= (SELECT id FROM webhook_deliveries WHERE project_id = $1 AND outcome = 'refused' ORDER BY id DESC OFFSET $3 LIMIT 1))
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [projectId, before.toISOString(), keep],
  );
  return row?.n ?? 0;
}

/** Attach the update a delivery queued (null: keep none) and say what it did. */
export async function setDeliveryUpdate(db: Database, id: number, updateId: string | null, detail: string): Promise<void> {
  await db.orm.update(webhookDeliveries).set({ updateId, detail }).where(eq(webhookDeliveries.id, id));
}

/** A project's deliveries, newest first. */
export async function listDeliveries(db: Database, projectId: string, limit = 20): Promise<WebhookDeliveryRow[]> {
  return db.orm
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.projectId, projectId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
