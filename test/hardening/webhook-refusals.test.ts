/**
 * Stored webhook refusals are bounded (issue 48, item 3): every refused delivery used to be stored
 * for ever with the sender's delivery id and event headers (400 requests with 7 KB headers: +23.6 MB).
 * Now each row's texts are cut, a project stores five refusals a second one by one and counts the
 * rest in one row, keeps its newest refusals only (1,000 by default; 50 here) and none older than 30
 * days, pruned as refusals are written; accepted deliveries stay (they recognise replays, long
 * delivery ids included). Both database backends.
 */
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, DELIVERY_DETAIL_CHARS, DELIVERY_EVENT_CHARS, DELIVERY_ID_CHARS, type Database, type ProjectRow } from '../../src/db/index.js';
import { createWebhookRoutes, UpdateRunner } from '../../src/hosting/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const KEEP = 50;
const LONG = 7 * 1024;

describe.each(backends)('stored webhook refusals on %s', (kind) => {
  let t: TestDatabase;
  let db: Database;
  let project: ProjectRow;
  let hooks: ReturnType<typeof createWebhookRoutes>;
  let flooded: ReturnType<typeof createWebhookRoutes>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-refusals-'));

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    db = t.db;
    project = await createProject(db, { name: 'Hooks', repoUrl: 'https://example.test/docs.git' });
    // Every refusal stored one by one (a short window, no summary), to see the cap and the cut texts.
    hooks = createWebhookRoutes({ db, updates: new UpdateRunner({ db, dataDir }), dataDir, refusals: { keep: KEEP, windowMs: 50, perWindow: 1_000 } });
    flooded = createWebhookRoutes({ db, updates: new UpdateRunner({ db, dataDir }), dataDir });
  });
  afterAll(async () => {
    await t?.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const deliver = (headers: Record<string, string>, body = '{"ref":"refs/heads/main"}', app = hooks) =>
    app.request(`/webhooks/github/${project.id}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  const refusals = () => db.query<{ delivery_id: string; event: string; detail: string; bytes: number; created_at: string }>(
    `SELECT delivery_id, event, detail, octet_length(delivery_id) + octet_length(event) + octet_length(detail) AS bytes, created_at
     FROM webhook_deliveries WHERE project_id = $1 AND outcome = 'refused' ORDER BY id DESC`,
    [project.id],
  );

  it('keeps a project\'s newest refusals, each with its sender\'s headers cut', async () => {
    const sent = KEEP + 30;
    for (let i = 0; i < sent; i++) {
      const res = await deliver({ 'X-GitHub-Event': `e${'x'.repeat(LONG)}`, 'X-GitHub-Delivery': `d${String(i).padStart(3, '0')}${'y'.repeat(LONG)}`, 'X-Hub-Signature-256': `sha256=${'0'.repeat(64)}` });
      expect(res.status).toBe(401);
    }
    // Written after the answers, in batches, each batch pruning: the newest KEEP remain.
    await expect.poll(async () => { const rows = await refusals(); return [rows.length, rows[0]?.delivery_id.slice(0, 4)]; }, { timeout: 10_000 }).toEqual([KEEP, `d${String(sent - 1).padStart(3, '0')}`]);
    const rows = await refusals();
    expect(Math.max(...rows.map((r) => r.delivery_id.length))).toBeLessThanOrEqual(DELIVERY_ID_CHARS);
    expect(Math.max(...rows.map((r) => r.event.length))).toBeLessThanOrEqual(DELIVERY_EVENT_CHARS);
    expect(Math.max(...rows.map((r) => r.detail.length))).toBeLessThanOrEqual(DELIVERY_DETAIL_CHARS);
    // 14 KB of headers a request; a stored row's texts are under 400 bytes.
    const bytes = rows.reduce((sum, r) => sum + Number(r.bytes), 0);
    console.log(`${sent} refusals with ${(2 * LONG) / 1024} KB of headers each: ${rows.length} kept, ${bytes} bytes of text`);
    expect(bytes).toBeLessThan(KEEP * 400);
  });

  it('stores five refusals a second one by one and counts the rest in one row', async () => {
    await db.query(`DELETE FROM webhook_deliveries WHERE project_id = $1`, [project.id]);
    const sent = 40;
    const started = Date.now();
    for (let i = 0; i < sent; i++) expect((await deliver({ 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': `f${i}` }, undefined, flooded)).status).toBe(401);
    const seconds = Math.ceil((Date.now() - started) / 1000) + 1;
    const counted = (rows: { detail: string }[]) => rows.reduce((sum, r) => sum + 1 + Number(/and (\d+) more refusals/.exec(r.detail)?.[1] ?? 0), 0);
    await expect.poll(async () => counted(await refusals()), { timeout: 10_000 }).toBe(sent);
    const rows = await refusals();
    expect(rows.length).toBeLessThanOrEqual(6 * seconds);
    expect(rows.some((r) => /^DELIVERY_SIGNATURE_INVALID: .* \(and \d+ more refusals in the same 1 s, not stored one by one\)$/.test(r.detail))).toBe(true);
  });

  it('deletes refusals older than 30 days as new ones are written, and keeps accepted deliveries', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await db.query(`INSERT INTO webhook_deliveries (project_id, provider, delivery_id, event, outcome, http_status, detail, created_at) VALUES ($1, 'github', 'old-refused', 'push', 'refused', 401, 'x', $2), ($1, 'github', 'old-accepted', 'push', 'ignored', 200, 'x', $2)`, [project.id, old]);
    expect((await deliver({ 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': randomUUID() })).status).toBe(401);
    await expect.poll(async () => (await refusals()).some((r) => r.delivery_id === 'old-refused'), { timeout: 10_000 }).toBe(false);
    const [accepted] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE project_id = $1 AND delivery_id = 'old-accepted'`, [project.id]);
    expect(accepted!.n).toBe(1);
  });

  it('still recognises the replay of an accepted delivery whose id is long', async () => {
    const body = JSON.stringify({ ref: 'refs/tags/v1', after: 'a'.repeat(40) });
    const headers = { 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': `${randomUUID()}${'z'.repeat(LONG)}`, 'X-Hub-Signature-256': `sha256=${createHmac('sha256', project.webhookSecret!).update(body).digest('hex')}` };
    expect((await deliver(headers, body)).status).toBe(200);
    const replay = await deliver(headers, body);
    expect(replay.status).toBe(401);
    const answer = (await replay.json()) as { code: string; error: string };
    expect(answer.code).toBe('DELIVERY_REPLAYED');
    expect(answer.error.length).toBeLessThan(300);
    // Another long id with the same start is another delivery.
    const other = { ...headers, 'X-GitHub-Delivery': headers['X-GitHub-Delivery'].slice(0, -1) + 'w' };
    expect((await deliver(other, body)).status).toBe(200);
  });
});
