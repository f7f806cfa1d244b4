import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOBS_CODES } from '../jobs/codes.js';
import { AGENT_CODES, AgentError, reasonFromError } from './codes.js';

const doc = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, `../../docs/errors/${name}.md`), 'utf8');

describe('agent and jobs error codes', () => {
  it('documents every code', () => {
    expect(Object.keys(AGENT_CODES).filter((code) => !doc('agent').includes(`- \`${code}\` - `))).toEqual([]);
    expect(Object.keys(JOBS_CODES).filter((code) => !doc('jobs').includes(`- \`${code}\` - `))).toEqual([]);
  });

  it('puts the code in front of every failure reason', () => {
    expect(reasonFromError(new AgentError('AGENT_PUSH_FAILED', 'no access'))).toBe('AGENT_PUSH_FAILED: no access');
    expect(reasonFromError(new Error('boom'))).toBe('AGENT_INTERNAL: boom');
  });
});
