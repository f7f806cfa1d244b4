import { afterEach, describe, expect, it } from 'vitest';
import { createProgram } from './program.js';

describe('createProgram', () => {
  const before = process.env.NODE_ENV;
  afterEach(() => {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  });

  it('asks for production builds of its libraries (React) before any command loads, unless the environment says otherwise', async () => {
    delete process.env.NODE_ENV;
    await createProgram(['node', 'folio', '--version']);
    expect(process.env.NODE_ENV).toBe('production');

    process.env.NODE_ENV = 'development';
    await createProgram(['node', 'folio', '--version']);
    expect(process.env.NODE_ENV).toBe('development');
  });
});
