import { describe, expect, it } from 'vitest';
import { renderMdx } from './render-mdx.js';
import { decodeCondition, evaluateCondition, type UserCondition } from './user-expressions.js';

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
    const other = await render('{user.name.toUpperCase()} and {user.plan === PLAN && <Note>x</Note>} and {user.a && <Card title={user.b}>c</Card>}\n');
    expect(other.html).not.toContain('data-folio-user');
    expect(other.diagnostics.map((d) => d.code)).toEqual(['MDX_UNDEFINED_EXPRESSION', 'MDX_UNDEFINED_EXPRESSION', 'MDX_UNDEFINED_EXPRESSION']);
    const own = await render('export const user = { name: "Bo" };\n\nHello {user.name}.\n');
    expect(own.html).toContain('Hello Bo.');
  });

  it('keeps a condition on user choosing content as branches, the empty user’s one shown, in all three renderers', async () => {
    const source = "{user.plan === 'pro' && <Note>Seats: {user.seats ?? 5}</Note>}\n\n{user.org?.paid ? <>Paid</> : <>Free</>}\n\nText {['a', 'b'].includes(user.team) ? 'in' : null}.\n";
    for (const options of [{}, { renderer: 'mdx' as const }, { untrusted: true }]) {
      const out = await renderMdx({ source, file: 'p.mdx', lineOffset: 0, variables: {}, readSnippet: async () => null }, options);
      expect(out.diagnostics).toEqual([]);
      const branches = [...out.html.matchAll(/<(div|span) data-folio-user-if="(\d+)\.([\w-]+)"( hidden="")?>/g)].map((m) => [m[1], m[2], decodeCondition(m[3]!), Boolean(m[4])]);
      expect(branches).toEqual([
        ['div', '1', ['===', ['u', 'plan'], ['v', 'pro']], true],
        ['div', '2', ['u', 'org', 'paid'], true],
        ['div', '3', ['!', ['u', 'org', 'paid']], false],
        ['span', '4', ['includes', ['v', ['a', 'b']], ['u', 'team']], true],
      ]);
      expect(out.html).toContain('Seats: <span data-folio-user="seats">5</span>');
      expect(out.html).toContain('Free<template data-folio-user-end="3"></template></div>');
    }
  });

  it('evaluates the condition language as JavaScript would, without running anything', () => {
    const user = { plan: 'pro', seats: 12, tags: ['beta'], org: { name: 'Acme' }, zero: 0 };
    const cases: [UserCondition, boolean][] = [
      [['===', ['u', 'plan'], ['v', 'pro']], true],
      [['!==', ['u', 'plan'], ['v', 'pro']], false],
      [['>', ['u', 'seats'], ['v', 10]], true],
      [['<', ['u', 'plan'], ['v', 10]], false],
      [['==', ['u', 'missing'], ['v', null]], true],
      [['===', ['u', 'missing'], ['undef']], true],
      [['includes', ['u', 'tags'], ['v', 'beta']], true],
      [['includes', ['u', 'org', 'name'], ['v', 'cm']], true],
      [['&&', ['u', 'zero'], ['v', true]], false],
      [['??', ['u', 'zero'], ['v', 5]], false],
      [['||', ['u', 'zero'], ['v', 'x']], true],
      [['!', ['u', 'org', 'constructor']], true],
    ];
    for (const [condition, expected] of cases) expect([condition, evaluateCondition(condition, user)]).toEqual([condition, expected]);
    expect(decodeCondition(Buffer.from(JSON.stringify(['call', ['v', 1]])).toString('base64url'))).toBeNull();
    expect(decodeCondition(Buffer.from(JSON.stringify(['u', '__proto__x', 'a b'])).toString('base64url'))).toBeNull();
  });
});
