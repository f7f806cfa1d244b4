import type { Element, Root as HastRoot, RootContent } from 'hast';
import type { Program } from 'estree';
import type { MdxJsxAttribute, MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx';
import type { Diagnostic } from '../shared/index.js';
import { COMPONENT_ALIASES, COMPONENT_REPLACEMENTS, isBuiltinComponent } from './components/index.js';
import { diagnosticAt } from './diagnostic-at.js';
import { freeNames } from './free-names.js';
import { PageSlugger } from '../shared/index.js';
import { valueToEstree } from './expand.js';
import { evaluateStatic, expressionOf, type Scope } from './static-eval.js';
import type { Heading } from './types.js';
import { userConditional, userMarker } from './user-expressions.js';
import type { MdxCode } from './codes.js';

type Parent = { children: RootContent[] };
type Jsx = MdxJsxFlowElementHast & { data?: { folioFile?: string } };

const own = Object.prototype.hasOwnProperty;

export interface FinalizeContext {
  file: string;
  lineOffset: number;
  /** Component names the page defines or imports itself (ESM). */
  declared: ReadonlySet<string>;
  /** Names whose import cannot be honoured (already reported at the import): usages render their children. */
  unsupported: ReadonlySet<string>;
  /** Names imported from npm packages: each usage is an MDX_UNSUPPORTED_IMPORT error. */
  external?: ReadonlySet<string>;
  diagnostics: Diagnostic<MdxCode>[];
  /** Values of the page's static names, so `## Version {version}` gets its text (and slug) right. */
  scope?: Scope;
  /** True when a free name of a `{}` expression resolves (page ESM, imports, runtime globals). */
  isDefined?: (name: string) => boolean;
  /** Component name → text appended to its unknown-component error (e.g. ambiguous snippet candidates). */
  hints?: ReadonlyMap<string, string>;
}

/**
 * Last tree pass shared by both renderers: drop comment-only `{/* *\/}` expressions, render
 * unknown components as their children plus one warning per name, give lowercase JSX
 * React's prop names, and give headings slug ids and anchor links. Returns the headings.
 */
export function finalizeTree(tree: HastRoot, ctx: FinalizeContext): Heading[] {
  const headings: Heading[] = [];
  const slugger = new PageSlugger();
  const unknown: UnknownUsages = new Map();
  // Images after the page's first load when they come near the screen: on a phone network a page of
  // screenshots (each often twice, light and dark) otherwise fetches them all before it is usable, and
  // React preloads every eager one. The first may be what the reader sees first, so it stays eager.
  let images = 0;
  // Ids of the branches chosen per reader (`user-expressions.ts`), unique in the page.
  let userBranches = 0;
  const walk = (parent: Parent, file: string, inLink = false, inAnchor = false, forAgents = false) => {
    // Headings of `<Visibility for="agents">` are not on the HTML page: its table of contents leaves them out.
    const toc = forAgents ? [] : headings;
    for (let i = 0; i < parent.children.length; i++) {
      const node = parent.children[i]!;
      const nodeFile = (node as { data?: { folioFile?: string } }).data?.folioFile ?? file;
      // A link inside a link is not HTML: the browser's parser closes the outer `<a>` at the inner one,
      // leaving the outer empty (a link with no name) and the inner outside it. This comes mostly from GFM
      // autolink literals, `<a href="https://x">https://x</a>`, whose text micromark makes a link of its own.
      // The inner link gives way to its content, which the outer link already points at.
      if (inAnchor && isAnchor(node)) {
        parent.children.splice(i, 1, ...(node as Parent).children);
        i--;
        continue;
      }
      if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        const program = node.data?.estree as Program | undefined;
        if (isEmptyExpression(program)) {
          parent.children.splice(i, 1);
          i--;
          continue;
        }
        // The platform's `user` (the signed-in reader's data), unless the page defines a `user` of its own.
        const ownUser = definedIn(ctx)('user');
        const personal = ownUser ? null : userMarker(program);
        if (personal) {
          parent.children[i] = personal;
          continue;
        }
        // A condition on `user` choosing content: one wrapper per branch, walked next (nested conditions, JSX).
        const branches = ownUser ? null : userConditional(program, node.type === 'mdxFlowExpression', () => ++userBranches);
        if (branches) {
          parent.children.splice(i, 1, ...(branches as RootContent[]));
          i--;
          continue;
        }
        const placeholder = placeholderName(program);
        if (placeholder) {
          ctx.diagnostics.push(
            diagnosticAt(node, nodeFile, nodeFile === ctx.file ? ctx.lineOffset : 0, 'warning', 'MDX_UNKNOWN_VARIABLE', `\`{{${placeholder}}}\` names no entry of docs.json \`variables\`; it is shown as written. Add the variable or fix the name.`),
          );
          parent.children[i] = { type: 'text', value: `{{${placeholder}}}` };
          continue;
        }
        const literal = nodeFile === ctx.file ? undefinedPath(program, ctx) : null;
        if (literal) {
          // Docstrings turned into MDX (`projects/{project}/jobs`) mean the braces as text.
          const text = `{${(node as { value?: string }).value ?? literal}}`;
          const name = literal.split('.')[0];
          ctx.diagnostics.push(
            diagnosticAt(node, nodeFile, ctx.lineOffset, 'warning', 'MDX_UNDEFINED_EXPRESSION', `\`${text}\` is shown as written because this page defines no \`${name}\`. Escape the braces as \`\\${text.slice(0, -1)}\\}\` if they are text, or define it with \`export const ${name} = ...\`.`),
          );
          parent.children[i] = { type: 'text', value: text };
          continue;
        }
        const absent = nodeFile === ctx.file ? undefinedNames(program, ctx) : [];
        if (absent.length > 0) {
          const source = ((node as { value?: string }).value ?? '').trim();
          const shown = source.length > 60 ? `${source.slice(0, 57)}...` : source;
          ctx.diagnostics.push(
            diagnosticAt(node, nodeFile, ctx.lineOffset, 'warning', 'MDX_UNDEFINED_EXPRESSION', `\`{${shown}}\` renders nothing because this page defines no ${absent.map((n) => `\`${n}\``).join(', ')}. Define ${absent.length === 1 ? 'it' : 'them'} with \`export const ${absent[0]} = ...\` or import ${absent.length === 1 ? 'it' : 'them'} from a snippet, or escape the braces as \`\\{...\\}\` if they are text.`),
          );
          parent.children.splice(i, 1);
          i--;
          continue;
        }
      }
      if (node.type === 'mdxjsEsm') decorativeImagesInEsm(node.data?.estree as Program | undefined);
      if (node.type === 'element' && node.tagName === 'img' && images++ > 0) node.properties.loading ??= 'lazy';
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'img' && images++ > 0) {
        const attributes = node.attributes;
        if (!attributes.some((a) => a.type !== 'mdxJsxAttribute' || a.name === 'loading')) attributes.push({ type: 'mdxJsxAttribute', name: 'loading', value: 'lazy' });
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        handleJsx(node as Jsx, nodeFile, ctx, slugger, toc, unknown, inLink);
      }
      if ('children' in node && node.children) {
        const link = inLink || (node.type === 'element' && node.tagName === 'a') || ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && (node.name === 'a' || node.name === 'Card'));
        walk(node as Parent, nodeFile, link, inAnchor || isAnchor(node), forAgents || isAgentsBlock(node));
      }
      if (node.type === 'element' && node.tagName === 'li') labelTaskCheckbox(node, ctx.scope ?? {});
      if (node.type === 'element' && /^h[1-6]$/.test(node.tagName)) addHeading(node, slugger, toc, ctx.scope ?? {});
      // A wide table scrolls inside the page: keyboard readers must be able to reach it to scroll it.
      else if (node.type === 'element' && (node.tagName === 'table' || node.tagName === 'pre')) node.properties.tabIndex ??= 0;
    }
  };
  walk(tree as Parent, ctx.file);
  return headings;
}

