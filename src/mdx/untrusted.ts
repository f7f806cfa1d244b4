/**
 * Untrusted mode: a page of a repository Folio does not trust (`folio serve`, `folio build
 * --untrusted`) renders on the fast path only. What the static evaluator decides renders as
 * usual; every `{expression}`, attribute or `export` that needs JavaScript is left out with an
 * MDX_UNTRUSTED_CODE warning at its place and a small placeholder. Components a repository
 * defines (`export const Card = ({ title, children }) => <div>...</div>`, in the page, an MDX
 * snippet or a `.jsx` snippet) are not run: their returned JSX is evaluated statically with the
 * props of each usage. Raw HTML goes through the allow-list of `untrusted-html.ts`.
 */
import { createElement } from 'react';
import type { Element as HastElement, Root as HastRoot, RootContent } from 'hast';
import type { ArrowFunctionExpression, Expression, FunctionDeclaration, FunctionExpression, Node as EsNode, Pattern, Program } from 'estree';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElementHast } from 'mdast-util-mdx-jsx';
import { Parser } from 'acorn';
import jsx from 'acorn-jsx';
import { esbuildSync } from './esbuild-sync.js';
import type { Diagnostic } from '../shared/index.js';
import { builtinComponents } from './components/index.js';
import { analyzeProgram, type EsmInfo, type ImportBinding } from './esm.js';
import { evaluateStatic, expressionOf, NotStatic, type Scope } from './static-eval.js';
import { checkElement, describeRemoval, guardValue } from './untrusted-html.js';
import { componentScope } from './render-fast.js';
import { resolveImportPath, type LoadedSnippet } from './snippet-loader.js';
import type { MdxInput } from './types.js';
import type { MdxCode } from './codes.js';

type Parent = { children: RootContent[] };
type Jsx = MdxJsxFlowElementHast & { data?: { folioFile?: string; folioSource?: string } };
type Fn = ArrowFunctionExpression | FunctionExpression | FunctionDeclaration;

const NOT_RUN = 'which Folio does not run for a repository it does not trust (folio serve, folio build --untrusted)';
/** Components that insert their `html` prop as HTML: Folio feeds them code blocks and math, a page must not. */
export const HTML_TAKING: ReadonlySet<unknown> = new Set([builtinComponents.FolioCode, builtinComponents.FolioMath]);

/** The small visible stand-in for what was not rendered. */
export function placeholderElement(): unknown {
  return createElement('span', { className: 'folio-untrusted-code', title: `Not rendered: this needs JavaScript, ${NOT_RUN}.` }, '[needs JavaScript]');
}

function placeholderHast(): HastElement {
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: ['folio-untrusted-code'], title: `Not rendered: this needs JavaScript, ${NOT_RUN}.` },
    children: [{ type: 'text', value: '[needs JavaScript]' }],
  };
}

/** Where untrusted-mode problems are reported: one warning per place and code. */
export class UntrustedReport {
  private readonly seen = new Set<string>();
  constructor(readonly diagnostics: Diagnostic<MdxCode>[]) {}

  warn(code: 'MDX_UNTRUSTED_CODE' | 'MDX_UNSAFE_HTML', file: string, line: number, column: number, message: string): void {
    const key = `${code}|${file}|${line}|${column}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.diagnostics.push({ file, line, column, severity: 'warning', code, path: '', message });
  }

  code(file: string, line: number, column: number, what: string, placeholder = true): void {
    this.warn('MDX_UNTRUSTED_CODE', file, line, column, `${what} needs JavaScript, ${NOT_RUN}, so it is left out${placeholder ? ' (a placeholder shows where)' : ''}. Use literal values, \`export const\` of literals or built-in components here, or build with \`folio build\` if you trust the repository.`);
  }

  html(file: string, line: number, column: number, what: string): void {
    this.warn('MDX_UNSAFE_HTML', file, line, column, `${what}: raw HTML that could run code or load content in readers' browsers is not published from a repository Folio does not trust. Remove it, embed with \`<iframe src="https://...">\`, or use a built-in component.`);
  }
}

