/**
 * Issue 48, item 11: after a publish, local storage prepares the links of the site's next publish in
 * `sites/<p>/next.tmp`, renamed to `next` when done (`next.json` names the build it links to). A
 * process killed meanwhile left `next.tmp` (17,129 files on a large site) through every restart
 * until the next publish. The startup cleanup now removes it, and a `next` no marker vouches for
 * (cut off while a publish refreshed it); a ready `next` of the live build stays. Both backends: on
 * a shared PostgreSQL another server may be preparing one, so only an hour-old one goes there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type Database } from '../../src/db/index.js';
import { LocalSiteStore, removeOrphanWork, UpdateRunner, type BuildSite } from '../../src/hosting/index.js';
import { backends, openTestDatabase } from '../db/helpers.js';

const buildSite: BuildSite = async ({ outDir }) => {
  fs.mkdirSync(path.join(outDir, 'guides'), { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), '<p>home</p>');
  fs.writeFileSync(path.join(outDir, 'guides', 'a.html'), '<p>a</p>');
  return { ok: true, pages: 2, diagnostics: [], durationMs: 1 };
};

/** A partial tree of links as a killed process leaves it. */
function partialTree(dir: string, files: number, ageMs = 0): string {
  fs.mkdirSync(path.join(dir, 'guides'), { recursive: true });
  for (let i = 0; i < files; i++) fs.writeFileSync(path.join(dir, 'guides', `p${i}.html`), 'x');
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(dir, at, at);
  return dir;
}

describe.each(backends)('startup removes the next-publish trees a kill left, on %s', (kind) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let dataDir: string;
  let docs: string;
  let store: LocalSiteStore;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDatabase(kind));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-next-leftovers-'));
    docs = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-next-leftovers-docs-'));
    fs.writeFileSync(path.join(docs, 'docs.json'), '{}');
    store = new LocalSiteStore(dataDir);
  });

  afterAll(async () => {
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(docs, { recursive: true, force: true });
  });

  it('deletes next.tmp and an unvouched next of every site, keeps a ready next of the live build', async () => {
    const runner = new UpdateRunner({ db, dataDir, buildSite, store });
    const ready = await createProject(db, { name: 'Ready', repoUrl: docs });
    const cut = await createProject(db, { name: 'Cut', repoUrl: docs });
    for (const p of [ready, cut]) {
      // Twice: the second publish goes through a site workspace's copy, after which the links for the next one are prepared.
      await runner.runNow(p);
      await runner.runNow(p);
    }
    await store.settled();
    const site = (id: string) => path.join(dataDir, 'sites', id);
    expect(fs.existsSync(path.join(site(ready.id), 'next.json'))).toBe(true);
    expect(fs.existsSync(path.join(site(ready.id), 'next', 'index.html'))).toBe(true);

    // Killed while preparing the next publish's links: next.tmp half made, on both sites.
    const young = partialTree(path.join(site(ready.id), 'next.tmp'), 200);
    const old = partialTree(path.join(site(cut.id), 'next.tmp'), 200, 2 * 3_600_000);
    // Killed while a publish refreshed `next`: its marker was removed first.
    fs.rmSync(path.join(site(cut.id), 'next.json'));
    const unvouched = path.join(site(cut.id), 'next');
    const at = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(unvouched, at, at);

    const removed = await removeOrphanWork({ db, dataDir, store, exclusive: kind === 'pglite' });
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(unvouched)).toBe(false);
    // The live build's prepared links stay, ready for the next publish.
    expect(fs.existsSync(path.join(site(ready.id), 'next', 'index.html'))).toBe(true);
    expect(fs.readFileSync(path.join(site(ready.id), 'current', 'index.html'), 'utf8')).toBe('<p>home</p>');
    if (kind === 'pglite') {
      // The data folder is this process's alone: every leftover is an orphan.
      expect(fs.existsSync(young)).toBe(false);
      expect(removed).toBe(3);
    } else {
      // Another server may be preparing it right now: a young one stays.
      expect(fs.existsSync(young)).toBe(true);
      expect(removed).toBe(2);
    }
    // The sites still publish (the next one links every file itself where its tree went).
    await runner.runNow(cut);
    await store.settled();
    expect(fs.readFileSync(path.join(site(cut.id), 'current', 'guides', 'a.html'), 'utf8')).toBe('<p>a</p>');
  });
});
