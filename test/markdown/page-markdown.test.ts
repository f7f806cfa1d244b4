/**
 * The Markdown export of a page body, pinned by fixtures: every component in its Markdown meaning,
 * the same from both MDX renderers (one compiled tree), and a generated endpoint page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointMarkdown, pageMarkdown, treeToMarkdown } from '../../src/markdown/index.js';
import { renderMdx } from '../../src/mdx/index.js';
import { endpointPageFor } from '../../src/openapi/endpoint-page.js';
import { plannedEndpointFor } from '../../src/openapi/provider.js';
import { specFromText } from '../../src/openapi/spec-store.js';

const fixtures = path.join(import.meta.dirname, '../fixtures/markdown');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

async function markdownOf(source: string, renderer: 'auto' | 'mdx' = 'auto') {
  const out = await renderMdx({ source, file: 'page.mdx', lineOffset: 0, variables: { product: 'Folio' }, readSnippet: async () => null }, { alsoText: treeToMarkdown, renderer });
  return out;
}

describe('Markdown of MDX components', () => {
  it('matches the fixture, from both renderers', async () => {
    const fast = await markdownOf(read('components.mdx'));
    const mdx = await markdownOf(read('components.mdx'), 'mdx');
    expect(fast.renderer).toBe('fast');
    expect(mdx.renderer).toBe('mdx');
    expect(fast.text).toBe(read('components.md'));
    expect(mdx.text).toBe(fast.text);
  });

  it('keeps agent-only content that the HTML hides, drops human-only content the HTML shows', async () => {
    const out = await markdownOf('<Visibility for="agents">For agents</Visibility>\n\n<Visibility for="humans">For people</Visibility>\n');
    expect(out.text).toBe('For agents\n');
    expect(out.html).toContain('For people');
  });

  it('expands variables and evaluates static expressions', async () => {
    const out = await markdownOf('export const n = 3;\n\nWelcome to {{product}}: {n} steps.\n');
    expect(out.text).toBe('Welcome to Folio: 3 steps.\n');
  });

  it('fences code whose text holds backtick fences with a longer fence', async () => {
    const out = await markdownOf('````md readme.md\n```js\nx\n```\n````\n');
    expect(out.text).toBe('````md readme.md\n```js\nx\n```\n````\n');
  });

  it('puts the title and description on top', () => {
    expect(pageMarkdown({ title: 'Intro', description: 'What it is.', body: 'Body.\n' })).toBe('# Intro\n\n> What it is.\n\nBody.\n');
  });
});

describe('Markdown of a generated endpoint page', () => {
  it('matches the fixture: method and path, parameters, schemas, examples', () => {
    const { spec, diagnostics } = specFromText('spec.json', read('endpoint-spec.json'));
    expect(diagnostics).toEqual([]);
    const op = spec!.operations.find((o) => o.method === 'POST' && o.path === '/pets/{id}')!;
    const page = endpointPageFor(spec!.renderDocument, op, plannedEndpointFor(spec!, op, 'spec.json'));
    expect(pageMarkdown({ title: page.title, description: undefined, body: endpointMarkdown(page) })).toBe(read('endpoint.md'));
  });
});
