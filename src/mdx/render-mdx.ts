import type { Root as HastRoot } from 'hast';
import { escapeHtmlText, type Diagnostic } from '../shared/index.js';
import { analyzeEsm, isLocalImport, type EsmInfo, type ImportBinding } from './esm.js';
import { evaluateJsSnippet, runtimeGlobals } from './js-snippet.js';
import { expandSnippets } from './expand.js';
import { finalizeTree } from './finalize.js';
import { checkIcons } from './icons/check.js';
import { defuseEmphasisFloods } from './emphasis-flood.js';
import { resolveForgottenImports } from './forgotten-imports.js';
import { prepareLanguages } from './highlight.js';
import { parseOrFallback } from './parse.js';
import { renderFast } from './render-fast.js';
import { renderWithMdx, runMdxModule } from './render-fallback.js';
import { fenceLanguages, isMdxPath, resolveImportPath, SnippetLoader, type LoadedSnippet } from './snippet-loader.js';
import { NotStatic, type Scope } from './static-eval.js';
import { mdastToHast, type HastContext } from './to-hast.js';
import type { ClientFeature, Heading, MdxInput, MdxOutput, MdxTimings } from './types.js';
import { substituteVariables } from './variables.js';
import { prepareUntrusted } from './untrusted.js';
import { treeValues, type TreeConsumer } from './tree-values.js';
import type { MdxCode } from './codes.js';

/** Free names page JavaScript gets from the fallback's runtime (built-ins, React hooks). */
const RUNTIME_NAMES = new Set(Object.keys(runtimeGlobals()));

export interface RenderOptions {
  /** `mdx` forces the @mdx-js/mdx fallback (tests compare both renderers); default picks the fast path when it can. */
  renderer?: 'auto' | 'mdx';
  /** Also turn the finalized tree into text (the Markdown export), returned as `MdxOutput.text`. */
  alsoText?: TreeConsumer;
  /**
   * The repository is not trusted (hosted builds, `folio build --untrusted`): no page or snippet
   * JavaScript runs; see `untrusted.ts`. Forces the fast path.
   */
  untrusted?: boolean;
  /** Adds the time of each stage of this page here (`MdxTimings`, for the build's CPU split). */
  timings?: MdxTimings;
}

/**
 * Turn one MDX page body into HTML. Pages whose ESM and expressions are static take the fast
 * path (syntax tree → React components → HTML, no code generation); the rest are compiled and
 * run by @mdx-js/mdx with the same components. User errors come back as diagnostics, never thrown.
 */
