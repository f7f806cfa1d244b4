import { describe, expect, it } from 'vitest';
import { parseCodeMeta } from './code-meta.js';

describe('parseCodeMeta', () => {
  it('takes bare words as the title and {ranges} as highlighted lines', () => {
    const m = parseCodeMeta('js', 'My File.js {1,3-4} wrap');
    expect(m).toMatchObject({ lang: 'js', title: 'My File.js', wrap: true });
    expect([...m.highlight]).toEqual([1, 3, 4]);
  });

  it('reads key="value" attributes and braces glued to the language', () => {
    const m = parseCodeMeta('ts{2}', 'title="a b.ts" icon="js" lines');
    expect(m).toMatchObject({ lang: 'ts', title: 'a b.ts', icon: 'js', lines: true });
    expect([...m.highlight]).toEqual([2]);
  });

  it('no meta means no title', () => {
    const m = parseCodeMeta(null, null);
    expect(m.lang).toBeNull();
    expect(m.title).toBeUndefined();
  });
});