const excerpt = (text: string | undefined) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > 40 ? `\`${t.slice(0, 40)}...\`` : `\`${t}\``;
};

/** A name no scope defines and JavaScript's globals do not have: the renderer reports it as a typo, not as code. */
const isTypo = (error: NotStatic) => Boolean(error.unknownName && !(error.unknownName in globalThis));

/** Evaluate statically, or return NotStatic (never anything else thrown by user input). */
function tryStatic(expression: EsNode, scope: Scope): { value: unknown } | NotStatic {
  try {
    return { value: evaluateStatic(expression, scope) };
  } catch (error) {
    if (error instanceof NotStatic) return error;
    if (error instanceof Error) return new NotStatic(error.message);
    throw error;
  }
}

/**
 * A component of the repository rendered without running it: its parameters are bound to the
 * usage's props and its returned JSX evaluated statically. Null when its shape is not that of a
 * template (statements other than `const` and `return`, computed parameters).
 */
export function staticComponent(def: EsNode, scopeOf: () => Scope, onFail: () => void): ((props: Scope) => unknown) | null {
  if (def.type !== 'ArrowFunctionExpression' && def.type !== 'FunctionExpression' && def.type !== 'FunctionDeclaration') return null;
  const fn = def as Fn;
  if (fn.params.length > 1 || fn.async || fn.generator) return null;
  const bind = binder(fn.params[0]);
  if (!bind) return null;
  let body: Array<{ name: string; init: Expression }> = [];
  let result: Expression;
  if (fn.body.type === 'BlockStatement') {
    const statements = fn.body.body;
    const last = statements.at(-1);
    if (last?.type !== 'ReturnStatement' || !last.argument) return null;
    for (const s of statements.slice(0, -1)) {
      if (s.type !== 'VariableDeclaration' || s.kind !== 'const') return null;
      for (const d of s.declarations) {
        if (d.id.type !== 'Identifier' || !d.init) return null;
        body.push({ name: d.id.name, init: d.init });
      }
    }
    result = last.argument;
  } else result = fn.body;
  return (props: Scope) => {
    try {
      const scope: Scope = { ...scopeOf(), ...bind(props) };
      for (const { name, init } of body) scope[name] = evaluateStatic(init, scope);
      return guardValue(evaluateStatic(result, scope), HTML_TAKING, () => {});
    } catch (error) {
      if (!(error instanceof NotStatic)) throw error;
      onFail();
      return placeholderElement();
    }
  };
}

/** Bind one parameter pattern (`props`, `{ title, icon = "x", ...rest }`) to a usage's props. */
function binder(param: Pattern | undefined): ((props: Scope) => Scope) | null {
  if (!param) return () => ({});
  if (param.type === 'Identifier') return (props) => ({ [param.name]: props });
  if (param.type === 'AssignmentPattern') return binder(param.left);
  if (param.type !== 'ObjectPattern') return null;
  const fields: Array<{ key: string; local: string; fallback?: Expression }> = [];
  let rest: string | undefined;
  for (const p of param.properties) {
    if (p.type === 'RestElement') {
      if (p.argument.type !== 'Identifier') return null;
      rest = p.argument.name;
      continue;
    }
    if (p.computed || p.key.type !== 'Identifier') return null;
    if (p.value.type === 'Identifier') fields.push({ key: p.key.name, local: p.value.name });
    else if (p.value.type === 'AssignmentPattern' && p.value.left.type === 'Identifier') fields.push({ key: p.key.name, local: p.value.left.name, fallback: p.value.right });
    else return null;
  }
  return (props) => {
    const out: Scope = {};
    for (const f of fields) out[f.local] = props[f.key] === undefined && f.fallback ? evaluateStatic(f.fallback, out) : props[f.key];
    if (rest) out[rest] = Object.fromEntries(Object.entries(props).filter(([k]) => !fields.some((f) => f.key === k)));
    return out;
  };
}

const JsxParser = Parser.extend(jsx());

