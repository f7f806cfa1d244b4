import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitError } from '../git/index.js';
import { JOBS_CODES } from '../jobs/codes.js';
import { AGENT_CODES, AgentError, reasonFromError } from './codes.js';

const documented = (name: string) =>
  [...fs.readFileSync(path.resolve(import.meta.dirname, `../../docs/errors/${name}.md`), 'utf8').matchAll(/^- `([A-Z0-9_]+)` - \S/gm)].map((m) => m[1]).sort();

describe('agent and jobs error codes', () => {
  it('documents every code, and only those', () => {
    expect(documented('agent')).toEqual(Object.keys(AGENT_CODES).sort());
    expect(documented('jobs')).toEqual(Object.keys(JOBS_CODES).sort());
  });

  it('puts the code in front of every failure reason', () => {
    expect(reasonFromError(new AgentError('AGENT_PUSH_FAILED', 'no access'))).toBe('AGENT_PUSH_FAILED: no access');
    expect(reasonFromError(new Error('boom'))).toBe('AGENT_INTERNAL: boom');
    expect(reasonFromError(new GitError('GIT_CLONE_FAILED', 'Cloning x failed'))).toBe('AGENT_CLONE_FAILED: Cloning x failed');
  });

  it('uses only registered codes in the agent sources', () => {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else for (const m of fs.readFileSync(file, 'utf8').matchAll(/'(AGENT_[A-Z_]+)'/g)) used.add(m[1]!);
      }
    };
    walk(import.meta.dirname);
    for (const code of used) expect(Object.keys(AGENT_CODES), code).toContain(code);
  });
});