export async function renderMdx(input: MdxInput, options: RenderOptions = {}): Promise<MdxOutput> {
  const diagnostics: Diagnostic<MdxCode>[] = [];
  const features = new Set<ClientFeature>();
  const timings = options.timings;
  // Milliseconds since `from`, less the highlighting done meanwhile (timed apart, in `mdastToHast`).
  const since = (from: number, highlighted: number) => (timings ? performance.now() - from - (timings.highlightMs - highlighted) : 0);
  const now = () => (timings ? performance.now() : 0);
  try {
    const parseStart = now();
    // A paragraph of thousands of `*`/`_` runs would take minutes to parse: shown as characters instead.
    const source = defuseEmphasisFloods(substituteVariables(input.source, input.variables).text, input.file, input.lineOffset, diagnostics);
    const tree = parseOrFallback(source, input.file, input.lineOffset, diagnostics);
    const esm = analyzeEsm(tree, input.lineOffset);
    if (timings) timings.parseMs += since(parseStart, timings.highlightMs);
    const { hints } = await resolveForgottenImports(tree, esm, input, diagnostics);
    const loader = new SnippetLoader(input, diagnostics);
    await Promise.all([prepareLanguages(fenceLanguages(tree), input.codeThemes), loader.loadFor(tree, esm, input.file, input.lineOffset)]);
    const imports = resolveImports(esm, input, loader.snippets, diagnostics);
    const declared = new Set([
      ...esm.declared,
      ...imports.components.keys(),
      ...Object.keys(imports.values),
      ...imports.unsupported,
      ...imports.js.map((b) => b.local),
      ...imports.mdxRuntime.map((b) => b.local),
    ]);
    // Names whose import failed were reported at the import; their usages render nothing.
    const failedImports = Object.fromEntries([...imports.unsupported].map((name) => [name, undefined]));
    const staticScope: Scope = { ...failedImports, ...esm.constants, ...imports.values };
    // Names either renderer resolves; a bare `{name}` in prose naming none of them is shown as text.
    const isDefined = (name: string) => declared.has(name) || name in staticScope || RUNTIME_NAMES.has(name) || name in globalThis;
    const ctx: HastContext = { file: input.file, lineOffset: input.lineOffset, diagnostics, codeThemes: input.codeThemes, timings };
    const before = diagnostics.length;
    let headings: Heading[] = [];
    let finalTree: HastRoot | undefined;
    const textOf = () => {
      if (!options.alsoText || !finalTree) return {};
      const started = now();
      const text = options.alsoText(finalTree, treeValues(staticScope));
      if (timings) timings.textMs += since(started, timings.highlightMs);
      return { text };
    };
    const transform = (hast: HastRoot) => {
      finalTree = hast;
      expandSnippets(hast, { file: input.file, lineOffset: input.lineOffset, scope: { ...esm.constants, ...imports.values }, components: imports.components, isGlobal: (name) => RUNTIME_NAMES.has(name) || name in globalThis }, loader.snippets, diagnostics);
      headings = finalizeTree(hast, {
        file: input.file,
        lineOffset: input.lineOffset,
        declared,
        unsupported: imports.unsupported,
        external: imports.external,
        diagnostics,
        scope: staticScope,
        isDefined,
        hints,
      });
      checkIcons(hast, { file: input.file, lineOffset: input.lineOffset, library: input.iconLibrary, diagnostics });
    };
    const fastAllowed = options.untrusted || (options.renderer !== 'mdx' && !esm.needsRuntime && imports.js.length === 0 && imports.mdxRuntime.length === 0);
    if (fastAllowed) {
      const untrusted = options.untrusted ? await prepareUntrusted(esm, imports, input, loader.snippets, staticScope, diagnostics) : undefined;
      const treeStart = now();
      const highlighted = timings?.highlightMs ?? 0;
      const hast = mdastToHast(tree, ctx);
      transform(hast);
      untrusted?.secure(hast);
      if (timings) timings.treeMs += since(treeStart, highlighted);
      const htmlStart = now();
      try {
        const html = renderFast(hast, { ...staticScope, ...untrusted?.scope }, features, (name, line, column) =>
          diagnostics.push({
            file: input.file,
            line: line + input.lineOffset,
            column,
            severity: 'error',
            code: 'MDX_EVAL_ERROR',
            path: '',
            message: `\`${name}\` is not defined in this page. Define it with \`export const ${name} = ...\`, import it from a snippet, or escape the braces as \`\\{${name}\\}\` if they are text.`,
          }),
          untrusted?.render,
        );
        if (timings) timings.htmlMs += since(htmlStart, timings.highlightMs);
        return { html, headings, diagnostics, usesClientFeatures: features, renderer: 'fast', ...textOf() };
      } catch (error) {
        if (!(error instanceof NotStatic) || options.untrusted) throw error;
        // The tree passes run again on the fallback's own hast; drop their first reports.
        diagnostics.length = before;
        features.clear();
      }
    }
    try {
      const jsValues = await loadJsImports(imports, input, diagnostics);
      const snippetValues = await loadMdxRuntimeImports(imports, input, loader.snippets, diagnostics);
      const runtimeScope: Scope = { ...runtimeGlobals(), ...imports.values, ...jsValues, ...snippetValues };
      for (const name of imports.unsupported) runtimeScope[name] = undefined;
      for (const name of esm.declared) delete runtimeScope[name];
      const islands = new Map<string, string>();
      // The fallback compiles, runs and renders in one: all of it counts as HTML.
      const fallbackStart = now();
      const highlighted = timings?.highlightMs ?? 0;
      const html = await renderWithMdx(tree, { ctx, transform, runtimeScope }, features, islands);
      if (timings) timings.htmlMs += since(fallbackStart, highlighted);
      const live = islands.size ? { islands: [...islands].map(([id, code]) => ({ id, code })) } : {};
      return { html, headings, diagnostics, usesClientFeatures: features, renderer: 'mdx', ...live, ...textOf() };
    } catch (error) {
      diagnostics.push(runtimeDiagnostic(error, input));
      return failed(diagnostics, features);
    }
  } catch (error) {
    diagnostics.push(runtimeDiagnostic(error, input));
    return failed(diagnostics, features);
  }
}