/** Parse a `.jsx`/`.tsx` snippet (types stripped by esbuild, JSX kept) and analyse it, without running it. */
export function analyzeJsModule(source: string, file: string): EsmInfo {
  const ts = /\.(ts|tsx|mts)$/i.test(file);
  const code = ts ? esbuildSync().transformSync(source, { loader: file.endsWith('x') ? 'tsx' : 'ts', jsx: 'preserve', format: 'esm', sourcefile: file }).code : source;
  const program = JsxParser.parse(code, { ecmaVersion: 'latest', sourceType: 'module', locations: true }) as unknown as Program;
  return analyzeProgram(program);
}

/** What stands for a declaration that cannot be rendered: a component showing the placeholder, or the placeholder as a value. */
function standIn(name: string, def?: EsNode): unknown {
  const isFunction = def ? /Function/.test(def.type) || def.type === 'ClassDeclaration' : /^[A-Z]/.test(name);
  return isFunction ? () => placeholderElement() : placeholderElement();
}

/** Static components and placeholders for a file's non-static declarations; reports each declaration left out. */
export function componentsOf(esm: EsmInfo, file: string, lineOffset: number, baseScope: () => Scope, report: UntrustedReport): Scope {
  const out: Scope = {};
  const scope = () => ({ ...baseScope(), ...esm.constants, ...out });
  const at = new Map<string, { line: number; column: number }>();
  for (const s of esm.runtimeStatements) for (const n of s.names) at.set(n, s);
  for (const [name, def] of Object.entries(esm.definitions)) {
    const where = at.get(name) ?? { line: 1 + lineOffset, column: 1 };
    const component = staticComponent(def, scope, () => report.code(file, where.line, where.column, `The component \`${name}\` (its return value)`));
    out[name] = component ?? standIn(name, def);
    if (!component) report.code(file, where.line, where.column, `The definition of \`${name}\``);
  }
  for (const s of esm.runtimeStatements) {
    if (s.names.length === 0) report.code(file, s.line, s.column, 'This statement');
    for (const n of s.names) if (!(n in out)) {
      out[n] = standIn(n);
      report.code(file, s.line, s.column, `The definition of \`${n}\``);
    }
  }
  return out;
}

/** What a JavaScript snippet import gives in untrusted mode: its static exports and template components. */
export function jsImportValue(binding: ImportBinding, module: EsmInfo, components: Scope): unknown {
  const all = { ...module.constants, ...components };
  if (binding.imported === '*') return all;
  return binding.imported in all ? all[binding.imported] : () => placeholderElement();
}

export interface SecureContext {
  file: string;
  lineOffset: number;
  /** Everything a page's expressions may name: built-in components, static constants, static components. */
  scope: Scope;
  report: UntrustedReport;
  /** The page's source (without frontmatter), to locate nodes the fast Markdown parser left without a position. */
  source?: string;
}

/** Line and column of `text` in the page source, for a node without a position. */
function locate(ctx: SecureContext, text: string): { line: number; column: number } | undefined {
  const at = ctx.source?.indexOf(text) ?? -1;
  if (at < 0) return undefined;
  const before = ctx.source!.slice(0, at);
  return { line: before.split('\n').length + ctx.lineOffset, column: at - before.lastIndexOf('\n') };
}

const URL_PROPS: Record<string, RegExp> = { href: /^(https?|mailto|tel)$/i, src: /^(https?|data)$/i };

/**
 * The untrusted pass over a finalized tree: expressions and attributes that need JavaScript are
 * replaced by placeholders or removed; raw HTML elements are checked against the allow-list.
 */
