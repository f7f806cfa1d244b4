import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, openDatabase, updateProject, type Database } from '../../db/index.js';
import { SiteAccess } from './site-access.js';

const ACCESS_QUERY = /FROM projects WHERE id/;

/** The real database, with its access-setting reads counted and, while `hold` is set, their answers kept back until it is released. */
function watched(db: Database) {
  const state = { reads: 0, hold: null as Promise<void> | null };
  const wrapped = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver);
      return async (text: string, params?: unknown[], name?: string) => {
        if (!ACCESS_QUERY.test(text)) return target.query(text, params, name);
        state.reads++;
        const hold = state.hold;
        const rows = await target.query(text, params, name);
        // Held after the read: what it answers is what the database held when it was asked.
        if (hold) await hold;
        return rows;
      };
    },
  });
  return { db: wrapped, state };
}

function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SiteAccess: the cached access setting', () => {
  let db: Database;
  let projectId: string;

  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    projectId = (await createProject(db, { name: 'Cache', repoUrl: 'https://example.test/docs.git' })).id;
  });
  afterAll(async () => db.close());

  it('reads it once for requests that ask at the same time', async () => {
    const { db: counted, state } = watched(db);
    const access = new SiteAccess({ db: counted, ttlMs: 60_000 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => access.accessOf(projectId)));
    expect(answers.map((a) => a?.mode)).toEqual(['public', 'public', 'public', 'public', 'public']);
    expect(state.reads).toBe(1);
  });

  it('answers a setting past its time at once and reads it again behind the request', async () => {
    const { db: slow, state } = watched(db);
    // Past its time (250 ms) and under three times it (750 ms), with room for a slow machine.
    const access = new SiteAccess({ db: slow, ttlMs: 250 });
    expect((await access.accessOf(projectId))?.mode).toBe('public');
    await updateProject(db, projectId, { siteAccess: 'password', sitePasswordHash: 'x' });
    await sleep(300);
    const held = gate();
    state.hold = held.done;
    // The database is held: the request is answered from the cache anyway, with the old setting.
    expect((await access.accessOf(projectId))?.mode).toBe('public');
    expect((await access.accessOf(projectId))?.mode).toBe('public');
    expect(state.reads).toBe(2);
    state.hold = null;
    held.open();
    await expect.poll(async () => (await access.accessOf(projectId))?.mode).toBe('password');
    await updateProject(db, projectId, { siteAccess: 'public', sitePasswordHash: null });
  });

  it('waits for a setting more than three times its age', async () => {
    const { db: slow, state } = watched(db);
    const access = new SiteAccess({ db: slow, ttlMs: 20 });
    expect((await access.accessOf(projectId))?.mode).toBe('public');
    await updateProject(db, projectId, { siteAccess: 'password', sitePasswordHash: 'x' });
    await sleep(80);
    expect((await access.accessOf(projectId))?.mode).toBe('password');
    expect(state.reads).toBe(2);
    await updateProject(db, projectId, { siteAccess: 'public', sitePasswordHash: null });
  });

  it('does not keep what a read begun before an invalidation found', async () => {
    const { db: slow, state } = watched(db);
    const access = new SiteAccess({ db: slow, ttlMs: 60_000 });
    const held = gate();
    state.hold = held.done;
    const before = access.accessOf(projectId);
    // The read above is waiting; the setting changes on this server, which drops the cache.
    await updateProject(db, projectId, { siteAccess: 'password', sitePasswordHash: 'x' });
    access.invalidate(projectId);
    state.hold = null;
    held.open();
    await before;
    expect((await access.accessOf(projectId))?.mode).toBe('password');
    expect(state.reads).toBe(2);
    await updateProject(db, projectId, { siteAccess: 'public', sitePasswordHash: null });
  });
});
