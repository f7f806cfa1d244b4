/**
 * `npm start`'s banner (issue 48, item 15): every command it prints works as printed. A second
 * start used to print `curl -H "Authorization: Bearer $FOLIO_ADMIN_KEY"`, a variable nothing sets
 * (401 AUTH_MALFORMED). Now it says where the key comes from, and the key command it prints, run as
 * printed, gives a key the printed curl line is answered 200 with. On both database backends: the
 * embedded one is held by one process (the command is run with the server stopped), PostgreSQL is
 * not (run beside the running server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createProgram } from '../../src/cli/program.js';
import { startBanner } from '../../src/cli/commands/start.js';
import { createApiKey, createProject, openDatabase, type Database } from '../../src/db/index.js';
import { createApp } from '../../src/server/index.js';
import { backends, createFreshPostgresDatabase } from '../db/helpers.js';

/** Run a printed `npm run folio -- ...` line inside this process, as src/cli/main.ts would. */
async function runPrinted(line: string, databaseUrl: string): Promise<string> {
  const words = line.trim().split(/\s+/);
  expect(words.slice(0, 4)).toEqual(['npm', 'run', 'folio', '--']);
  let stdout = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.stubEnv('DATABASE_URL', databaseUrl);
  const before = process.exitCode;
  try {
    const argv = [process.execPath, 'folio', ...words.slice(4)];
    await (await createProgram(argv)).parseAsync(argv);
    expect(process.exitCode ?? 0).toBe(0);
  } finally {
    process.exitCode = before;
    out.mockRestore();
    vi.unstubAllEnvs();
  }
  return stdout;
}

const input = { origin: 'http://localhost:8080', owner: [], siteUrl: 'http://docs.localhost:8080/', projectId: 'docs', data: '.folio', embedded: true };

describe('folio start banner', () => {
  it('prints the fresh key in the curl line on first start', () => {
    const text = startBanner({ ...input, key: { fresh: 'folio_abc' } });
    expect(text).toContain('  curl -H "Authorization: Bearer folio_abc" http://localhost:8080/v2/agent/docs/jobs\n');
  });

  it('names no shell variable on a later start, and says where the key comes from', () => {
    const text = startBanner({ ...input, key: { last4: 'wxyz' } });
    expect(text).not.toMatch(/\$[A-Z_]/);
    expect(text).toContain('printed on first start (folio_…wxyz)');
    expect(text).toContain('stop this server and run\n               npm run folio -- keys create --project docs --data .folio\n');
    expect(text).toContain('Try the API with your admin key in place of <admin key>:\n  curl -H "Authorization: Bearer <admin key>" http://localhost:8080/v2/agent/docs/jobs\n');
    expect(startBanner({ ...input, data: "/tmp/my data/it's", key: { last4: 'wxyz' } })).toContain(`--data '/tmp/my data/it'\\''s'`);
  });

  const temp: string[] = [];
  afterAll(() => temp.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it.each(backends)('on %s, the printed key command gives a key the printed curl line works with', async (kind) => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-start-banner-'));
    temp.push(data);
    const fresh = kind === 'postgres' ? await createFreshPostgresDatabase() : null;
    const open = () => openDatabase(fresh ? { databaseUrl: fresh.url } : { dataDir: data });
    let db: Database = await open();
    try {
      // The first start: the project and its first key.
      await createProject(db, { id: 'docs', name: 'Folio docs', repoUrl: 'https://example.com/docs.git', branch: 'main', docsDir: '.' });
      const first = await createApiKey(db, { projectIds: ['docs'], name: 'first key (folio start)' });
      const text = startBanner({ ...input, data, embedded: db.kind === 'pglite', key: { last4: first.row.last4 } });
      const command = /^\s+(npm run folio -- keys create .*)$/m.exec(text)![1]!;
      if (db.kind === 'pglite') await db.close(); // "stop this server and run"
      const printed = await runPrinted(command, fresh?.url ?? '');
      const key = printed.trim().split('\n').at(-1)!;
      expect(key).toMatch(/^folio_/);
      if (db.kind === 'pglite') db = await open();
      const [, placeholder, url] = /curl -H "Authorization: Bearer (<admin key>)" (\S+)/.exec(text)!;
      expect(placeholder).toBe('<admin key>');
      const app = createApp({ db, dataDir: data, analytics: false });
      const res = await app.request(url!, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ jobs: [], nextCursor: null });
    } finally {
      await db.close();
      await fresh?.drop();
    }
  }, 60_000);
});
