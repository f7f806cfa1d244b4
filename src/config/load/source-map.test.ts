import { describe, expect, it } from 'vitest';
import { SourceMap, formatPath } from './source-map.js';

describe('formatPath', () => {
  it('writes dotted keys, bracketed indexes and quoted odd keys', () => {
    expect(formatPath(['navigation', 'tabs', 2, 'groups'])).toBe('navigation.tabs[2].groups');
    expect(formatPath(['seo', 'metatags', 'og:locale'])).toBe('seo.metatags["og:locale"]');
    expect(formatPath([])).toBe('(root)');
  });
});

describe('SourceMap', () => {
  const text = '{\n  "a": {\n    "b": [1, 2]\n  }\n}\n';
  const map = new SourceMap('docs.json');
  map.addFile('docs.json', text);
  map.record([], 'docs.json', 0);
  map.record(['a'], 'docs.json', text.indexOf('{', 1), text.indexOf('"a"'));
  map.record(['a', 'b'], 'docs.json', text.indexOf('['), text.indexOf('"b"'));

  it('turns offsets into 1-based line and column', () => {
    expect(map.locate(['a', 'b'])).toEqual({ file: 'docs.json', line: 3, column: 10 });
    expect(map.locateKey(['a', 'b'])).toEqual({ file: 'docs.json', line: 3, column: 5 });
  });

  it('falls back to the nearest recorded ancestor', () => {
    expect(map.locate(['a', 'b', 7, 'c'])).toEqual({ file: 'docs.json', line: 3, column: 10 });
    expect(map.locate(['zzz'])).toEqual({ file: 'docs.json', line: 1, column: 1 });
  });

  it('aliases a moved subtree to its original positions', () => {
    map.alias(['x', 'y'], ['a']);
    expect(map.locate(['x', 'y', 'b'])).toEqual(map.locate(['a', 'b']));
  });
});
