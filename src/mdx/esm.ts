import type { Node as EsNode, Program, Statement, ModuleDeclaration } from 'estree';
import type { Root as MdastRoot } from 'mdast';
import { evaluateStatic, NotStatic, type Scope } from './static-eval.js';

/** One `import` of a page or snippet, resolved to what it brings into scope. */
export interface ImportBinding {
  /** Local name in the page. */
  local: string;
  /** `default`, `*` (namespace) or the exported name. */
  imported: string;
  /** The import path as written. */
  source: string;
  line: number;
  column: number;
}

/** What the ESM (`import`/`export`) of one MDX file declares. */
export interface EsmInfo {
  imports: ImportBinding[];
  /** Exported or declared constants whose values are static (usable by the fast path). */
  constants: Scope;
  /** Every name the ESM declares locally (components defined with `export const X = () => ...` included). */
  declared: Set<string>;
  /** True when some statement needs JavaScript to run: only the MDX fallback can render the page. */
  needsRuntime: boolean;
  /** Declared names whose value is not static → the function or expression that defines them (untrusted mode renders components from it). */
  definitions: Record<string, EsNode>;
  /** Where each statement that needs JavaScript starts (untrusted mode reports and skips them). */
  runtimeStatements: Array<{ line: number; column: number; names: string[] }>;
}

/** True for an import path that points into the docs repository (snippets), not an npm package. */
export function isLocalImport(source: string): boolean {
  return source.startsWith('/') || source.startsWith('./') || source.startsWith('../');
}

/** Collect imports, static constants and declared names from a file's `mdxjsEsm` nodes. */
export function analyzeEsm(tree: MdastRoot, lineOffset: number): EsmInfo {
  const info = emptyEsmInfo();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as Program | undefined;
    if (!program) continue;
    for (const statement of program.body) analyzeStatement(statement, info, node.position?.start, lineOffset);
  }
  return info;
}

function emptyEsmInfo(): EsmInfo {
  return { imports: [], constants: {}, declared: new Set(), needsRuntime: false, definitions: {}, runtimeStatements: [] };
}

/** The same analysis for a whole JavaScript module (a `.jsx` snippet parsed, never run). */
export function analyzeProgram(program: Program): EsmInfo {
  const info = emptyEsmInfo();
  for (const statement of program.body) analyzeStatement(statement, info, undefined, 0);
  return info;
}

function analyzeStatement(
  statement: Statement | ModuleDeclaration,
  info: EsmInfo,
  start: { line: number; column: number } | undefined,
  lineOffset: number,
): void {
  const line = (statement.loc?.start.line ?? start?.line ?? 1) + lineOffset;
  const column = (statement.loc?.start.column ?? 0) + 1;
  const runtime = (...names: string[]) => {
    info.needsRuntime = true;
    info.runtimeStatements.push({ line, column, names });
  };
  if (statement.type === 'ImportDeclaration') {
    const source = String(statement.source.value);
    for (const spec of statement.specifiers) {
      const imported =
        spec.type === 'ImportDefaultSpecifier'
          ? 'default'
          : spec.type === 'ImportNamespaceSpecifier'
            ? '*'
            : spec.imported.type === 'Identifier'
              ? spec.imported.name
              : String(spec.imported.value);
      info.imports.push({ local: spec.local.name, imported, source, line, column });
    }
    return;
  }
  const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
  if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
    // `export { a as b }` / re-exports: needs module semantics.
    runtime();
    return;
  }
  if (declaration?.type === 'VariableDeclaration') {
    for (const decl of declaration.declarations) {
      if (decl.id.type !== 'Identifier') {
        runtime();
        continue;
      }
      info.declared.add(decl.id.name);
      if (declaration.kind !== 'const' || !decl.init) {
        runtime(decl.id.name);
        continue;
      }
      try {
        info.constants[decl.id.name] = evaluateStatic(decl.init, info.constants);
      } catch (error) {
        if (!(error instanceof NotStatic)) throw error;
        info.definitions[decl.id.name] = decl.init;
        runtime(decl.id.name);
      }
    }
    return;
  }
  if ((declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') && declaration.id) {
    info.declared.add(declaration.id.name);
    info.definitions[declaration.id.name] = declaration;
    runtime(declaration.id.name);
    return;
  }
  if (statement.type === 'ExportDefaultDeclaration') {
    const d = statement.declaration;
    if (d.type === 'FunctionDeclaration' || d.type === 'ArrowFunctionExpression' || d.type === 'FunctionExpression') info.definitions.default = d as EsNode;
    runtime('default');
    return;
  }
  runtime();
}
