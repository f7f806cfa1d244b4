import { describe, expect, it } from 'vitest';
import { splitTopLevel } from './chunks.js';

const texts = (source: string) => splitTopLevel(source)?.map((c) => c.text);

describe('splitTopLevel', () => {
  it('splits at blank lines between closed top-level blocks', () => {
    expect(texts('# A\n\ntext\n\n<Note>\n\ninside\n\n</Note>\n\nafter')).toEqual(['# A\n', 'text\n', '<Note>\n\ninside\n\n</Note>\n', 'after']);
  });

  it('does not split inside fences, $$ math, expressions, tags or before list/indented continuations', () => {
    expect(texts('```js\na\n\nb\n```\n\nx')).toEqual(['```js\na\n\nb\n```\n', 'x']);
    expect(texts('$$\na\n\nb\n$$\n\nx')).toEqual(['$$\na\n\nb\n$$\n', 'x']);
    expect(texts('{cond &&\n\n<X />}\n\nx')).toEqual(['{cond &&\n\n<X />}\n', 'x']);
    expect(texts('<Card\n\n  title="a" />\n\nx')).toEqual(['<Card\n\n  title="a" />\n', 'x']);
    expect(texts('- a\n\n- b\n\n  more\n\nx')).toEqual(['- a\n\n- b\n\n  more\n', 'x']);
  });

  it('refuses pages with link definitions or unbalanced structure', () => {
    expect(splitTopLevel('[a]: /x\n\n[a]')).toBeNull();
    expect(splitTopLevel('text }\n\nmore')).toBeNull();
    expect(splitTopLevel('<Note>\n\nnever closed')).toBeNull();
  });

  it('keeps line and offset of each chunk', () => {
    const chunks = splitTopLevel('a\n\nb\n\nc')!;
    expect(chunks.map((c) => [c.line, c.offset])).toEqual([[0, 0], [2, 3], [4, 6]]);
  });
});
