import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInside, resolveInside } from './paths.js';

const root = path.resolve('/srv/site');

describe('resolveInside', () => {
  it('keeps ordinary relative paths inside the root', () => {
    expect(resolveInside(root, 'guide/intro.mdx')).toBe(path.join(root, 'guide/intro.mdx'));
    expect(resolveInside(root, '/guide/intro')).toBe(path.join(root, 'guide/intro'));
  });

  it('refuses traversal, NUL bytes and drive letters', () => {
    expect(resolveInside(root, '../etc/passwd')).toBeNull();
    expect(resolveInside(root, 'a/../../b')).toBeNull();
    expect(resolveInside(root, 'a\0b')).toBeNull();
    expect(resolveInside(root, 'C:\\Windows')).toBeNull();
    expect(resolveInside(root, '..\\..\\x')).toBeNull();
  });

  it('never returns a path outside the root, whatever the input', () => {
    const segment = fc.constantFrom('..', '.', 'a', 'b', '', '%2e%2e', '\\..', '/');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 12 }), (parts) => {
        const resolved = resolveInside(root, parts.join('/'));
        return resolved === null || isInside(root, resolved);
      }),
    );
  });
});