/** `<Visibility for="agents">`: content of the page's Markdown only (the component renders nothing in HTML). */
function isAgentsBlock(node: RootContent | HastRoot): boolean {
  if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || node.name !== 'Visibility') return false;
  return node.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'for' && a.value === 'agents');
}

/**
 * A GFM task list item (`- [ ] Ship it`) starts with a disabled checkbox that nothing labels: screen
 * readers announce "checkbox, not checked" without saying what is (or is not) done. The checkbox is
 * named after the item's own text (its first paragraph, not the lists nested in it).
 */
function labelTaskCheckbox(item: Element, scope: Scope): void {
  const first = item.children.find((c) => c.type === 'element' || (c.type === 'text' && c.value.trim()));
  const holder = first?.type === 'element' && first.tagName === 'p' ? first : item;
  const box = holder.children.find((c): c is Element => c.type === 'element');
  if (box?.tagName !== 'input' || box.properties.type !== 'checkbox' || box.properties.ariaLabel !== undefined) return;
  const text = holder.children
    .filter((c) => !(c.type === 'element' && (c.tagName === 'ul' || c.tagName === 'ol' || c.tagName === 'input')))
    .map((c) => textOfHast(c, scope))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  box.properties.ariaLabel = text || 'Task';
}

/** An element that renders as `<a>`: a Markdown link, raw `<a>`, or a `<Card>` with `href`. */
function isAnchor(node: RootContent): boolean {
  if (node.type === 'element') return node.tagName === 'a' && !(node.properties.className as string[] | undefined)?.includes('folio-anchor');
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return false;
  if (node.name === 'a') return true;
  return node.name === 'Card' && node.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === 'href');
}

