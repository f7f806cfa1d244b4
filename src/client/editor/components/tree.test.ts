import { describe, expect, it } from 'vitest';
import { roundTrip } from './round-trip.js';
import { attrValue, childElements, pageModel, renameElement, serializePage, setAttr, type ElementNode } from './tree.js';

const PAGE = `---
title: Components
---

Intro with [**bold link**](/a) and \`code\`.

<CardGroup cols={2}>
  <Card
    title="First"
    icon="rocket"
    href="/first"
  >
    Body of **one**.
  </Card>
  <Card title='Say "hi"' icon="star" />
</CardGroup>

<Tabs>
  <Tab title="npm">
    Run this:

    \`\`\`bash
    npm i folio # </Tab> in code
    \`\`\`
  </Tab>
  <Tab title="pnpm">Short body.</Tab>
</Tabs>

<Note>
  A note.
</Note>
<img className="rounded-lg" src="/images/a.png" alt="A" />
`;

const elementOf = (name: string): ElementNode => {
  const model = pageModel(PAGE);
  const found = model.find((b) => b.element?.name === name)?.element;
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe('the visual model of a page', () => {
  it('reads components as trees and writes the page back byte for byte', () => {
    const model = pageModel(PAGE);
    expect(serializePage(model, true)).toBe(PAGE);
    const tabs = model.find((b) => b.element?.name === 'Tabs')!.element!;
    expect(childElements(tabs).map((t) => attrValue(t, 'title'))).toEqual(['npm', 'pnpm']);
    const group = model.find((b) => b.element?.name === 'CardGroup')!.element!;
    expect(childElements(group).map((c) => attrValue(c, 'title'))).toEqual(['First', 'Say "hi"']);
    expect(childElements(group)[1]!.selfClosing).toBe(true);
    const img = model.find((b) => b.element?.name === 'img')!.element!;
    expect(attrValue(img, 'className')).toBe('rounded-lg');
  });

  it('changes only an attribute’s bytes when a prop is edited', () => {
    const model = pageModel(PAGE);
    const card = childElements(model.find((b) => b.element?.name === 'CardGroup')!.element!)[0]!;
    setAttr(card, 'title', 'Start here');
    expect(serializePage(model)).toBe(PAGE.replace('title="First"', 'title="Start here"'));
    setAttr(card, 'arrow', 'true');
    expect(serializePage(model)).toBe(PAGE.replace('title="First"', 'title="Start here"').replace('href="/first"', 'href="/first"\n    arrow="true"'));
    setAttr(card, 'icon', null);
    expect(serializePage(model)).not.toContain('icon="rocket"');
    const second = childElements(model.find((b) => b.element?.name === 'CardGroup')!.element!)[1]!;
    setAttr(second, 'title', `It's "x"`);
    expect(serializePage(model)).toContain(`<Card title={"It's \\"x\\""} icon="star" />`);
  });

  it('edits a tab’s body and a callout’s kind in place', () => {
    const model = pageModel(PAGE);
    const tabs = model.find((b) => b.element?.name === 'Tabs')!.element!;
    const second = childElements(tabs)[1]!;
    const leaf = second.children.find((c) => c.type === 'leaf' && c.rich)!;
    if (leaf.type !== 'leaf') throw new Error('leaf');
    leaf.body = 'Longer body.';
    const note = model.find((b) => b.element?.name === 'Note')!.element!;
    renameElement(note, 'Warning');
    expect(serializePage(model)).toBe(PAGE.replace('Short body.', 'Longer body.').replace('<Note>\n  A note.\n</Note>', '<Warning>\n  A note.\n</Warning>'));
    expect(elementOf('Tabs').children.length).toBeGreaterThan(0);
  });

  it('keeps a tag inside a code fence as code', () => {
    const tabs = elementOf('Tabs');
    const first = childElements(tabs)[0]!;
    expect(first.children.some((c) => c.type === 'leaf' && c.block.kind === 'code' && c.body.includes('</Tab> in code'))).toBe(true);
  });

  it('round-trips a page and keeps an edit to its lines', () => {
    const r = roundTrip(PAGE);
    expect(r).toMatchObject({ identical: true, opaque: 0, topEdit: true, nestedEdit: true });
  });
});
