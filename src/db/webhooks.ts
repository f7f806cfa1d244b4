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
 * Log a delivery. An accepted one (not `refused`) whose delivery id was accepted before for the
 * project and provider is not stored: null means "replay" (one statement, so two copies sent at
 * once cannot both pass).
 */
export async function recordDelivery(db: Database, delivery: NewDelivery): Promise<WebhookDeliveryRow | null> {
  const [row] = await db.orm
    .insert(webhookDeliveries)
    .values({ ...delivery, updateId: delivery.updateId ?? null, createdAt: new Date() })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
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
