import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATION_KINDS } from '../../src/agent/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { listAutomations } from '../../src/db/index.js';
import { dashboardStack, FormClient, type Stack } from '../dashboard/harness.js';

// The dashboard's Automations page: the kind select lists every kind, and a webhook automation of a
// kind with automerge and append made through the form is stored so and shown with its address and secret.
const PASSWORD = 'correct horse battery';

describe('automations on the dashboard', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await dashboardStack();
  });
  afterAll(() => stack?.close());

  it('creates a webhook automation of a kind, with automerge and append, and shows its address and secret', async () => {
    const email = `owner-${randomUUID()}@example.com`;
    await createUser(stack.db, email, PASSWORD, 'owner');
    const client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    expect((await client.post('/dashboard/login', { email, password: PASSWORD })).status).toBe(303);
    await client.get('/dashboard/projects');
    const created = await client.post('/dashboard/projects', { name: 'Kinds', repoUrl: 'https://example.com/k.git', branch: 'main', docsDir: '.' });
    const projectUrl = created.headers.get('location')!.split('?')[0]!;
    await client.get(`${projectUrl}/automations`);
    for (const kind of Object.values(AUTOMATION_KINDS)) expect(client.lastHtml).toContain(`<option value="${kind.id}"`);
    const made = await client.post(`${projectUrl}/automations`, { name: 'Release notes', trigger: 'webhook', kind: 'changelog', schedule: '', branch: '', prompt: '', model: '', automerge: '1', appendToOpen: '1' });
    expect(made.status, client.lastHtml.slice(0, 500)).toBe(303);
    const [row] = await listAutomations(stack.db, projectUrl.split('/').pop()!);
    expect(row).toMatchObject({ trigger: 'webhook', kind: 'changelog', automerge: true, appendToOpen: true, prompt: AUTOMATION_KINDS.changelog.prompt });
    await client.get(`${projectUrl}/automations`);
    expect(client.lastHtml).toContain('Draft the changelog');
    expect(client.lastHtml).toContain(`/webhooks/automations/${row!.id}`);
    expect(client.lastHtml).toContain(row!.webhookSecret!);
    expect(client.lastHtml).toContain('Runs add to the open one; merged when the checks pass');
  });
});
