/**
 * Suggestions gathered on the agent worker's timer, on each database: two workers polling one
 * database at the same moment make one pass per interval (the shared timer in `agent_timers`), a
 * pass gathers readers' suggestions and the maintainer's checks without anyone opening the page,
 * covers at most `maxProjects` projects (the least recently checked first), and a later pass over the
 * same evidence suggests nothing again.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSuggestions, startSuggestionPoll, SUGGESTIONS_TIMER, type SuggestionPoll } from '../../src/agent/index.js';
import { gatherReaderSuggestions } from '../../src/dashboard/index.js';
import { createAssistantThread, createProject, openDatabase, recordAssistantTurn, timerState, type Database, type ProjectRow } from '../../src/db/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';
import { createBareRepo, SITE_FILES, tempDir } from '../git/git-fixtures.js';

// One page left out of the navigation: the maintainer's checks suggest listing it.
const DOCS: Record<string, string> = { ...SITE_FILES, 'guides/orphan.mdx': '---\ntitle: Orphan\n---\n\nNobody links here.\n' };
const INTERVAL = 10 * 60_000;
// SITE_FILES leaves guides/deploy out of the navigation too.
const EXPECTED = ['maintainer:unlisted:guides/deploy', 'maintainer:unlisted:guides/orphan', 'readers:topic:page-guides-deploy'];

describe.each(backends)('suggestions on the worker timer on %s', { timeout: 120_000 }, (kind) => {
  let tmp: { dir: string; cleanup: () => Promise<void> };
  let testDb: TestDatabase;
  let db: Database;
  let other: Database;
  let first: ProjectRow;
  let second: ProjectRow;
  let clock = Date.UTC(2026, 11, 7, 9, 0, 0);
  const polls: SuggestionPoll[] = [];
  const poll = (database: Database, workerId: string) => {
    const p = startSuggestionPoll({
      db: database,
      workDir: path.join(tmp.dir, `work-${workerId}`),
      intervalMs: INTERVAL,
      workerId,
      maxProjects: 1,
      gatherReaders: (projectId) => gatherReaderSuggestions({ db: database }, projectId),
      // The test ticks by hand, on its own clock.
      tickMs: 3_600_000,
      now: () => new Date(clock),
    });
    polls.push(p);
    return p;
  };
  const checked = async () => (await db.query<{ project_id: string }>('SELECT project_id FROM suggestion_sources WHERE checked_at IS NOT NULL ORDER BY project_id')).map((r) => r.project_id);
  const open = async (project: ProjectRow) => (await listSuggestions(db, project.id, { status: 'open', limit: 100 })).suggestions.map((s) => s.evidenceKey).sort();

  beforeAll(async () => {
    tmp = await tempDir('folio-suggestions-timer-');
    testDb = await openTestDatabase(kind);
    db = testDb.db;
    // The second worker: its own connection pool on PostgreSQL; PGlite belongs to one process.
    other = testDb.url ? await openDatabase({ databaseUrl: testDb.url }) : db;
    const repo = await createBareRepo(tmp.dir, DOCS, 'docs');
    first = await createProject(db, { name: 'First', repoUrl: repo });
    second = await createProject(db, { name: 'Second', repoUrl: repo });
    // Thumbs-down questions about the deploy page, on both projects.
    for (const project of [first, second]) {
      for (const [i, question] of ['How do I roll back a deploy?', 'can I undo a deploy'].entries()) {
        const thread = await createAssistantThread(db, { projectId: project.id, fp: `fp${i}`, pagePath: '/guides/deploy' });
        await recordAssistantTurn(db, { threadId: thread, question, answer: 'See [Deploy](/guides/deploy).', citations: [{ path: '/guides/deploy', title: 'Deploy' }], outcome: 'answered', tokensIn: 10, tokensOut: 10 }, Date.now() - 3_600_000 + i);
        await db.query(`UPDATE assistant_messages SET rating = 'down' WHERE thread_id = $1 AND role = 'assistant'`, [thread]);
      }
    }
  });

  afterAll(async () => {
    for (const p of polls) await p.stop();
    if (other && other !== db) await other.close();
    await testDb?.cleanup();
    await tmp?.cleanup();
  });

  it('two workers at the same moment: one pass, which gathers readers\' and the maintainer\'s suggestions of the least recently checked project', async () => {
    const a = poll(db, 'worker-a');
    const b = poll(other, 'worker-b');
    const ran = await Promise.all([a.tick(), b.tick()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    const state = await timerState(db, SUGGESTIONS_TIMER);
    expect(state!.claimedBy).toBe(ran[0] ? 'worker-a' : 'worker-b');
    expect(state!.nextAt.getTime()).toBe(clock + INTERVAL);
    // Bounded: one project this pass, the first by id when none was checked yet.
    const firstChecked = [first, second].sort((x, y) => x.id.localeCompare(y.id))[0]!;
    const later = firstChecked === first ? second : first;
    expect(await checked()).toEqual([firstChecked.id]);
    expect(await open(firstChecked)).toEqual(EXPECTED);
    expect(await open(later)).toEqual([]);

    // Within the interval, neither runs again.
    clock += INTERVAL - 1_000;
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([false, false]);
  });

  it('the next interval\'s pass takes the other project; the one after suggests nothing twice', async () => {
    const [a, b] = polls;
    clock += 2_000;
    const ran = await Promise.all([b!.tick(), a!.tick()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect((await checked()).sort()).toEqual([first.id, second.id].sort());
    for (const project of [first, second]) expect(await open(project)).toEqual(EXPECTED);

    clock += INTERVAL;
    expect((await Promise.all([a!.tick(), b!.tick()])).filter(Boolean)).toHaveLength(1);
    const all = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM suggestions');
    expect(Number(all[0]!.n)).toBe(6);
  });
});
