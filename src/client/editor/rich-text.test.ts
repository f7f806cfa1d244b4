import fc from 'fast-check';
import { Fragment, Slice, type Node as PMNode } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { bodyFromRich, escapeText, parseRich, richBodyOf, richSchema, serializeEdited, type RichBody } from './rich-text.js';

/** The rich body of `body`, which must qualify. */
function rich(body: string, context: 'flow' | 'line' = 'flow'): RichBody {
  const r = richBodyOf(body, context);
  if (!r) throw new Error(`does not qualify: ${JSON.stringify(body)}`);
  return r;
}

/** `doc` with `text` inserted at the end of its first textblock containing `after`, carrying `marks`. */
function insertAfter(doc: PMNode, after: string, text: string, markNames: string[] = []): PMNode {
  let at = -1;
  doc.descendants((node, pos) => {
    if (at < 0 && node.isText && node.text!.includes(after)) at = pos + node.text!.indexOf(after) + after.length;
  });
  if (at < 0) throw new Error(`no ${after}`);
  const marks = markNames.map((name) => richSchema.marks[name]!.create(name === 'strong' ? { markup: '**' } : name === 'em' ? { markup: '*' } : undefined));
  return doc.replace(at, at, new Slice(Fragment.from(richSchema.text(text, marks)), 0, 0));
}

describe('which block bodies are rich text', () => {
  it.each([
    ['emphasis, code and links', 'Install **Folio** with *npm*, `npm i folio`, or see [the guide](/guides/setup "Setup").'],
    ['underscore emphasis', 'An _important_ and __strong__ word.'],
    ['source lines kept', 'One line\nand the next, with a single trailing space \nkept.'],
    ['hard breaks', 'Line one\\\nline two'],
    ['bullets of each kind', '- one\n- two\n\n* three\n* four'],
    ['a paragraph then a list with no blank line', 'What you get:\n- a\n- b'],
    ['nested lists, four-space indentation', '1. Open it.\n2. Look for:\n    - `one`\n    - `two`'],
    ['a list indented under its paragraph', 'Choose one:\n  - `a` - first\n  - `b` - second\n    more of b'],
    ['numbers as written', '1. a\n1. b\n1. c\n\n3. x\n5. y'],
    ['loose list', '- a\n\n- b'],
    ['quotes', '> Quoted **text**\n>\n> second paragraph'],
    ['escapes and entities as written', 'Go to **Settings** \\> **Network** &amp; more &mdash; \\*not bold\\*.'],
    ['snake_case and arithmetic', 'Use snake_case names; 5 * 3 = 15, [1] is a footnote-like mark.'],
    ['link around nothing else, bold around a link', '**[WebAIM](https://webaim.org/)**: articles'],
    ['code with backticks inside', 'Use `` a ` b `` here.'],
    ['non-ASCII link targets kept', 'See [menus](#menús).'],
    ['strikethrough', 'A ~~gone~~ word.'],
    ['a fence inside a list', '- run:\n  ```bash\n  npm i\n  ```'],
    ['trailing space at the end', 'Text. '],
  ])('%s', (_name, body) => {
    const r = rich(body);
    expect(bodyFromRich(r, r.doc)).toBe(body);
  });

  it.each([
    ['inline JSX', 'Press <Icon icon="x" /> to close.'],
    ['an expression', 'Version {props.version} is out.'],
    ['an HTML comment', 'Text <!-- hidden --> here.'],
    ['an image', '![A chart](/images/chart.png)'],
    ['a table', '| a | b |\n|---|---|\n| 1 | 2 |'],
    ['an autolink (not MDX)', 'See <https://example.com>.'],
    ['a raw less-than', 'When a < b holds.'],
    ['a lazy quote continuation', '> quoted\nlazy line'],
    ['an unmatched backtick', 'A backtick (`) alone.'],
    ['Windows line ends', 'One\r\ntwo'],
    ['blank', '  \n'],
  ])('%s stays plain text', (_name, body) => {
    expect(richBodyOf(body, 'flow')).toBeNull();
  });

  it('reads a heading\'s text as one line', () => {
    expect(rich('Install **now**', 'line').doc.childCount).toBe(1);
    // As a heading's text reads it: `1. Install` is no list there.
    expect(bodyFromRich(rich('1. Install', 'line'), rich('1. Install', 'line').doc)).toBe('1. Install');
    expect(richBodyOf('Install\nnow', 'line')).toBeNull();
    expect(richBodyOf('Install {version}', 'line')).toBeNull();
  });

  it('keeps a callout body frame: indentation, blank lines, its last end of line', () => {
    const body = '  Needs **Node 20**.\n\n  Then run it.\n';
    const r = rich(body);
    expect(r).toMatchObject({ indent: '  ', blankLine: '', trailing: '\n' });
    expect(bodyFromRich(r, insertAfter(r.doc, 'Then run it', ' twice'))).toBe('  Needs **Node 20**.\n\n  Then run it twice.\n');
  });
});

describe('an edited document back to Markdown', () => {
  it('changes only the edited words: typed text, then a bold word in the block\'s own markup', () => {
    const body = 'Use the __fast__ path, or read [the guide](/guides/setup).\nSecond line stays.';
    const r = rich(body);
    const typed = insertAfter(r.doc, 'the guide', ' now');
    expect(bodyFromRich(r, typed)).toBe('Use the __fast__ path, or read [the guide](/guides/setup) now.\nSecond line stays.');
    const bold = insertAfter(r.doc, 'stays.', ' Done', ['strong']);
    expect(bodyFromRich(r, bold)).toBe('Use the __fast__ path, or read [the guide](/guides/setup).\nSecond line stays. **Done**');
  });

  it('escapes typed Markdown and MDX so it stays text', () => {
    const r = rich('Plain.');
    const out = bodyFromRich(r, insertAfter(r.doc, 'Plain.', ' A *star*, <Tag>, {x}, `tick` and [a](b).'));
    expect(out).toBe('Plain. A \\*star\\*, \\<Tag>, \\{x}, \\`tick\\` and [a\\](b).');
    expect(parseRich(out)!.textContent).toBe('Plain. A *star*, <Tag>, {x}, `tick` and [a](b).');
  });

  it('escapes a typed line start that would become a list, heading or quote', () => {
    expect(escapeText('- not a list', true)).toBe('\\- not a list');
    expect(escapeText('# not a heading', true)).toBe('\\# not a heading');
    expect(escapeText('1. not a list', true)).toBe('1\\. not a list');
    expect(escapeText('> not a quote', true)).toBe('\\> not a quote');
    expect(escapeText('a - b # c', true)).toBe('a - b # c');
  });

  it('keeps a heading on one line', () => {
    const r = rich('Install', 'line');
    const doc = richSchema.node('doc', null, [richSchema.node('heading', { level: 2 }, r.doc.firstChild!.content)]);
    expect(bodyFromRich(r, insertAfter(doc, 'Install', ' it *today*'))).toBe('Install it \\*today\\*');
  });

  it('property: any typed text in a paragraph reads back as the same text, in one paragraph', () => {
    const alphabet = fc.constantFrom(...'ab1 *_`[]()<>{}#!-+.=~&\\|:;"\''.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { minLength: 1, maxLength: 24 }).map((chars) => chars.join('')), fc.constantFrom('Start ', ''), (typed, before) => {
        const text = `${before}${typed}`.trim();
        fc.pre(text !== '');
        const doc = richSchema.node('doc', null, [richSchema.node('paragraph', null, [richSchema.text(text)])]);
        const back = parseRich(serializeEdited(doc));
        expect(back?.childCount).toBe(1);
        expect(back!.textContent).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});
