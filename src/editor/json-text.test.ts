import jsonc, { type Node } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { insertElement, removeElement } from './json-text.js';

const at = (text: string, path: (string | number)[]): Node => jsonc.findNodeAtLocation(jsonc.parseTree(text)!, path)!;

describe('layout-keeping array edits', () => {
  it('inserts into a one-line array on its line, spaced like its elements', () => {
    const text = '{"pages": ["a",  "b"], "x": 1}';
    expect(insertElement(text, at(text, ['pages']), 'c')).toBe('{"pages": ["a",  "b",  "c"], "x": 1}');
    expect(insertElement(text, at(text, ['pages']), 'c', 1)).toBe('{"pages": ["a",  "c",  "b"], "x": 1}');
    const one = '{"pages": ["a"]}';
    expect(insertElement(one, at(one, ['pages']), 'b')).toBe('{"pages": ["a", "b"]}');
  });

  it('inserts into a multi-line array one element per line, objects indented to their depth', () => {
    const text = '{\n  "groups": [\n    {\n      "group": "A",\n      "pages": []\n    }\n  ]\n}\n';
    expect(insertElement(text, at(text, ['groups']), { group: 'B', pages: [] })).toBe('{\n  "groups": [\n    {\n      "group": "A",\n      "pages": []\n    },\n    {\n      "group": "B",\n      "pages": []\n    }\n  ]\n}\n');
  });

  it('keeps tabs and CRLF line ends', () => {
    const text = '{\r\n\t"pages": [\r\n\t\t"a",\r\n\t\t"b"\r\n\t]\r\n}';
    expect(insertElement(text, at(text, ['pages']), { group: 'G', pages: [] })).toBe('{\r\n\t"pages": [\r\n\t\t"a",\r\n\t\t"b",\r\n\t\t{\r\n\t\t\t"group": "G",\r\n\t\t\t"pages": []\r\n\t\t}\r\n\t]\r\n}');
  });

  it('fills an empty array: a string on its line, an object on lines of its own', () => {
    const text = '{\n  "pages": []\n}';
    expect(insertElement(text, at(text, ['pages']), 'a')).toBe('{\n  "pages": ["a"]\n}');
    expect(insertElement(text, at(text, ['pages']), { group: 'G' })).toBe('{\n  "pages": [\n    {\n      "group": "G"\n    }\n  ]\n}');
  });

  it('removes the first, a middle, the last and the only element with one separator', () => {
    const text = '["a", "b",\n "c"]';
    const list = at(text, []);
    expect(removeElement(text, list.children![0]!)).toBe('["b",\n "c"]');
    expect(removeElement(text, list.children![1]!)).toBe('["a", "c"]');
    expect(removeElement(text, list.children![2]!)).toBe('["a", "b"]');
    const only = '{"pages": [\n  "a"\n]}';
    expect(removeElement(only, at(only, ['pages', 0]))).toBe('{"pages": []}');
  });
});
