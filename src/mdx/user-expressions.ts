/**
 * The platform's `user` variable in page expressions (`{user.firstName}`, `{user.org?.name}`,
 * `{user.plan ?? "Free"}`): the signed-in reader's `content` data. A static build cannot know the
 * reader, so such an expression becomes a marker element, `<span data-folio-user="firstName">`,
 * holding what a reader without that value sees (the `??` fallback, else nothing); `folio serve`
 * fills it per request for signed-in readers, HTML-escaped (`hosting/sites/personalize.ts`). Only a
 * plain read of a property path, with an optional string or number fallback, is personalized; any
 * other use of `user` (a comparison, a call) renders as for a reader who is not signed in.
 */
import type { Element } from 'hast';
import type { Expression, Program } from 'estree';

/** The attribute marking a personalized value in the HTML; its value is the dotted path under `user`. */
export const USER_ATTRIBUTE = 'data-folio-user';

/** `user.a.b` / `user.a?.b` → ['a', 'b']; null for anything else. */
function userPath(e: Expression): string[] | null {
  const path: string[] = [];
  let node: Expression = e.type === 'ChainExpression' ? (e.expression as Expression) : e;
  while (node.type === 'MemberExpression') {
    const key = node.computed ? (node.property.type === 'Literal' && typeof node.property.value === 'string' ? node.property.value : null) : node.property.type === 'Identifier' ? node.property.name : null;
    if (key === null || !/^[\w-]{1,64}$/.test(key)) return null;
    path.unshift(key);
    node = node.object as Expression;
  }
  return node.type === 'Identifier' && node.name === 'user' && path.length > 0 && path.length <= 8 ? path : null;
}

/** The marker of a `{user...}` expression (see the file comment); null when the expression is not one. */
export function userMarker(program: Program | undefined): Element | null {
  const statement = program?.body[0];
  if (program?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return null;
  let e = statement.expression;
  let fallback = '';
  if (e.type === 'LogicalExpression' && (e.operator === '??' || e.operator === '||') && e.right.type === 'Literal' && (typeof e.right.value === 'string' || typeof e.right.value === 'number')) {
    fallback = String(e.right.value);
    e = e.left;
  }
  const path = userPath(e);
  if (!path) return null;
  return { type: 'element', tagName: 'span', properties: { [USER_ATTRIBUTE]: path.join('.') }, children: fallback ? [{ type: 'text', value: fallback }] : [] };
}
