import { describe, expect, it } from 'vitest';
import { substituteVariables } from './variables.js';
import { styleToObject } from './finalize.js';

describe('substituteVariables', () => {
  it('replaces known names, with or without inner spaces, and counts them', () => {
    expect(substituteVariables('{{a}} and {{ b }} and {{c}}', { a: '1', b: '2' })).toEqual({ text: '1 and 2 and {{c}}', count: 2 });
  });

  it('leaves JSX object props alone', () => {
    const src = '<Tree style={{ "--x": 1 }} />';
    expect(substituteVariables(src, { x: 'no' }).text).toBe(src);
  });
});

describe('styleToObject', () => {
  it('turns CSS text into React style props, keeping custom properties', () => {
    expect(styleToObject('color: red; font-size:12px; --tree-x: 1;')).toEqual({ color: 'red', fontSize: '12px', '--tree-x': '1' });
  });
});
