// Files of published sites are streamed, with byte ranges, from local storage and from S3: a site may
// publish videos and archives, and each was read whole into memory for every request (a file over
// 2 GiB could not be served at all).
import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, openDatabase, type Database, type ProjectRow } from '../../src/db/index.js';
import { parseStorage, S3SiteStore, serveSite } from '../../src/hosting/index.js';
import { backends } from '../db/helpers.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

const BIG = 3 * 1024 ** 3;
const TAIL = 'the last bytes of a 3 GiB file';

/** `size` bytes where byte i is i mod 251 (a prime: no two windows of a range test look alike). */
function pattern(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = i % 251;
  return out;
}

/** The first chunk of a body, then the rest is cancelled (a reader that stops after a few bytes). */
async function firstChunk(res: Response): Promise<Uint8Array> {
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return value!;
}

describe.each(backends)('site files from local storage on %s', (kind) => {
  let s: TestServer;
  let project: ProjectRow;
  const small = pattern(1000);

  beforeAll(async () => {
    s = await startTestServer(kind);
    project = await createProject(s.db, { name: 'Files', repoUrl: 'https://example.test/f.git' });
    const site = { projectId: project.id, preview: null };
    const dir = s.updates.store.buildDir(site, 'b1')!;
    fs.mkdirSync(path.join(dir, 'media'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<p>home</p>');
    fs.writeFileSync(path.join(dir, 'guide.html'), `<main>${'<p>A paragraph of the guide.</p>'.repeat(400)}</main>`);
    fs.writeFileSync(path.join(dir, 'media', 'clip.bin'), small);
    // A sparse file: 3 GiB on paper, a few blocks on disk.
    const fd = fs.openSync(path.join(dir, 'media', 'big.bin'), 'w');
    fs.ftruncateSync(fd, BIG);
    fs.writeSync(fd, TAIL, BIG - TAIL.length);
    fs.closeSync(fd);
    await s.updates.store.publish(site, 'b1', dir);
  });
  afterAll(() => s.cleanup());

  const get = (file: string, headers: Record<string, string> = {}, method = 'GET') =>
    s.app.request(`http://${project.id}.localhost/${file}`, { method, headers: { Host: `${project.id}.localhost`, ...headers } });

  it('serves a file larger than memory could hold, whole as a stream or any range of it', async () => {
    const whole = await get('media/big.bin');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(BIG));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await firstChunk(whole)).length).toBeGreaterThan(0);
    const tail = await get('media/big.bin', { Range: `bytes=-${TAIL.length}` });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${BIG - TAIL.length}-${BIG - 1}/${BIG}`);
    expect(await tail.text()).toBe(TAIL);
  });

  it('answers ranges as RFC 9110 asks: one range 206, past the end 416, several or malformed the whole file', async () => {
    const part = await get('media/clip.bin', { Range: 'bytes=100-109' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-length')).toBe('10');
    expect(part.headers.get('content-range')).toBe('bytes 100-109/1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(small.subarray(100, 110));
    const open = await get('media/clip.bin', { Range: 'bytes=990-' });
    expect(Buffer.from(await open.arrayBuffer())).toEqual(small.subarray(990));
    const beyond = await get('media/clip.bin', { Range: 'bytes=1000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
    for (const range of ['bytes=0-1,5-6', 'bytes=9-1', 'lines=1-2']) {
      const res = await get('media/clip.bin', { Range: range });
      expect([range, res.status]).toEqual([range, 200]);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(small);
    }
    // A local build has no validator to compare: an If-Range gets the whole file, which is always right.
    expect((await get('media/clip.bin', { Range: 'bytes=0-1', 'If-Range': '"x"' })).status).toBe(200);
    const head = await get('media/clip.bin', {}, 'HEAD');
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, '1000', '']);
    const page = await get('');
    expect([page.status, await page.text()]).toEqual([200, '<p>home</p>']);
  });

  it('gzips text for a client that takes it, and nothing else: small files, binaries, ranges', async () => {
    const html = fs.readFileSync(path.join(s.updates.store.buildDir({ projectId: project.id, preview: null }, 'b1')!, '..', 'b1', 'guide.html'), 'utf8');
    const zipped = await get('guide', { 'Accept-Encoding': 'br;q=1, gzip;q=0.8' });
    expect([zipped.status, zipped.headers.get('content-encoding'), zipped.headers.get('content-length'), zipped.headers.get('vary')]).toEqual([200, 'gzip', null, 'Accept-Encoding']);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(html.length / 10);
    expect(gunzipSync(bytes).toString('utf8')).toBe(html);
    // Not asked for, refused with q=0, a byte range, a small page, a binary file: as they are.
    for (const headers of [{}, { 'Accept-Encoding': 'gzip;q=0, identity' }, { 'Accept-Encoding': 'gzip', Range: 'bytes=0-9' }]) {
      const res = await get('guide', headers);
      expect(res.headers.get('content-encoding')).toBeNull();
    }
    expect((await get('', { 'Accept-Encoding': 'gzip' })).headers.get('content-encoding')).toBeNull();
    expect((await get('media/clip.bin', { 'Accept-Encoding': 'gzip' })).headers.get('content-encoding')).toBeNull();
  });
});

describe('site files from S3', () => {
  let tmp: string;
  let s3: S3rver;
  let db: Database;
  let store: S3SiteStore;
  let projectId: string;
  const large = pattern(1024 * 1024);
  const small = pattern(2000);

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-s3-files-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'sites', configs: [] }] });
    const { port } = await s3.run();
    db = await openDatabase({ memory: true });
    projectId = (await createProject(db, { name: 'S3 files', repoUrl: 'https://example.test/s.git' })).id;
    const config = parseStorage('s3://sites/files/', {
      FOLIO_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      FOLIO_S3_ACCESS_KEY_ID: 'S3RVER',
      FOLIO_S3_SECRET_ACCESS_KEY: 'S3RVER',
      // 64 KiB of cache: contents up to 8 KiB are kept in memory, larger ones streamed.
      FOLIO_S3_CACHE_MB: String(64 / 1024),
    })!;
    store = new S3SiteStore(db, config, path.join(tmp, 'work'));
    const site = { projectId, preview: null };
    const dir = store.buildDir(site, 'b1')!;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'video.bin'), large);
    fs.writeFileSync(path.join(dir, 'small.bin'), small);
    await store.publish(site, 'b1', dir);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await db?.close();
    await s3?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const get = (file: string, headers: Record<string, string> = {}) => serveSite(store, projectId, new Request(`http://site/${file}`, { headers }));

  it('streams a large content from the bucket without keeping it, a range as a ranged read', async () => {
    const before = store.cacheUsage();
    const whole = await get('video.bin');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(large.length));
    expect(whole.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(large)).toBe(true);
    const part = await get('video.bin', { Range: 'bytes=500000-500099' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 500000-500099/${large.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(large.subarray(500000, 500100));
    // With the validator the range holds; with another one the whole file comes.
    expect((await get('video.bin', { Range: 'bytes=0-9', 'If-Range': whole.headers.get('etag')! })).status).toBe(206);
    expect((await get('video.bin', { Range: 'bytes=0-9', 'If-Range': '"other"' })).status).toBe(200);
    expect(store.cacheUsage()).toEqual(before);
    expect(store.stats.streams).toBeGreaterThanOrEqual(3);
  });

  it('keeps small contents in memory and slices ranges from there', async () => {
    const fetches = store.stats.fetches;
    const part = await get('small.bin', { Range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(small.subarray(10, 20));
    expect(Buffer.from(await (await get('small.bin')).arrayBuffer())).toEqual(small);
    expect(store.stats.fetches).toBe(fetches + 1);
    expect(store.cacheUsage().bytes).toBe(small.length);
  });
});
