import { Parser } from 'acorn';
import jsx from 'acorn-jsx';
import type { Node as EsNode } from 'estree';
import { describe, expect, it } from 'vitest';
import { freeNames } from './free-names.js';

const parser = Parser.extend(jsx());
const names = (code: string) => {
  const found = freeNames(parser.parseExpressionAt(code, 0, { ecmaVersion: 'latest' }) as unknown as EsNode);
  return found ? [...found].sort() : null;
};

describe('freeNames', () => {
  it('lists the names an expression reads, not property names or object keys', () => {
    expect(names('`python ${path_to_script}`')).toEqual(['path_to_script']);
    expect(names('a.b + c[d] - e?.f')).toEqual(['a', 'c', 'd', 'e']);
    expect(names('{ key: value, [k]: 1, short }')).toEqual(['k', 'short', 'value']);
    expect(names('ok ? Math.max(x, 1) : "no"')).toEqual(['Math', 'ok', 'x']);
  });

  it('reads JSX attribute values and children but not element or attribute names', () => {
    expect(names('<Card title={heading} icon="x">{body}<b>{more.text}</b></Card>')).toEqual(['body', 'heading', 'more']);
  });

  it('gives up on expressions that bind names of their own', () => {
    expect(names('items.map((x) => x.name)')).toBeNull();
    expect(names('(function () { return y; })()')).toBeNull();
  });

  it('is empty for literals', () => {
    expect(names('"text" + 1')).toEqual([]);
  });
});