/**
 * What assistive technology needs and authors often leave out of raw HTML: an `<img>` without `alt`
 * is marked decorative (`alt=""`: screen readers skip it instead of reading its file name), unless it
 * is inside a link, where it is the link's only name: then its file name in words (`docs-logo.png` →
 * "docs logo") is better than a link with no name at all; an
 * `<iframe>` without `title` is named after the host it embeds, a `<table>` can take keyboard focus
 * to scroll. Attributes the author wrote are kept.
 */
function accessibleJsx(node: Jsx, inLink: boolean): void {
  const has = (attr: string) => node.attributes.some((a) => a.type === 'mdxJsxAttribute' && a.name === attr);
  const spread = node.attributes.some((a) => a.type !== 'mdxJsxAttribute');
  if (spread) return;
  if (node.name === 'img' && !has('alt')) {
    const src = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'src')?.value;
    node.attributes.push({ type: 'mdxJsxAttribute', name: 'alt', value: inLink && typeof src === 'string' ? nameFromFile(src) : '' });
  }
  else if (node.name === 'a' && !has('aria-label') && !has('aria-labelledby') && !has('title')) {
    // A link whose only content is icons (`<a href=...><Icon icon="github" /></a>`) has no name: the icons'.
    const icons = iconOnlyNames(node.children);
    if (icons?.length) node.attributes.push({ type: 'mdxJsxAttribute', name: 'aria-label', value: icons.join(' ') });
  }
  else if ((node.name === 'table' || node.name === 'pre') && !has('tabIndex')) node.attributes.push({ type: 'mdxJsxAttribute', name: 'tabIndex', value: '0' });
  else if (node.name === 'iframe' && !has('title')) {
    const src = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'src')?.value;
    let host = '';
    try {
      host = typeof src === 'string' ? new URL(src, 'https://site.invalid/').hostname.replace(/^www\./, '') : '';
    } catch {
      // not a URL: the generic title below
    }
    node.attributes.push({ type: 'mdxJsxAttribute', name: 'title', value: host && host !== 'site.invalid' ? `Embedded content from ${host}` : 'Embedded content' });
  }
}

