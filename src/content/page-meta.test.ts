import { describe, expect, it } from 'vitest';
import { firstHeading, metaFromFrontmatter, titleFromPath } from './page-meta.js';
import type { Diagnostic } from '../shared/index.js';
import type { ContentCode } from './codes.js';

describe('page titles and meta', () => {
  it('finds the first level-one heading outside code fences', () => {
    expect(firstHeading('Intro\n```md\n# Not this\n```\n## Sub\n# The title #\n')).toBe('The title');
    expect(firstHeading('~~~\n# no\n~~~\n#  Spaced  \n')).toBe('Spaced');
    expect(firstHeading('#NoSpace\n')).toBeUndefined();
  });

  it('derives a title from the file name', () => {
    expect(titleFromPath('guide/getting-started')).toBe('Getting started');
    expect(titleFromPath('api_keys')).toBe('Api keys');
  });

  it('copies known fields, coerces numbers and reports wrong types', () => {
    const diagnostics: Diagnostic<ContentCode>[] = [];
    const meta = metaFromFrontmatter({ title: 2024, hidden: 'true', noindex: 'maybe', tag: ['x'], icon: { name: 'star', style: 'solid' }, custom: 1 }, 'p.mdx', diagnostics);
    expect(meta).toEqual({ title: '2024', hidden: true, noindex: false, icon: 'star' });
    expect(diagnostics.map((d) => `${d.path} ${d.code}`)).toEqual(['frontmatter.tag CONTENT_FRONTMATTER_FIELD_TYPE', 'frontmatter.noindex CONTENT_FRONTMATTER_FIELD_TYPE']);
  });
});
