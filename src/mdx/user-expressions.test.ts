import { describe, expect, it } from 'vitest';
import { renderMdx } from './render-mdx.js';

const render = (source: string, renderer?: 'mdx') => renderMdx({ source, file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null }, renderer ? { renderer } : {});

describe('the platform’s user values', () => {
  it('leaves a marker with the fallback for each plain read of user, in both renderers', async () => {
    for (const renderer of [undefined, 'mdx'] as const) {
      const out = await render('Hi {user.firstName}, plan {user.plan ?? "Free"}, org {user.org?.name || 7}, {user["team-id"]}.\n', renderer);
      expect(out.html).toContain('Hi <span data-folio-user="firstName"></span>, plan <span data-folio-user="plan">Free</span>, org <span data-folio-user="org.name">7</span>, <span data-folio-user="team-id"></span>.');
      expect(out.diagnostics).toEqual([]);
    }
  });

  it('renders any other use of user as for a reader who is not signed in, and keeps a page’s own user', async () => {
    const other = await render('{user.plan === "pro" ? "Pro" : "Free"} and {user.name.toUpperCase()}\n');
    expect(other.html).not.toContain('data-folio-user');
    expect(other.diagnostics.map((d) => d.code)).toEqual(['MDX_UNDEFINED_EXPRESSION', 'MDX_UNDEFINED_EXPRESSION']);
    const own = await render('export const user = { name: "Bo" };\n\nHello {user.name}.\n');
    expect(own.html).toContain('Hello Bo.');
  });
});