interface ResolvedImports {
  /** Local name → snippet import path, for MDX snippets used as components. */
  components: Map<string, string>;
  /** Local name → value, for named constants imported from MDX snippets. */
  values: Scope;
  /** Names whose import cannot be honoured (npm packages, missing exports, failing JavaScript snippets), each reported at its import. */
  unsupported: Set<string>;
  /** The subset imported from npm packages. */
  external: Set<string>;
  /** Imports from JavaScript snippets (`.jsx`): only the MDX fallback runs them. */
  js: ImportBinding[];
  /** Named imports of MDX snippet exports computed by JavaScript (components): fallback only. */
  mdxRuntime: ImportBinding[];
}

function resolveImports(esm: EsmInfo, input: MdxInput, snippets: Map<string, LoadedSnippet | null>, diagnostics: Diagnostic<MdxCode>[]): ResolvedImports {
  const out: ResolvedImports = { components: new Map(), values: {}, unsupported: new Set(), external: new Set(), js: [], mdxRuntime: [] };
  for (const binding of esm.imports) {
    const report = (code: MdxCode, message: string, severity: 'error' | 'warning' = 'error') =>
      diagnostics.push({ file: input.file, line: binding.line, column: binding.column, severity, code, path: '', message });
    if (!isLocalImport(binding.source)) {
      out.unsupported.add(binding.local);
      out.external.add(binding.local);
      report('MDX_UNSUPPORTED_IMPORT', `Cannot import \`${binding.local}\` from "${binding.source}": pages may import only from files in the docs repository (e.g. "/snippets/x.mdx"). Remove the import or move the code into a snippet.`);
      continue;
    }
    const target = resolveImportPath(binding.source, input.file);
    if (!isMdxPath(target)) {
      out.js.push(binding);
      continue;
    }
    const snippet = snippets.get(target);
    if (binding.imported === 'default') {
      out.components.set(binding.local, target);
      continue;
    }
    if (!snippet || snippet.missing) {
      out.unsupported.add(binding.local);
      continue;
    }
    if (binding.imported === '*') out.values[binding.local] = snippet.esm.constants;
    else if (binding.imported in snippet.esm.constants) out.values[binding.local] = snippet.esm.constants[binding.imported];
    else if (snippet.esm.declared.has(binding.imported)) out.mdxRuntime.push(binding);
    else {
      out.unsupported.add(binding.local);
      report(
        'MDX_SNIPPET_EXPORT_MISSING',
        `"${binding.source}" has no export named \`${binding.imported}\`, so \`${binding.local}\` renders nothing. Add \`export const ${binding.imported} = ...\` to the snippet or fix the name.`,
        'warning',
      );
    }
  }
  return out;
}

/** Compile and run MDX snippets whose imported exports are JavaScript (components), fallback only. */
async function loadMdxRuntimeImports(
  imports: ResolvedImports,
  input: MdxInput,
  snippets: Map<string, LoadedSnippet | null>,
  diagnostics: Diagnostic<MdxCode>[],
): Promise<Scope> {
  const values: Scope = {};
  const modules = new Map<string, Promise<Record<string, unknown> | Error>>();
  for (const binding of imports.mdxRuntime) {
    const target = resolveImportPath(binding.source, input.file);
    const snippet = snippets.get(target);
    if (!snippet) continue;
    if (!modules.has(target)) {
      const ctx: HastContext = { file: snippet.file, lineOffset: 0, diagnostics: [], codeThemes: input.codeThemes };
      const runtimeScope = runtimeGlobals();
      for (const name of snippet.esm.declared) delete runtimeScope[name];
      modules.set(
        target,
        runMdxModule(snippet.tree, { ctx, transform: () => {}, runtimeScope }).catch((error: unknown) =>
          error instanceof Error ? error : new Error(String(error)),
        ),
      );
    }
    const mod = await modules.get(target)!;
    if (mod instanceof Error) {
      imports.unsupported.add(binding.local);
      diagnostics.push({
        file: input.file,
        line: binding.line,
        column: binding.column,
        severity: 'error',
        code: 'MDX_EVAL_ERROR',
        path: '',
        message: `Could not run snippet "${binding.source}": ${mod.message.split('\n')[0]}. Fix the snippet's JavaScript.`,
      });
    } else values[binding.local] = mod[binding.imported];
  }
  return values;
}

