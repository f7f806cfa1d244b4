import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProject, getUpdate, openDatabase, type Database } from '../../src/db/index.js';
import { LocalSiteStore, UpdateRunner, type BuildSite, type SiteStore } from '../../src/hosting/index.js';
import { runServer } from '../../src/server/index.js';
import { backends, createFreshPostgresDatabase } from '../db/helpers.js';

// Issue 35, item 2: a server killed right after it switched the live build, before it recorded the
// update's success, left the new build live under an update reading "failure ... UPDATE_INTERRUPTED".
// The kill is simulated at exactly that point: the store's publish switches, then never returns (the
// process is gone as far as the update is concerned); the database is closed under it and a fresh
// server starts on the same data.

/** A build of one page whose text is new at each build (`lastBuilt`), so the live site says which build it came from. */
let lastBuilt = '';
const buildSite: BuildSite = async ({ outDir }) => {
  fs.mkdirSync(outDir, { recursive: true });
  lastBuilt = randomUUID();
  fs.writeFileSync(path.join(outDir, 'index.html'), `<p>${lastBuilt}</p>`);
  return { ok: true, pages: 1, diagnostics: [], durationMs: 1 };
};

/** The local store, with `publish` that dies (never returns) after or before the switch. */
function dyingStore(dataDir: string, when: 'after-switch' | 'before-switch'): SiteStore & { reached: Promise<void> } {
  const local = new LocalSiteStore(dataDir);
  let reached!: () => void;
  const store = Object.assign(Object.create(local) as LocalSiteStore, {
    reached: new Promise<void>((resolve) => (reached = resolve)),
    async publish(...args: Parameters<SiteStore['publish']>) {
      if (when === 'after-switch') await local.publish(...args);
      reached();
      await new Promise(() => {});
    },
  });
  return store;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.each(backends)('an update killed around the switch of the live build, on %s', (kind) => {
  it('after a restart the update record and the live site agree', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-publish-crash-'));
    const docs = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-publish-crash-docs-'));
    fs.writeFileSync(path.join(docs, 'docs.json'), '{}');
    const pgUrl = kind === 'postgres' ? await createFreshPostgresDatabase() : null;
    cleanups.push(async () => {
      await pgUrl?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(docs, { recursive: true, force: true });
    });
    const open = () => openDatabase(pgUrl ? { databaseUrl: pgUrl.url } : { dataDir });

    // First life: one update published normally, then one killed after the switch.
    let db: Database = await open();
    const project = await createProject(db, { name: 'Docs', repoUrl: docs });
    const first = await new UpdateRunner({ db, dataDir, buildSite }).runNow(project);
    expect((await getUpdate(db, first.id))?.status).toBe('success');
    const afterSwitch = dyingStore(dataDir, 'after-switch');
    const killed = await new UpdateRunner({ db, dataDir, buildSite, store: afterSwitch }).trigger(project);
    await afterSwitch.reached;
    const killedBuild = lastBuilt;
    expect((await getUpdate(db, killed.id))?.status).toBe('in_progress');
    expect((await new LocalSiteStore(dataDir).current({ projectId: project.id, preview: null }))?.buildId).toBe(killed.id);
    // PostgreSQL settles only updates older than an hour (other servers may be building younger ones).
    if (kind === 'postgres') await db.query(`UPDATE updates SET created_at = now() - interval '2 hours'`);
    await db.close();

    // Second life: recovery records the live build's update as published.
    let server = await runServer({ dataDir, databaseUrl: pgUrl?.url, port: 0, worker: false, dashboard: false });
    let row = await getUpdate(server.db, killed.id);
    expect(row?.status).toBe('success');
    expect(row?.summary).toMatch(/^Published; the server stopped after the switch/);
    expect((await server.updates.store.current({ projectId: project.id, preview: null }))?.buildId).toBe(killed.id);
    // In-process (fetch would drop the Host header).
    const page = await server.app.request('/', { headers: { Host: `${project.id}.localhost` } });
    expect(await page.text()).toContain(killedBuild);

    // Killed before the switch: the record reads interrupted and the live site stays the last success.
    const beforeSwitch = dyingStore(dataDir, 'before-switch');
    const cut = await new UpdateRunner({ db: server.db, dataDir, buildSite, store: beforeSwitch }).trigger(project);
    await beforeSwitch.reached;
    if (kind === 'postgres') await server.db.query(`UPDATE updates SET created_at = now() - interval '2 hours' WHERE id = $1`, [cut.id]);
    await server.close();
    server = await runServer({ dataDir, databaseUrl: pgUrl?.url, port: 0, worker: false, dashboard: false });
    row = await getUpdate(server.db, cut.id);
    expect(row?.status).toBe('failure');
    expect(row?.summary).toMatch(/^UPDATE_INTERRUPTED/);
    expect((await server.updates.store.current({ projectId: project.id, preview: null }))?.buildId).toBe(killed.id);
    await server.close();
  }, 120_000);
});
