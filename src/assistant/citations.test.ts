import { describe, expect, it } from 'vitest';
import { SectionIndex } from '../retrieval/index.js';
import { CitationFilter } from './citations.js';

const index = new SectionIndex(
  [
    { href: '/index', title: 'Home', sections: [{ anchor: '', heading: '', text: 'Welcome' }] },
    { href: '/guides/install', title: 'Install', sections: [{ anchor: '', heading: '', text: 'x' }, { anchor: 'requirements', heading: 'Requirements', text: 'Node 20' }] },
  ],
  { supportEmail: 'help@example.com' },
);

/** Feed the text one character at a time, as a slow stream would. */
function stream(text: string, basePath = ''): { out: string; filter: CitationFilter } {
  const filter = new CitationFilter(index, basePath, index.assistant);
  let out = '';
  for (const ch of text) out += filter.push(ch);
  return { out: out + filter.flush(), filter };
}

describe('CitationFilter', () => {
  it('keeps links to pages and sections of the site and records them once', () => {
    const { out, filter } = stream('See [Install](/guides/install#requirements) and [again](/guides/install.md#requirements), [home](/).');
    expect(out).toBe('See [Install](/guides/install#requirements) and [again](/guides/install#requirements), [home](/).');
    expect(filter.citations).toEqual([
      { path: '/guides/install', anchor: 'requirements', title: 'Install: Requirements' },
      { path: '/index', title: 'Home' },
    ]);
  });

  it('drops links to unknown pages, other hosts and scripts, keeping their labels', () => {
    const { out, filter } = stream('[a](/nope) [b](https://evil.example/x) [c](javascript:void) [d](/guides/install#missing)');
    expect(out).toBe('a b c [d](/guides/install)');
    expect(filter.citations).toEqual([{ path: '/guides/install', title: 'Install' }]);
  });

  it('puts the base path before kept links, accepting links already under it', () => {
    expect(stream('[x](/docs/guides/install) [y](guides/install)', '/docs').out).toBe('[x](/docs/guides/install) [y](/docs/guides/install)');
  });

  it('passes code, plain brackets and the support address untouched', () => {
    const text = 'Use `arr[0](x)` or\n```js\nconst a = [1](2);\n```\nan [array] here; write [us](mailto:help@example.com).';
    expect(stream(text).out).toBe(text);
  });

  it('gives the label of a link cut off at the end', () => {
    expect(stream('Read [Install](/guides/ins').out).toBe('Read Install');
  });
});
