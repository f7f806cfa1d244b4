import { describe, expect, it } from 'vitest';
import { GitError } from '../git/index.js';
import { AgentError, reasonFromError } from './codes.js';

// That every code is registered, documented in docs/reference/errors/agent.md and used is checked for all
// layers at once by test/architecture/error-codes.test.ts.
describe('agent error codes', () => {
  it('puts the code in front of every failure reason', () => {
    expect(reasonFromError(new AgentError('AGENT_PUSH_FAILED', 'no access'))).toBe('AGENT_PUSH_FAILED: no access');
    expect(reasonFromError(new Error('boom'))).toBe('AGENT_INTERNAL: boom');
    expect(reasonFromError(new GitError('GIT_CLONE_FAILED', 'Cloning x failed'))).toBe('AGENT_CLONE_FAILED: Cloning x failed');
  });
});