/**
 * `<img>` written without `alt` in a page's own components (`export const Card = () => <a><img src=... />...</a>`)
 * is marked decorative, as in the page body: the component's text names it, and screen readers skip a file name.
 * Such images load when near the screen (`loading="lazy"`) unless the author said otherwise.
 */
function decorativeImagesInEsm(program: Program | undefined): void {
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const node = value as { type?: string; name?: { type: string; name?: string }; attributes?: { type: string; name?: { name?: string } }[] };
    if (node.type === 'JSXOpeningElement' && node.name?.type === 'JSXIdentifier' && node.name.name === 'img' && node.attributes) {
      const attributes = node.attributes;
      const spread = attributes.some((a) => a.type === 'JSXSpreadAttribute');
      if (!spread && !attributes.some((a) => a.name?.name === 'alt')) {
        attributes.push({ type: 'JSXAttribute', name: { type: 'JSXIdentifier', name: 'alt' }, value: { type: 'Literal', value: '' } } as never);
      }
      // Loaded when near the screen, as the body's images after the first (see finalizeTree).
      if (!spread && !attributes.some((a) => a.name?.name === 'loading')) {
        attributes.push({ type: 'JSXAttribute', name: { type: 'JSXIdentifier', name: 'loading' }, value: { type: 'Literal', value: 'lazy' } } as never);
      }
    }
    for (const key in node) if (key !== 'loc' && key !== 'range' && key !== 'position') visit((node as Record<string, unknown>)[key]);
  };
  visit(program);
}

/** The icon names (in words) of children that are only `<Icon icon="...">` elements and white space; null when anything else is there. */
function iconOnlyNames(children: readonly RootContent[]): string[] | null {
  const names: string[] = [];
  for (const child of children) {
    if (child.type === 'text' && !child.value.trim()) continue;
    if ((child.type !== 'mdxJsxFlowElement' && child.type !== 'mdxJsxTextElement') || child.name !== 'Icon') return null;
    const icon = child.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'icon')?.value;
    if (typeof icon !== 'string') return null;
    names.push(icon.replace(/^(fa[a-z]*|lucide|tabler)[:-]/, '').replace(/[-_]+/g, ' ').trim());
  }
  return names;
}

