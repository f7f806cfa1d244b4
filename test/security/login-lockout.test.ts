/**
 * Dashboard sign-in under attack (issue 13): 150 parallel guesses from one address are counted
 * before the password check (at most 10 evaluated), and the owner signing in from another address
 * is not locked out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/dashboard/index.js';
import { dashboardStack, FormClient, type Stack } from '../dashboard/harness.js';

const EMAIL = 'owner@example.com';
const PASSWORD = 'correct horse battery';

/** The Node bindings @hono/node-server passes: the connection's remote address. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('dashboard sign-in lockout', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await dashboardStack();
    await createUser(stack.db, EMAIL, PASSWORD);
  });
  afterAll(() => stack.close());

  /** A signed-out client with a session and a CSRF token, posting from `address`. */
  async function attempt(client: FormClient, password: string, address: string): Promise<number> {
    const body = new URLSearchParams({ _csrf: client.csrf(), email: EMAIL, password }).toString();
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await stack.app.request('/dashboard/login', { method: 'POST', body, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' } }, from(address));
    return res.status;
  }

  it('evaluates at most 10 of 150 parallel guesses, and the owner still signs in from elsewhere', async () => {
    const attacker = new FormClient(stack.app);
    await attacker.get('/dashboard/login');
    const statuses = await Promise.all(Array.from({ length: 150 }, (_, i) => attempt(attacker, `guess ${i}`, '203.0.113.9')));
    expect(statuses.filter((s) => s === 401).length).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(140);
    // The right password from the attacker's address is refused too: the pair is locked.
    expect(await attempt(attacker, PASSWORD, '203.0.113.9')).toBe(429);
    const owner = new FormClient(stack.app);
    await owner.get('/dashboard/login');
    expect(await attempt(owner, PASSWORD, '198.51.100.7')).toBe(303);
  });
});
