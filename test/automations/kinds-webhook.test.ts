import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATION_KINDS } from '../../src/agent/index.js';
import { getAgentJobById, listAutomationRuns } from '../../src/db/index.js';
import type { BuildSite } from '../../src/hosting/index.js';
import { backends } from '../db/helpers.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

// Automation kinds (templates with their own prompt and checks) chosen at creation, and the signed
// generic webhook each `webhook` automation has: good events start runs with the event in the prompt;
// bad, old, replayed, oversized or paused ones are refused with stable codes.
const buildSite: BuildSite = async () => ({ ok: false, pages: 0, diagnostics: [], durationMs: 1 });

describe.each(backends)('automation kinds and webhooks on %s', (backend) => {
  let s: TestServer;
  const queued: string[] = [];
  beforeAll(async () => {
    s = await startTestServer(backend, { buildSite, models: ['folio-maintainer', 'writer'], enqueueAgentJob: (id) => void queued.push(id) });
  });
  afterAll(() => s?.cleanup());

  const create = (body: object) => s.app.request(`/v1/workflow/${s.project.id}`, { method: 'POST', headers: s.auth, body: JSON.stringify(body) });

  it('stores the kind with the automation: its prompt (plus the automation\'s instructions) and its model', async () => {
    const seo = await create({ name: 'Metadata', trigger: 'schedule', schedule: '0 6 * * *', kind: 'seo', model: 'writer', prompt: 'Write descriptions in British English.' });
    expect(seo.status, await seo.clone().text()).toBe(201);
    const body = await seo.json();
    expect(body).toMatchObject({ kind: 'seo', automerge: false, appendToOpen: false, webhookUrl: null, webhookSecret: null, model: 'writer' });
    expect(body.prompt).toBe(`${AUTOMATION_KINDS.seo.prompt}\n\nAlso: Write descriptions in British English.`);
    const links = await (await create({ name: 'Links', trigger: 'push', kind: 'fix-links', automerge: true, appendToOpen: true })).json();
    expect(links).toMatchObject({ kind: 'fix-links', prompt: 'fix broken internal links', model: 'folio-maintainer', automerge: true, appendToOpen: true });
    const listed = (await (await s.app.request(`/v1/workflow/${s.project.id}`, { headers: s.auth })).json()).automations;
    expect(listed.find((a: { id: string }) => a.id === body.id)).toMatchObject({ kind: 'seo' });
    // Neither a kind nor a prompt; a kind that does not exist.
    const empty = await create({ name: 'Nothing', trigger: 'schedule', schedule: '0 6 * * *' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toMatch(/^Invalid request: prompt: /);
    const unknown = await create({ name: 'Poems', trigger: 'schedule', schedule: '0 6 * * *', kind: 'poetry' });
    expect(unknown.status).toBe(400);
    // Every kind is documented in the automations guide.
    const { readFile } = await import('node:fs/promises');
    const guide = await readFile('docs/guides/automations.mdx', 'utf8');
    for (const kind of Object.values(AUTOMATION_KINDS)) expect(guide, kind.id).toContain(`\`${kind.id}\``);
  });

  it('gives the assistant-gaps and feedback kinds the unanswered questions and pending feedback with their prompt', async () => {
    const q = (sql: string, params: unknown[]) => s.db.query(sql, params);
    const thread = async (outcome: string, question: string) => {
      const id = randomUUID();
      await q(`INSERT INTO assistant_threads (id, project_id, page_path, outcome) VALUES ($1, $2, '/guides/setup', $3)`, [id, s.project.id, outcome]);
      await q(`INSERT INTO assistant_messages (id, thread_id, role, content) VALUES ($1, $2, 'user', $3)`, [randomUUID(), id, question]);
    };
    await thread('not_found', 'How do I rotate the API key?');
    await thread('answered', 'What is Folio?');
    await q(`INSERT INTO analytics_feedback (id, project_id, path, source, helpful, comment) VALUES ($1, $2, '/quickstart', 'contextual', false, 'The install step fails on Windows')`, [randomUUID(), s.project.id]);
    await q(`INSERT INTO analytics_feedback (id, project_id, path, source, helpful, comment, status) VALUES ($1, $2, '/old', 'contextual', false, 'Already fixed', 'resolved')`, [randomUUID(), s.project.id]);
    const promptOf = async (kind: string) => {
      const made = await (await create({ name: kind, trigger: 'schedule', schedule: '0 6 * * *', kind })).json();
      const run = await (await s.app.request(`/v1/workflow/${s.project.id}/${made.id}/trigger`, { method: 'POST', headers: s.auth })).json();
      return (await getAgentJobById(s.db, run.jobId))!.prompt;
    };
    const gaps = await promptOf('assistant-gaps');
    expect(gaps.startsWith(AUTOMATION_KINDS['assistant-gaps'].prompt)).toBe(true);
    expect(gaps).toContain('- How do I rotate the API key? (asked on /guides/setup)');
    expect(gaps).not.toContain('What is Folio?');
    const feedback = await promptOf('feedback');
    expect(feedback).toContain('- /quickstart: not helpful: "The install step fails on Windows"');
    expect(feedback).not.toContain('Already fixed');
  });

  it('a signed event starts a run with the event in its prompt; bad, old, replayed, oversized and paused events are refused with their codes', async () => {
    const res = await create({ name: 'On release', trigger: 'webhook', prompt: 'Document the release the event describes.' });
    expect(res.status).toBe(201);
    const made = await res.json();
    expect(made.webhookUrl).toBe(`/webhooks/automations/${made.id}`);
    expect(made.webhookSecret).toMatch(/^[0-9a-z]{32,}$/);
    const send = (body: string, opts: { id?: string; at?: number; secret?: string; path?: string } = {}) => {
      const ts = String(opts.at ?? Math.floor(Date.now() / 1000));
      const id = opts.id ?? randomUUID();
      const sig = `sha256=${createHmac('sha256', opts.secret ?? made.webhookSecret).update(`${ts}.${id}.${body}`).digest('hex')}`;
      return s.app.request(opts.path ?? made.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-folio-timestamp': ts, 'x-folio-delivery': id, 'x-folio-signature': sig },
        body,
      });
    };
    const event = JSON.stringify({ action: 'published', release: { tag_name: 'v2.4.0', body: 'Adds the --dry-run flag.' } });
    const delivery = randomUUID();
    const ok = await send(event, { id: delivery });
    expect(ok.status, await ok.clone().text()).toBe(202);
    const started = await ok.json();
    expect(queued).toContain(started.jobId);
    const job = await getAgentJobById(s.db, started.jobId);
    expect(job!.prompt.startsWith('Document the release the event describes.\n\n## The event that started this run')).toBe(true);
    expect(job!.prompt).toContain('"tag_name": "v2.4.0"');
    expect(await listAutomationRuns(s.db, made.id)).toMatchObject([{ reason: 'webhook', jobId: started.jobId }]);

    const code = async (r: Response) => [r.status, (await r.json()).code];
    expect(await code(await send(event, { id: delivery }))).toEqual([401, 'DELIVERY_REPLAYED']);
    expect(await code(await send(event, { secret: 'not-the-secret' }))).toEqual([401, 'DELIVERY_SIGNATURE_INVALID']);
    expect(await code(await send(event, { at: Math.floor(Date.now() / 1000) - 3600 }))).toEqual([401, 'DELIVERY_EXPIRED']);
    expect(await code(await send('x'.repeat(300 * 1024)))).toEqual([413, 'DELIVERY_BAD_PAYLOAD']);
    expect(await code(await send('not json'))).toEqual([400, 'DELIVERY_BAD_PAYLOAD']);
    // An automation that does not exist, or is not a webhook automation: the answer of a wrong signature.
    expect(await code(await send(event, { path: `/webhooks/automations/${randomUUID()}` }))).toEqual([401, 'DELIVERY_SIGNATURE_INVALID']);
    const unsigned = await s.app.request(made.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: event });
    expect(await code(unsigned)).toEqual([401, 'DELIVERY_SIGNATURE_INVALID']);
    await s.services.setAutomationActive(s.project, made.id, false);
    expect(await code(await send(event))).toEqual([409, 'DELIVERY_AUTOMATION_INACTIVE']);
    // Only the one good event ran.
    expect(await listAutomationRuns(s.db, made.id)).toHaveLength(1);
  });
});
