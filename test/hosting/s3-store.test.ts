// S3SiteStore against a local S3 server (s3rver) and the embedded database: what a build shares is
// stored once, paths cannot leave a build, cleanup keeps live and recently retired builds, and a
// bucket that cannot be reached answers 503 SITE_STORAGE_UNAVAILABLE instead of failing the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, openDatabase, type Database } from '../../src/db/index.js';
import { parseStorage, S3SiteStore, serveSite, type S3StorageConfig } from '../../src/hosting/index.js';

describe('S3 site storage', () => {
  let tmp: string;
  let s3: S3rver;
  let db: Database;
  let config: S3StorageConfig;
  let projectId: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'sites', configs: [] }] });
    const { port } = await s3.run();
    db = await openDatabase({ memory: true });
    projectId = (await createProject(db, { name: 'S3', repoUrl: 'https://example.test/s3.git' })).id;
    config = parseStorage('s3://sites/unit/', {
      FOLIO_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      FOLIO_S3_ACCESS_KEY_ID: 'S3RVER',
      FOLIO_S3_SECRET_ACCESS_KEY: 'S3RVER',
      FOLIO_S3_GRACE_SECONDS: '60',
    })!;
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await s3?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const objectKeys = async (prefix: string) => {
    const client = new S3Client({ region: config.region, endpoint: config.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const list = await client.send(new ListObjectsV2Command({ Bucket: 'sites', Prefix: prefix }));
    client.destroy();
    return (list.Contents ?? []).map((o) => o.Key!).sort();
  };

  async function publish(store: S3SiteStore, buildId: string, files: Record<string, string>, preview: string | null = null): Promise<string[]> {
    const site = { projectId, preview };
    const dir = store.buildDir(site, buildId)!;
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    const log: string[] = [];
    await store.publish(site, buildId, dir, (l) => log.push(l));
    expect(fs.existsSync(dir)).toBe(false);
    return log;
  }

  it('publishes, serves through a second store, stores shared contents once, and cleans up after the grace time', async () => {
    const a = new S3SiteStore(db, config, path.join(tmp, 'work-a'));
    const b = new S3SiteStore(db, config, path.join(tmp, 'work-b'));
    try {
      expect(await b.current({ projectId, preview: null })).toBeNull();
      await publish(a, 'b1', { 'index.html': '<p>one</p>', 'style.css': 'body{}', 'guide/index.html': '<p>guide</p>' });
      // B read "nothing published" a moment ago; it asks again once its short cache expires.
      await new Promise((r) => setTimeout(r, config.liveTtlMs + 50));
      const first = (await b.current({ projectId, preview: null }))!;
      expect((await first.read('guide/index.html'))?.toString()).toBe('<p>guide</p>');
      expect((await first.read('/guide/../index.html'))?.toString()).toBe('<p>one</p>');
      expect(await first.read('../../unit/sites')).toBeNull();
      expect(await first.read('missing.html')).toBeNull();

      // The second build changes one file: one new content is uploaded, style.css and the guide are shared.
      const log = await publish(a, 'b2', { 'index.html': '<p>two</p>', 'style.css': 'body{}', 'guide/index.html': '<p>guide</p>' });
      expect(log[0]).toBe('Uploading build b2: 3 file(s), 1 new content(s)');
      expect(await objectKeys('unit/objects/')).toHaveLength(4);
      const live = (await a.current({ projectId, preview: null }))!;
      expect((await live.read('index.html'))?.toString()).toBe('<p>two</p>');

      // Within the grace time the retired build stays readable (B may still hold it).
      expect(await a.collectGarbage()).toEqual({ manifests: 0, objects: 0 });
      expect((await first.read('index.html'))?.toString()).toBe('<p>one</p>');
      // After it, its manifest and the content only it named go; the live build keeps everything it names.
      expect(await a.collectGarbage(Date.now() + 61_000)).toEqual({ manifests: 1, objects: 1 });
      expect(await objectKeys('unit/sites/')).toEqual([`unit/sites/${projectId}/_/b2.json`]);
      expect((await (await b.current({ projectId, preview: null }, true))!.read('guide/index.html'))?.toString()).toBe('<p>guide</p>');

      // A deleted preview stops being served at once; its build goes at the next cleanup after the grace time.
      await publish(a, 'p1', { 'index.html': '<p>preview</p>' }, 'feature-x');
      expect(await b.current({ projectId, preview: 'feature-x' })).not.toBeNull();
      await a.remove({ projectId, preview: 'feature-x' });
      expect(await a.current({ projectId, preview: 'feature-x' })).toBeNull();
      expect(await a.collectGarbage(Date.now() + 61_000)).toEqual({ manifests: 1, objects: 1 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('publishes a site workspace output again and again: leaves it in place, uploads only changed contents, never the cache bodies', async () => {
    const store = new S3SiteStore(db, config, path.join(tmp, 'work-ws'));
    const site = { projectId, preview: 'ws' };
    const out = path.join(tmp, 'workspace-out');
    const write = (files: Record<string, string>) => {
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
        fs.writeFileSync(path.join(out, name), text);
      }
    };
    try {
      write({ 'index.html': '<p>ws one</p>', 'a/index.html': '<p>ws a</p>', '.folio-cache/bodies/00.bin': 'compiled', '.folio-cache/api-hosts.json': '[]' });
      const first: string[] = [];
      await store.publish(site, 'w1', out, (l) => first.push(l));
      expect(first[0]).toBe('Uploading build w1: 3 file(s), 3 new content(s)');
      // The next build rewrites the workspace in place: it is not the store's to delete.
      expect(fs.existsSync(path.join(out, '.folio-cache', 'bodies', '00.bin'))).toBe(true);
      write({ 'index.html': '<p>ws two</p>', '.folio-cache/bodies/00.bin': 'compiled again' });
      const second: string[] = [];
      await store.publish(site, 'w2', out, (l) => second.push(l));
      expect(second[0]).toBe('Uploading build w2: 3 file(s), 1 new content(s)');
      const live = (await store.current(site))!;
      expect((await live.read('index.html'))?.toString()).toBe('<p>ws two</p>');
      expect((await live.read('a/index.html'))?.toString()).toBe('<p>ws a</p>');
      expect(await live.read('.folio-cache/bodies/00.bin')).toBeNull();
      expect((await live.read('.folio-cache/api-hosts.json'))?.toString()).toBe('[]');
    } finally {
      await store.close();
    }
  });

  it('answers 503 SITE_STORAGE_UNAVAILABLE when the bucket cannot be reached', async () => {
    const down = new S3SiteStore(db, { ...config, endpoint: 'http://127.0.0.1:9', bucket: 'sites', prefix: 'other' }, path.join(tmp, 'work-c'));
    const logged: string[] = [];
    try {
      // The database names a live build; its manifest is in a bucket nobody answers for.
      await db.query("INSERT INTO site_builds (project_id, site, build_id) VALUES ($1, 'down', 'x1')", [projectId]);
      const res = await serveSite(down, projectId, new Request('http://site.test/'), 'down', { log: (l) => logged.push(l) });
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('SITE_STORAGE_UNAVAILABLE');
      expect(logged[0]).toMatch(/^SITE_STORAGE_UNAVAILABLE: /);
    } finally {
      await down.close();
    }
  });

  it('reads --storage and the environment', () => {
    expect(parseStorage(undefined, {})).toBeNull();
    expect(parseStorage('local', {})).toBeNull();
    const c = parseStorage('s3://my-bucket/a/b/', { AWS_REGION: 'eu-west-1', FOLIO_S3_CACHE_MB: '16' })!;
    expect(c).toMatchObject({ bucket: 'my-bucket', prefix: 'a/b', region: 'eu-west-1', forcePathStyle: false, cacheBytes: 16 * 1024 * 1024 });
    expect(parseStorage(undefined, { FOLIO_STORAGE: 's3://b-1', AWS_ENDPOINT_URL: 'http://minio:9000' })).toMatchObject({ bucket: 'b-1', prefix: '', endpoint: 'http://minio:9000', forcePathStyle: true });
    for (const bad of ['s3://', 'gs://bucket', 's3://Bucket/x', 's3://bucket/../x']) expect(() => parseStorage(bad, {}), bad).toThrow(/STORAGE|storage/);
    expect(() => parseStorage('s3://bucket', { FOLIO_S3_CACHE_MB: 'lots' })).toThrow(/FOLIO_S3_CACHE_MB/);
  });
});
