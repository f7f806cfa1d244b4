import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDirFor, publishBuild, siteDirFor } from '../updates/publish.js';
import { LocalFileCache, LocalSiteStore } from './site-store.js';

const site = { projectId: 'p1', preview: null };
const text = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("a local store's file cache", () => {
  let dataDir: string;
  let siteDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-file-cache-'));
    siteDir = siteDirFor(dataDir, site.projectId, null)!;
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const publish = async (id: string, files: Record<string, string>) => {
    const dir = buildDirFor(siteDir, id);
    for (const [name, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), body);
    }
    await publishBuild(siteDir, dir);
    return dir;
  };

  it('serves a page read once from memory afterwards, whole and by range, and remembers paths that lead nowhere', async () => {
    const store = new LocalSiteStore(dataDir, new LocalFileCache(1024 * 1024));
    const dir = await publish('b1', { 'guide/index.html': '<p>Guide</p>' });
    const build = (await store.current(site))!;
    expect(await text(await (await build.open('guide/index.html'))!.body())).toBe('<p>Guide</p>');
    expect(await build.open('guide.html')).toBeNull();
    expect(store.files.paths).toBe(2);
    expect(store.files.contents.size).toBe(1);

    // Gone from the disk now: what is remembered answers, so no file system call was made.
    await unlink(path.join(dir, 'guide', 'index.html'));
    await writeFile(path.join(dir, 'guide.html'), 'late');
    const again = (await store.current(site))!;
    const file = (await again.open('guide/index.html'))!;
    expect(file.size).toBe(12);
    expect(await text(await file.body({ start: 3, end: 7 }))).toBe('Guide');
    expect((await again.read('guide/index.html'))!.toString()).toBe('<p>Guide</p>');
    expect(await again.open('guide.html')).toBeNull();
  });

  it('serves the next published build from its own files, not the last one’s', async () => {
    const store = new LocalSiteStore(dataDir, new LocalFileCache(1024 * 1024));
    await publish('b1', { 'index.html': 'one' });
    expect(await text(await (await (await store.current(site))!.open('index.html'))!.body())).toBe('one');
    await publish('b2', { 'index.html': 'two', 'new.html': 'new' });
    const next = (await store.current(site))!;
    expect(next.buildId).toBe('b2');
    expect(await text(await (await next.open('index.html'))!.body())).toBe('two');
    expect(await next.open('new.html')).not.toBeNull();
  });

  it('streams a file too large to keep from the disk, and keeps none of it', async () => {
    // 64 KB of cache: files of up to 8 KB are kept.
    const store = new LocalSiteStore(dataDir, new LocalFileCache(64 * 1024));
    const large = 'x'.repeat(20_000);
    await publish('b1', { 'big.txt': large, 'small.txt': 'small' });
    const build = (await store.current(site))!;
    expect(await text(await (await build.open('big.txt'))!.body())).toBe(large);
    expect(await text(await (await build.open('big.txt'))!.body({ start: 19_998, end: 19_999 }))).toBe('xx');
    expect(store.files.contents.size).toBe(0);
    expect(await text(await (await build.open('small.txt'))!.body())).toBe('small');
    expect(store.files.contents.bytes).toBe(5);
  });

  it('still refuses a link inside the build that leads out of it', async () => {
    const store = new LocalSiteStore(dataDir, new LocalFileCache(1024 * 1024));
    const dir = await publish('b1', { 'index.html': 'home' });
    await writeFile(path.join(dataDir, 'secret.txt'), 'secret');
    await symlink(path.join(dataDir, 'secret.txt'), path.join(dir, 'leak.txt'));
    const build = (await store.current(site))!;
    expect(await build.open('leak.txt')).toBeNull();
    expect(await build.read('leak.txt')).toBeNull();
    expect(await build.open('../secret.txt')).toBeNull();
  });
});
