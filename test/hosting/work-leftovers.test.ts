import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createProject, createUpdate, finishUpdate, getUpdate, openDatabase, startUpdate } from '../../src/db/index.js';
import { UpdateRunner, type BuildSite } from '../../src/hosting/index.js';
import { localPlaceTag } from '../../src/jobs/index.js';
import { runServer } from '../../src/server/index.js';
import { backends, createFreshPostgresDatabase } from '../db/helpers.js';

// Issue 35, item 3: kill -9 during updates left checkouts under data/work/folio-update-* and partial
// builds that nothing removed. The leftovers are laid out as such kills leave them, then a server
// starts on the data folder: what no live owner holds goes, the live build and what a live process
// (or, on a shared PostgreSQL, another server) may still be using stay.

const buildSite: BuildSite = async ({ outDir }) => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), `<p>live ${path.basename(outDir)}</p>`);
  return { ok: true, pages: 1, diagnostics: [], durationMs: 1 };
};

/** A process id that existed and is gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A folder with a few files, as a checkout or a build leaves it. */
function leftover(dir: string, ageMs = 0): string {
  fs.mkdirSync(path.join(dir, 'repo', 'pages'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'repo', 'pages', 'a.mdx'), '# A');
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(dir, at, at);
  return dir;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.each(backends)('startup removes what interrupted updates left, on %s', (kind) => {
  it('deletes orphan checkouts and partial builds, keeps the live build and what a live owner holds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-leftovers-'));
    const docs = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-leftovers-docs-'));
    fs.writeFileSync(path.join(docs, 'docs.json'), '{}');
    const pg = kind === 'postgres' ? await createFreshPostgresDatabase() : null;
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    cleanups.push(async () => {
      sleeper.kill();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(docs, { recursive: true, force: true });
    });

    const db = await openDatabase(pg ? { databaseUrl: pg.url } : { dataDir });
    const project = await createProject(db, { name: 'Docs', repoUrl: docs });
    const live = await new UpdateRunner({ db, dataDir, buildSite }).runNow(project);
    expect((await getUpdate(db, live.id))?.status).toBe('success');
    const builds = path.join(dataDir, 'sites', project.id, 'builds');
    // A build refused or cut off: its update failed.
    const failed = await createUpdate(db, project.id);
    await startUpdate(db, failed.id);
    await finishUpdate(db, failed.id, { status: 'failure', summary: 'UPDATE_BUILD_FAILED' });
    const failedBuild = leftover(path.join(builds, failed.id));
    // Killed mid-build: the update reads in_progress until recovery settles it (PGlite: at once; PostgreSQL: after an hour).
    const cut = await createUpdate(db, project.id);
    await startUpdate(db, cut.id);
    const cutBuild = leftover(path.join(builds, cut.id));
    // A shared-storage build that ended before its upload finished.
    const s3Build = leftover(path.join(dataDir, 'work', 's3-builds', `${project.id}-_-${failed.id}`));
    await db.close();

    const work = path.join(dataDir, 'work');
    const tag = localPlaceTag();
    const dead = leftover(path.join(work, `folio-update-${tag}-${await deadPid()}-a1b2c3`));
    const running = leftover(path.join(work, `folio-update-${tag}-${sleeper.pid}-d4e5f6`));
    const elsewhere = leftover(path.join(work, `folio-update-0badc0de-${sleeper.pid}-g7h8i9`));
    const oldUntagged = leftover(path.join(work, 'folio-update-Xy12Ab'), 2 * 3_600_000);
    const youngUntagged = leftover(path.join(work, 'folio-update-Zq34Cd'));
    // Site workspaces: the project's stays (its next update builds on it), a deleted project's and a deleted preview's go.
    const liveWorkspace = path.join(work, 'projects', project.id, '_');
    expect(fs.existsSync(path.join(liveWorkspace, 'seed.json'))).toBe(true);
    const deletedProject = leftover(path.join(work, 'projects', 'gone-project', '_'));
    const deletedPreview = leftover(path.join(work, 'projects', project.id, 'old-branch'));

    const server = await runServer({ dataDir, databaseUrl: pg?.url, port: 0, worker: false, dashboard: false });
    try {
      const gone = (dir: string) => !fs.existsSync(dir);
      await expect.poll(() => [dead, failedBuild, s3Build, oldUntagged, deletedProject, deletedPreview].filter(gone).length, { timeout: 10_000 }).toBe(6);
      expect(fs.existsSync(path.join(liveWorkspace, 'seed.json'))).toBe(true);
      if (kind === 'pglite') {
        // The data folder is this process's alone (PGlite locks it): every leftover is an orphan.
        await expect.poll(() => [running, elsewhere, youngUntagged, cutBuild].filter(gone).length, { timeout: 10_000 }).toBe(4);
      } else {
        // Another server may share the folder: a live process's checkout, another machine's, a young
        // untagged one and the build of an update still running elsewhere all stay.
        await server.close().catch(() => undefined);
        for (const dir of [running, elsewhere, youngUntagged, cutBuild]) expect(fs.existsSync(dir), dir).toBe(true);
      }
      // The live build is untouched and still served.
      const liveHtml = fs.readFileSync(path.join(builds, live.id, 'index.html'), 'utf8');
      expect(liveHtml).toContain('<p>live ');
      if (kind === 'pglite') {
        const page = await server.app.request('/', { headers: { Host: `${project.id}.localhost` } });
        expect(await page.text()).toBe(liveHtml);
      }
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});
