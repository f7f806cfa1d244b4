import { describe, expect, it } from 'vitest';
import { compileIgnore, DEFAULT_IGNORES, isIgnored } from './ignore.js';

const ignored = (patterns: string[], rel: string, isDir = false) => isIgnored(compileIgnore(patterns), rel, isDir);

describe('.mintignore matching', () => {
  it('matches a bare name at any depth', () => {
    expect(ignored(['private-notes.md'], 'private-notes.md')).toBe(true);
    expect(ignored(['private-notes.md'], 'a/b/private-notes.md')).toBe(true);
    expect(ignored(['private-notes.md'], 'private-notes.mdx')).toBe(false);
  });

  it('anchors patterns with a leading or inner slash', () => {
    expect(ignored(['/README.md'], 'README.md')).toBe(true);
    expect(ignored(['/README.md'], 'docs/README.md')).toBe(false);
    expect(ignored(['docs/internal'], 'docs/internal', true)).toBe(true);
    expect(ignored(['docs/internal'], 'x/docs/internal', true)).toBe(false);
  });

  it('applies a trailing slash to directories only', () => {
    expect(ignored(['drafts/'], 'drafts', true)).toBe(true);
    expect(ignored(['drafts/'], 'guide/drafts', true)).toBe(true);
    expect(ignored(['drafts/'], 'drafts', false)).toBe(false);
  });

  it('supports *, ?, ** and character classes', () => {
    expect(ignored(['*.draft.mdx'], 'guide/intro.draft.mdx')).toBe(true);
    expect(ignored(['*.draft.mdx'], 'guide/intro.mdx')).toBe(false);
    expect(ignored(['**/internal/**'], 'a/b/internal/page.mdx')).toBe(true);
    expect(ignored(['**/internal/**'], 'internal/page.mdx')).toBe(true);
    expect(ignored(['guide/**/old.mdx'], 'guide/old.mdx')).toBe(true);
    expect(ignored(['guide/**/old.mdx'], 'guide/a/b/old.mdx')).toBe(true);
    expect(ignored(['v?.mdx'], 'v1.mdx')).toBe(true);
    expect(ignored(['v?.mdx'], 'v10.mdx')).toBe(false);
    expect(ignored(['page[0-9].mdx'], 'page7.mdx')).toBe(true);
    expect(ignored(['page[!0-9].mdx'], 'page7.mdx')).toBe(false);
  });

  it('lets a later negation re-include, and skips comments and blanks', () => {
    const rules = ['# comment', '', '*.mdx', '!important.mdx'];
    expect(ignored(rules, 'other.mdx')).toBe(true);
    expect(ignored(rules, 'important.mdx')).toBe(false);
    expect(ignored(['!important.mdx', '*.mdx'], 'important.mdx')).toBe(true);
  });

  it('treats dots and regex characters literally', () => {
    expect(ignored(['a+b.mdx'], 'a+b.mdx')).toBe(true);
    expect(ignored(['a.mdx'], 'aXmdx')).toBe(false);
  });

  it('ignores the usual repository files by default', () => {
    expect(ignored(DEFAULT_IGNORES, 'README.md')).toBe(true);
    expect(ignored(DEFAULT_IGNORES, 'guide/README.md')).toBe(false);
    expect(ignored(DEFAULT_IGNORES, 'node_modules', true)).toBe(true);
    expect(ignored(DEFAULT_IGNORES, 'dist', true)).toBe(true);
  });

  it('ignores output and scratch folders only at the docs root, tool folders at any depth', () => {
    for (const dir of ['build', 'dist', 'coverage', 'tmp', 'temp']) {
      expect(ignored(DEFAULT_IGNORES, dir, true)).toBe(true);
      expect(ignored(DEFAULT_IGNORES, `guides/${dir}`, true)).toBe(false);
      // A page that happens to be named like the folder is a page.
      expect(ignored(DEFAULT_IGNORES, `${dir}.mdx`)).toBe(false);
    }
    expect(ignored(DEFAULT_IGNORES, 'packages/sdk/node_modules', true)).toBe(true);
    expect(ignored(DEFAULT_IGNORES, 'guides/.vscode', true)).toBe(true);
  });
});