export function secureTree(tree: HastRoot, ctx: SecureContext): void {
  const walk = (parent: Parent, file: string) => {
    for (let i = 0; i < parent.children.length; i++) {
      const node = parent.children[i]!;
      const nodeFile = (node as { data?: { folioFile?: string } }).data?.folioFile ?? file;
      const lineOffset = nodeFile === ctx.file ? ctx.lineOffset : 0;
      const start = (node as { position?: { start: { line: number; column: number } } }).position?.start ?? { line: 1, column: 1 };
      const line = start.line + lineOffset;
      if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        let result: { value: unknown } | NotStatic;
        try {
          const expression = expressionOf(node.data?.estree as Program | undefined);
          result = expression ? tryStatic(expression, ctx.scope) : { value: undefined };
        } catch (error) {
          result = error instanceof NotStatic ? error : new NotStatic(String(error));
        }
        if (result instanceof NotStatic) {
          if (isTypo(result)) continue;
          ctx.report.code(nodeFile, line, start.column, `The expression ${excerpt(`{${node.value}}`)}`);
          parent.children[i] = placeholderHast() as RootContent;
        } else {
          guardValue(result.value, new Set(), (what) => ctx.report.html(nodeFile, line, start.column, what));
        }
        continue;
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        const replaced = secureJsx(node as Jsx, nodeFile, line, start.column, ctx);
        if (replaced) {
          parent.children.splice(i, 1, ...replaced);
          i--;
          continue;
        }
      }
      if (node.type === 'element') {
        for (const [prop, allowed] of Object.entries(URL_PROPS)) {
          const value = node.properties[prop];
          const scheme = typeof value === 'string' ? /^\s*([a-z][a-z0-9+.-]*):/i.exec(value.replace(/[\u0000-\u001f]/g, ''))?.[1] : undefined;
          if (scheme && !allowed.test(scheme)) {
            delete node.properties[prop];
            const at = (node.position ? undefined : nodeFile === ctx.file && locate(ctx, String(value))) || { line, column: start.column };
            ctx.report.html(nodeFile, at.line, at.column, `The \`${scheme}:\` ${prop} of a \`<${node.tagName}>\` was removed`);
          }
        }
      }
      if ('children' in node && node.children) walk(node as Parent, nodeFile);
    }
  };
  walk(tree as Parent, ctx.file);
}

/** Secure one JSX element in place; returns its replacement (children, or nothing) when the element itself goes. */
function secureJsx(node: Jsx, file: string, line: number, column: number, ctx: SecureContext): RootContent[] | null {
  const name = node.name;
  if (!name) return null;
  const props: Scope = {};
  const spreadKeys = new Map<MdxJsxExpressionAttribute, string[]>();
  const lineOf = (estree: Program | undefined) => {
    const loc = estree?.body[0]?.loc?.start;
    return loc && file === ctx.file ? { line: loc.line + ctx.lineOffset, column: loc.column + 1 } : { line, column };
  };
  node.attributes = node.attributes.filter((attr) => {
    if (attr.type === 'mdxJsxExpressionAttribute') {
      const program = attr.data?.estree as Program | undefined;
      const statement = program?.body[0];
      const result = statement?.type === 'ExpressionStatement' ? tryStatic(statement.expression, ctx.scope) : new NotStatic('statement');
      if (result instanceof NotStatic) {
        const at = lineOf(program);
        ctx.report.code(file, at.line, at.column, `The spread attribute ${excerpt(attr.value)} of \`<${name}>\``, false);
        return false;
      }
      const value = (result.value ?? {}) as Scope;
      spreadKeys.set(attr, Object.keys(value));
      Object.assign(props, value);
      return true;
    }
    if (attr.value === null || attr.value === undefined) props[attr.name] = true;
    else if (typeof attr.value === 'string') props[attr.name] = attr.value;
    else {
      const program = attr.value.data?.estree as Program | undefined;
      let result: { value: unknown } | NotStatic;
      try {
        const expression = expressionOf(program);
        result = expression ? tryStatic(expression, ctx.scope) : { value: undefined };
      } catch (error) {
        result = error instanceof NotStatic ? error : new NotStatic(String(error));
      }
      if (result instanceof NotStatic) {
        if (isTypo(result)) return true;
        const at = lineOf(program);
        ctx.report.code(file, at.line, at.column, `The \`${attr.name}\` attribute of \`<${name}>\` (${excerpt(attr.value.value)})`, false);
        return false;
      }
      props[attr.name] = result.value;
      guardValue(result.value, HTML_TAKING, (what) => ctx.report.html(file, line, column, what));
    }
    return true;
  });
  if (/^[a-z]/.test(name) && !name.includes('.')) {
    const check = checkElement(name, props);
    if (check.verdict === 'keep' && check.removed.length === 0 && Object.keys(check.added).length === 0) return null;
    if (check.verdict !== 'keep' || check.removed.length) ctx.report.html(file, line, column, describeRemoval(name, check));
    if (check.verdict === 'drop') return [];
    if (check.verdict === 'unwrap') return (node.children ?? []) as RootContent[];
    const removed = new Set(check.removed);
    node.attributes = node.attributes.filter((attr) =>
      attr.type === 'mdxJsxAttribute' ? !removed.has(attr.name) : !(spreadKeys.get(attr) ?? []).some((k) => removed.has(k)),
    );
    for (const [attrName, value] of Object.entries(check.added)) node.attributes.push({ type: 'mdxJsxAttribute', name: attrName, value } as MdxJsxAttribute);
    return null;
  }
  if ((name === 'FolioCode' || name === 'FolioMath') && node.data?.folioSource === undefined && 'html' in props) {
    ctx.report.html(file, line, column, `The \`html\` of \`<${name}>\` was removed`);
    node.attributes = node.attributes.filter((attr) => !(attr.type === 'mdxJsxAttribute' && attr.name === 'html'));
  }
  return null;
}

