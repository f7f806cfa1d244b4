import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMigrations, openDatabase, pgliteTemplateFile } from '../../src/db/index.js';
import { openPgliteClient } from '../../src/db/pglite-open.js';

/**
 * A fresh embedded database is unpacked from a saved, migrated template instead of running
 * PGlite's initdb (src/db/pglite-template.ts). The template must hold the schema and nothing a
 * database wrote afterwards.
 */
describe('PGlite template', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-template-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is saved from a fresh migrated database and gives later fresh databases the schema, not the rows', async () => {
    const file = pgliteTemplateFile();
    expect(file).toMatch(/node_modules\/\.cache\/folio-pglite\/template-[0-9a-f]{24}\.tar\.gz$/);
    const first = await openDatabase({ dataDir: path.join(dir, 'a') });
    try {
      expect(fs.existsSync(file!)).toBe(true);
      await first.query(`INSERT INTO projects (id, name, repo_url) VALUES ('tpl-probe', 'Probe', 'https://example.test/p.git')`);
    } finally {
      await first.close();
    }
    for (const options of [{ dataDir: path.join(dir, 'b') }, { memory: true }]) {
      const next = await openDatabase(options);
      try {
        const applied = await next.query<{ n: number }>('SELECT count(*)::int AS n FROM folio_migrations');
        expect(applied[0]!.n).toBe(loadMigrations().length);
        expect(await next.query(`SELECT id FROM projects WHERE id = 'tpl-probe'`)).toEqual([]);
      } finally {
        await next.close();
      }
    }
    // The data dir made from the template reopens as an ordinary database.
    const again = await openDatabase({ dataDir: path.join(dir, 'b') });
    await again.close();
  }, 120_000);

  it('holds one database with small WAL segments, and a data dir made from it keeps what crosses many segments', async () => {
    const memory = await openDatabase({ memory: true });
    try {
      // What every open unpacks: no template0/template1, 1 MB WAL segments instead of 16 MB.
      expect(await memory.query('SELECT datname FROM pg_database ORDER BY datname')).toEqual([{ datname: 'postgres' }]);
      expect(await memory.query(`SELECT setting FROM pg_settings WHERE name = 'wal_segment_size'`)).toEqual([{ setting: String(1024 * 1024) }]);
    } finally {
      await memory.close();
    }
    const dataDir = path.join(dir, 'wal');
    const db = await openDatabase({ dataDir });
    try {
      // About 6 MB of rows that do not compress (2 kB of hex each): several segment switches on the small segments.
      for (let i = 0; i < 30; i++) {
        await db.query(
          `INSERT INTO projects (id, name, repo_url)
           SELECT 'wal-' || $1 || '-' || g, (SELECT string_agg(md5(random()::text || s), '') FROM generate_series(1, 64 + g * 0) s), 'https://example.test/p.git'
           FROM generate_series(1, 100) g`,
          [i],
        );
      }
    } finally {
      await db.close();
    }
    const reopened = await openDatabase({ dataDir });
    try {
      expect(await reopened.query<{ n: number }>(`SELECT count(*)::int AS n FROM projects WHERE id LIKE 'wal-%'`)).toEqual([{ n: 3000 }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('is made with initdb\'s settings even from an in-memory database, whose small shared buffers stay its own', async () => {
    // `npm install` saves the template from an in-memory database (scripts/db-template.js), and any
    // in-memory database may be the first fresh one: what its files say is what a `folio start` data
    // folder unpacked from the template runs with.
    const { client } = await openPgliteClient(null);
    let files: Blob;
    try {
      expect(await client.query('SHOW shared_buffers')).toMatchObject({ rows: [{ shared_buffers: '16MB' }] });
      files = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    const onDisk = new PGlite(path.join(dir, 'from-memory'), { loadDataDir: files });
    try {
      // initdb's postgresql.conf: 128 MB of shared buffers, and the UTC time zone it wrote beside them.
      expect(await onDisk.query('SHOW shared_buffers')).toMatchObject({ rows: [{ shared_buffers: '128MB' }] });
      expect(await onDisk.query('SHOW max_wal_size')).toMatchObject({ rows: [{ max_wal_size: '64MB' }] });
    } finally {
      await onDisk.close();
    }
  }, 120_000);
});