/** `/img/docs-logo_dark.png?v=2` → "docs logo dark". */
function nameFromFile(src: string): string {
  const base = src.split(/[?#]/)[0]!.split('/').pop() ?? '';
  return base.replace(/\.[a-z0-9]+$/i, '').replace(/[-_.]+/g, ' ').trim();
}

/** `{{name}}` left after variable substitution parses as the object `{ name }`: return `name`. */
function placeholderName(program: Program | undefined): string | null {
  const statement = program?.body[0];
  if (program?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return null;
  const e = statement.expression;
  if (e.type !== 'ObjectExpression' || e.properties.length !== 1) return null;
  const p = e.properties[0]!;
  return p.type === 'Property' && p.shorthand && p.key.type === 'Identifier' ? p.key.name : null;
}

/** Whether a free name of a `{}` expression resolves (page ESM, imports, runtime globals). */
function definedIn(ctx: FinalizeContext): (name: string) => boolean {
  return ctx.isDefined ?? ((name: string) => ctx.declared.has(name) || name in (ctx.scope ?? {}) || name in globalThis);
}

/**
 * Names a `{}` expression reads that nothing defines (`{`python ${script}`}` without `script`):
 * evaluated, the expression would fail the page, so it renders nothing instead. Empty when all
 * resolve, or when the expression binds names of its own (a function), which is left to run.
 */
function undefinedNames(program: Program | undefined, ctx: FinalizeContext): string[] {
  const statement = program?.body[0];
  if (program?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return [];
  const defined = definedIn(ctx);
  return [...(freeNames(statement.expression) ?? [])].filter((name) => name !== 'props' && !defined(name));
}

/** `{name}` or `{a.b.c}` whose first name is not defined: the path as written, else null. */
function undefinedPath(program: Program | undefined, ctx: FinalizeContext): string | null {
  const statement = program?.body[0];
  if (program?.body.length !== 1 || statement?.type !== 'ExpressionStatement') return null;
  const parts: string[] = [];
  let e = statement.expression;
  while (e.type === 'MemberExpression' && !e.computed && !e.optional && e.property.type === 'Identifier') {
    parts.unshift(e.property.name);
    e = e.object as typeof e;
  }
  if (e.type !== 'Identifier') return null;
  if (e.name === 'props' || e.name === 'undefined' || definedIn(ctx)(e.name)) return null;
  return [e.name, ...parts].join('.');
}

function isEmptyExpression(program: Program | undefined): boolean {
  return Boolean(program && program.body.length === 0);
}

/** Unknown component usages of one file and name → the one warning reporting them, and how many there are. */
type UnknownUsages = Map<string, { diagnostic: Diagnostic; count: number }>;

function handleJsx(node: Jsx, file: string, ctx: FinalizeContext, slugger: PageSlugger, headings: Heading[], unknown: UnknownUsages, inLink = false): void {
  const name = node.name;
  if (!name) return;
  if (/^[a-z]/.test(name) && !name.includes('.')) {
    node.attributes = node.attributes.map(reactAttribute);
    accessibleJsx(node, inLink);
    return;
  }
  const head = name.split('.')[0]!;
  if (name === 'Heading' && !ctx.declared.has(head)) {
    headingFromJsx(node, ctx.scope ?? {});
    return;
  }
  if (isBuiltinComponent(name) || (ctx.declared.has(head) && !ctx.unsupported.has(head))) {
    if (name === 'Update') labelUpdate(node, slugger, headings);
    else if (FIELD_COMPONENTS.has(name)) labelField(node, slugger);
    else if (name === 'Tab' || name === 'Accordion') labelByTitle(node, slugger);
    return;
  }
  const lineOffset = file === ctx.file ? ctx.lineOffset : 0;
  // Repository definitions come first: several candidates keep the warning that lists them.
  const alias = own.call(COMPONENT_ALIASES, name) && !ctx.hints?.has(head) ? COMPONENT_ALIASES[name] : undefined;
  if (alias) {
    ctx.diagnostics.push(
      diagnosticAt(node, file, lineOffset, 'warning', 'MDX_COMPONENT_ALIAS', `\`<${name}>\` is not a component name; it is rendered as \`<${alias}>\` for compatibility. Rename it to \`<${alias}>\` (opening and closing tag).`),
    );
    node.name = alias;
    if (FIELD_COMPONENTS.has(alias)) labelField(node, slugger);
    return;
  }
  if (ctx.external?.has(head)) {
    ctx.diagnostics.push(
      diagnosticAt(node, file, lineOffset, 'error', 'MDX_UNSUPPORTED_IMPORT', `Component \`<${name}>\` is imported from an npm package, which cannot run in a docs page. Rewrite it as an MDX or JSX snippet under /snippets/ or use built-in components.`),
    );
  } else if (!ctx.unsupported.has(head)) {
    // The platform publishes the page without the component; so does Folio, keeping what it wraps.
    const key = `${file}\u0000${name}`;
    const seen = unknown.get(key);
    if (seen) {
      seen.count++;
      seen.diagnostic.message = unknownComponentMessage(name, seen.count, ctx.hints?.get(head));
    } else {
      const diagnostic = diagnosticAt(node, file, lineOffset, 'warning', 'MDX_UNKNOWN_COMPONENT', unknownComponentMessage(name, 1, ctx.hints?.get(head)));
      unknown.set(key, { diagnostic, count: 1 });
      ctx.diagnostics.push(diagnostic);
    }
  }
  const inline = (node as { type: string }).type === 'mdxJsxTextElement';
  node.name = 'FolioUnknown';
  node.attributes = [{ type: 'mdxJsxAttribute', name: 'data-component', value: name }, ...(inline ? [{ type: 'mdxJsxAttribute' as const, name: 'inline', value: null }] : [])];
}

function unknownComponentMessage(name: string, count: number, hint = ''): string {
  const times = count > 1 ? ` (used ${count} times)` : '';
  const replacement = own.call(COMPONENT_REPLACEMENTS, name) ? COMPONENT_REPLACEMENTS[name] : undefined;
  if (replacement && !hint) {
    return `Unknown component \`<${name}>\`${times}: the page is built without it, showing only what it wraps (the platform has no such component either). Write ${replacement} instead.`;
  }
  return (
    `Unknown component \`<${name}>\`${times}: the page is built without it, showing only what it wraps. ` +
    `Use a built-in component (Note, Card, Tabs, ...), import it from a snippet under /snippets/, or escape the \`<\` as \`\\<\` if it is text.${hint}`
  );
}

/**
 * `<Heading level={3} id="x" noAnchor>` becomes an `h3` element in place, so it gets an id (its own
 * or a slug), a TOC entry and, unless `noAnchor`, the anchor link: the same as a Markdown heading.
 */
function headingFromJsx(node: Jsx, scope: Scope): void {
  const attr = (n: string) => node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === n);
  const valueOf = (a: MdxJsxAttribute | undefined): unknown => {
    if (!a) return undefined;
    if (a.value === null || a.value === undefined) return true;
    if (typeof a.value === 'string') return a.value;
    try {
      const expression = expressionOf(a.value.data?.estree as Program | undefined);
      return expression ? evaluateStatic(expression, scope) : undefined;
    } catch {
      return undefined;
    }
  };
  const level = Math.min(6, Math.max(1, Math.round(Number(valueOf(attr('level'))) || 2)));
  const id = valueOf(attr('id'));
  const noAnchor = valueOf(attr('noAnchor'));
  // A multi-line `<Heading>` wraps its text in a paragraph: the heading holds the text itself.
  const children = (node.children as RootContent[]).flatMap((c) => (c.type === 'element' && c.tagName === 'p' ? c.children : [c]));
  const element = node as unknown as Element & { name?: string; attributes?: unknown };
  delete element.name;
  delete element.attributes;
  Object.assign(element, {
    type: 'element',
    tagName: `h${level}`,
    properties: { ...(typeof id === 'string' && id ? { id } : {}), ...(noAnchor === true || noAnchor === 'true' ? { dataFolioNoAnchor: '' } : {}) },
    children,
  });
}

/** `<Update label="v1.2">` gets a slug id and a TOC entry, as changelog readers expect. */
function labelUpdate(node: Jsx, slugger: PageSlugger, headings: Heading[]): void {
  const label = attributeNamed(node, 'label');
  if (!label || typeof label.value !== 'string') return;
  const existing = attributeNamed(node, 'id');
  const id = typeof existing?.value === 'string' ? existing.value : slugger.heading(label.value);
  if (!existing) node.attributes.push({ type: 'mdxJsxAttribute', name: 'id', value: id });
  headings.push({ depth: 2, id, text: label.value });
}

const FIELD_COMPONENTS = new Set(['ParamField', 'ResponseField', 'Param']);
const FIELD_NAME_PROPS = ['query', 'path', 'body', 'header', 'cookie', 'name'];

function attributeNamed(node: Jsx, name: string): MdxJsxAttribute | undefined {
  return node.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name);
}

/** `<ParamField path="retryOn">` gets the id the platform gives it, `param-retry-on`, unless it has one. */
function labelField(node: Jsx, slugger: PageSlugger): void {
  if (attributeNamed(node, 'id')) return;
  const named = FIELD_NAME_PROPS.map((p) => attributeNamed(node, p)).find((a) => typeof a?.value === 'string' && a.value);
  if (!named) return;
  node.attributes.push({ type: 'mdxJsxAttribute', name: 'id', value: slugger.field(named.value as string) });
}

/**
 * `<Tab title="OAuth app setup">` and `<Accordion title="Deployment branch">` are linkable by their
 * title's slug (`#oauth-app-setup`), as on the platform (components/accordions.mdx: `id` defaults to the title).
 */
function labelByTitle(node: Jsx, slugger: PageSlugger): void {
  if (attributeNamed(node, 'id')) return;
  const title = attributeNamed(node, 'title');
  if (typeof title?.value !== 'string' || !title.value.trim()) return;
  node.attributes.push({ type: 'mdxJsxAttribute', name: 'id', value: slugger.heading(title.value) });
}

function addHeading(node: Element, slugger: PageSlugger, headings: Heading[], scope: Scope): void {
  const text = textOfHast(node, scope).trim();
  const given = node.properties.id;
  const id = typeof given === 'string' && given ? given : slugger.heading(text);
  if (id === given) slugger.claim(id);
  node.properties.id = id;
  headings.push({ depth: Number(node.tagName[1]), id, text });
  if (node.properties.dataFolioNoAnchor !== undefined) {
    delete node.properties.dataFolioNoAnchor;
    return;
  }
  node.children.unshift({
    type: 'element',
    tagName: 'a',
    properties: { className: ['folio-anchor'], href: `#${id}`, ariaHidden: 'true', tabIndex: -1, dataPagefindIgnore: '' },
    children: [{ type: 'text', value: '#' }],
  });
}

/** Visible text of a hast subtree, including text inside JSX elements and static `{}` values. */
export function textOfHast(node: RootContent | HastRoot, scope: Scope = {}): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
    try {
      const expression = expressionOf(node.data?.estree as Program | undefined);
      const value = expression ? evaluateStatic(expression, scope) : undefined;
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    } catch {
      // Only the heading's plain text (table of contents, anchor) loses it; rendering the page reports the failure.
      return '';
    }
  }
  if ('children' in node && node.children) return (node.children as RootContent[]).map((c) => textOfHast(c, scope)).join('');
  return '';
}