/** What `renderMdx` needs for an untrusted page: the extra scope, the tree pass and the render hooks. */
export interface UntrustedPage {
  scope: Scope;
  secure(tree: HastRoot): void;
  render: { guard(value: unknown): unknown; notStatic(): unknown };
}

/**
 * Prepare an untrusted page: template components for the page's own definitions, for named
 * imports of MDX snippet components (`mdxRuntime`) and of `.jsx` snippets (`js`), each parsed
 * and never run; placeholders where that is not possible.
 */
export async function prepareUntrusted(
  esm: EsmInfo,
  imports: { js: ImportBinding[]; mdxRuntime: ImportBinding[] },
  input: MdxInput,
  snippets: Map<string, LoadedSnippet | null>,
  staticScope: Scope,
  diagnostics: Diagnostic<MdxCode>[],
): Promise<UntrustedPage> {
  const report = new UntrustedReport(diagnostics);
  const extra: Scope = {};
  const full = (): Scope => ({ ...componentScope(), ...staticScope, ...extra });
  for (const binding of imports.mdxRuntime) {
    const snippet = snippets.get(resolveImportPath(binding.source, input.file));
    const own = snippet ? componentsOf(snippet.esm, snippet.file, 0, () => ({ ...componentScope() }), report) : {};
    extra[binding.local] = own[binding.imported] ?? (() => placeholderElement());
  }
  const modules = new Map<string, Promise<{ esm: EsmInfo; components: Scope } | null>>();
  for (const binding of imports.js) {
    const target = resolveImportPath(binding.source, input.file);
    if (!modules.has(target)) {
      modules.set(
        target,
        input.readSnippet(target).then((found) => {
          if (!found) return null;
          try {
            const module = analyzeJsModule(found.source, found.file);
            return { esm: module, components: componentsOf(module, found.file, 0, () => ({ ...componentScope() }), report) };
          } catch (error) {
            report.code(found.file, 1, 1, `This snippet could not be read as a module (${String((error as Error).message ?? error).split('\n')[0]}); it`);
            return null;
          }
        }),
      );
    }
    const module = await modules.get(target)!;
    if (!module) {
      report.code(input.file, binding.line, binding.column, `\`${binding.local}\` from "${binding.source}"`);
      extra[binding.local] = () => placeholderElement();
    } else extra[binding.local] = jsImportValue(binding, module.esm, module.components);
  }
  Object.assign(extra, componentsOf(esm, input.file, 0, full, report));
  return {
    scope: extra,
    secure: (tree) => secureTree(tree, { file: input.file, lineOffset: input.lineOffset, scope: full(), report, source: input.source }),
    render: { guard: (value) => guardValue(value, HTML_TAKING, () => {}), notStatic: placeholderElement },
  };
}