/** Run the JavaScript snippets a page imports (fallback only) and collect the imported names. */
async function loadJsImports(imports: ResolvedImports, input: MdxInput, diagnostics: Diagnostic<MdxCode>[]): Promise<Scope> {
  const values: Scope = {};
  const modules = new Map<string, Promise<Scope | Error>>();
  for (const binding of imports.js) {
    const target = resolveImportPath(binding.source, input.file);
    if (!modules.has(target)) {
      modules.set(
        target,
        input.readSnippet(target).then(
          (found) => {
            if (!found) return new Error(`"${binding.source}" was not found inside the docs root`);
            try {
              return evaluateJsSnippet(found.source, found.file);
            } catch (error) {
              return error instanceof Error ? error : new Error(String(error));
            }
          },
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        ),
      );
    }
    const mod = await modules.get(target)!;
    // A missing file or export degrades (the name renders nothing); a snippet that throws is an error.
    const fail = (message: string, code: MdxCode = 'MDX_EVAL_ERROR') => {
      imports.unsupported.add(binding.local);
      const severity = code === 'MDX_EVAL_ERROR' ? 'error' : 'warning';
      diagnostics.push({ file: input.file, line: binding.line, column: binding.column, severity, code, path: '', message });
    };
    const missing = mod instanceof Error && mod.message.includes('not found');
    if (mod instanceof Error) fail(missing ? `JavaScript snippet "${binding.source}" was not found, so \`${binding.local}\` renders nothing. Create the file under the docs root or fix the path.` : `Could not run the JavaScript snippet "${binding.source}": ${mod.message.split('\n')[0]}. Fix the snippet.`, missing ? 'MDX_SNIPPET_NOT_FOUND' : 'MDX_EVAL_ERROR');
    else if (binding.imported === '*') values[binding.local] = mod;
    else if (binding.imported in mod) values[binding.local] = mod[binding.imported];
    else fail(`"${binding.source}" has no export named \`${binding.imported}\`, so \`${binding.local}\` renders nothing. Export it from the snippet or fix the name.`, 'MDX_SNIPPET_EXPORT_MISSING');
  }
  return values;
}

function runtimeDiagnostic(error: unknown, input: MdxInput): Diagnostic<MdxCode> {
  const err = error as { message?: string; line?: number; column?: number; place?: { line?: number; column?: number; start?: { line: number; column: number } } };
  const line = err.place?.start?.line ?? err.place?.line ?? err.line;
  const column = err.place?.start?.column ?? err.place?.column ?? err.column ?? 1;
  return {
    file: input.file,
    line: line ? line + input.lineOffset : input.lineOffset + 1,
    column,
    severity: 'error',
    code: line ? 'MDX_EVAL_ERROR' : 'MDX_RENDER_ERROR',
    path: '',
    message: `The page failed while rendering: ${String(err.message ?? error).split('\n')[0]}. Check the component props and JavaScript expressions of this page.`,
  };
}

/** A visible error box instead of a blank page, plus the diagnostics that explain it. */
function failed(diagnostics: Diagnostic<MdxCode>[], features: Set<ClientFeature>): MdxOutput {
  const items = diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `<pre>${escapeHtmlText(`${d.file}:${d.line}:${d.column} ${d.message}`)}</pre>`)
    .join('');
  return {
    html: `<div class="folio-mdx-error" role="alert">${items}</div>`,
    headings: [],
    diagnostics,
    usesClientFeatures: features,
    renderer: 'fast',
  };
}