const REACT_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  srcset: 'srcSet',
  crossorigin: 'crossOrigin',
  frameborder: 'frameBorder',
  allowfullscreen: 'allowFullScreen',
  autoplay: 'autoPlay',
  playsinline: 'playsInline',
  referrerpolicy: 'referrerPolicy',
  'xlink:href': 'xlinkHref',
  'xml:space': 'xmlSpace',
};

/** HTML attribute names and string styles as written in MDX → the props React expects. */
function reactAttribute<T extends MdxJsxFlowElementHast['attributes'][number]>(attr: T): T {
  if (attr.type !== 'mdxJsxAttribute') return attr;
  let name = REACT_NAMES[attr.name] ?? attr.name;
  if (/^(?!data-|aria-)[a-z]+(-[a-z]+)+$/.test(name)) name = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  if (name === 'style' && typeof attr.value === 'string') {
    const estree = valueToEstree(styleToObject(attr.value));
    return {
      ...attr,
      name,
      value: { type: 'mdxJsxAttributeValueExpression', value: '', data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: estree! }] } } },
    } as T;
  }
  return name === attr.name ? attr : { ...attr, name };
}

/** `color: red; font-size: 2px` → `{ color: 'red', fontSize: '2px' }` (custom properties keep their name). */
export function styleToObject(css: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of css.split(';')) {
    const at = decl.indexOf(':');
    if (at < 0) continue;
    const prop = decl.slice(0, at).trim();
    const value = decl.slice(at + 1).trim();
    if (!prop) continue;
    const key = prop.startsWith('--') ? prop : prop.toLowerCase().replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    out[key] = value;
  }
  return out;
}
