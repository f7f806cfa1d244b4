/**
 * One MDX body to compile and what comes back. Shared by the dev server, the build's main
 * thread and its workers, so every path compiles a page with exactly the same code.
 */
import { readFile } from 'node:fs/promises';
import { renderMdx } from '../mdx/index.js';
import { treeToMarkdown } from '../markdown/index.js';
import { mdxTimings, type CodeThemes, type Heading, type IconLibrary, type IslandModule, type KnownImports, type MdxTimings } from '../mdx/index.js';
import type { Diagnostic } from '../shared/index.js';
import { realPathInside, resolveInside, toPosixRelative } from '../shared/index.js';

export interface MdxJob {
  id: number;
  file: string;
  source: string;
  lineOffset: number;
  /** Imports other pages make of the components this page uses (`knownImportsFor`); part of the body's cache key. */
  knownImports?: KnownImports;
  /** docs.json `icons.library` (part of every body's cache key through the build's env key). */
  iconLibrary?: IconLibrary;
  /** Shiki themes of code blocks (docs.json `styling.codeblocks`; part of the build's env key). */
  codeThemes?: CodeThemes;
  /** `false`: no Markdown of the body (a build with Markdown export off); part of the build's env key. */
  markdown?: boolean;
}

export interface MdxResult {
  id: number;
  html: string;
  headings: Heading[];
  diagnostics: Diagnostic[];
  features: string[];
  renderer: string;
  /** Modules whose components hydrate in the browser (`mdx/islands.ts`); absent when none. */
  islands?: IslandModule[];
  /** The body as Markdown, from the same compiled tree as `html` (absent when the page failed). */
  markdown?: string;
  /** Milliseconds the thread that compiled the page spent turning its tree into `markdown` (what the export costs there). */
  markdownMs?: number;
  /** Milliseconds of each stage in the thread that compiled the page, and of the whole job (`jobMs`, reading snippets and loading grammars included). */
  timings?: MdxTimings & { jobMs: number };
}

/** The import of `importPath` in the page, refused because it leads out of the docs root (a symlink). */
function snippetOutside(job: MdxJob, importPath: string): Diagnostic {
  const at = Math.max(0, job.source.indexOf(importPath));
  const before = job.source.slice(0, at).split('\n');
  return {
    file: job.file,
    line: job.lineOffset + before.length,
    column: before.at(-1)!.length + 1,
    severity: 'error',
    // Registered with the build's codes (src/site-build/codes.ts), like BUILD_PAGE_CRASHED.
    code: 'BUILD_PATH_OUTSIDE_ROOT',
    path: '',
    message: `The snippet ${importPath} is a symbolic link to a file outside the docs root; it was not read. Commit the snippet itself.`,
  };
}

/** Compile one page body; snippet reads are confined to the docs root's real path. */
export async function runMdxJob(job: MdxJob, root: string, variables: Record<string, string>, options: { untrusted?: boolean } = {}): Promise<MdxResult> {
  const refused: Diagnostic[] = [];
  const started = performance.now();
  try {
    const timings = mdxTimings();
    const out = await renderMdx({
      source: job.source,
      file: job.file,
      lineOffset: job.lineOffset,
      variables,
      knownImports: job.knownImports,
      iconLibrary: job.iconLibrary,
      codeThemes: job.codeThemes,
      async readSnippet(importPath: string) {
        // Some repositories (mem0) keep snippets in `_snippets/` and still write `/snippets/x.mdx`.
        const candidates = [importPath, importPath.replace(/^\/?snippets\//, '/_snippets/')];
        for (const candidate of new Set(candidates)) {
          const real = await realPathInside(root, candidate);
          if (!real.ok) {
            if (real.reason === 'outside' && !refused.some((d) => d.message.includes(importPath))) refused.push(snippetOutside(job, importPath));
            continue;
          }
          try {
            return { file: toPosixRelative(root, resolveInside(root, candidate)!), source: await readFile(real.path, 'utf8') };
          } catch {
            // try the next candidate
          }
        }
        return null;
      },
    }, { alsoText: job.markdown === false ? undefined : treeToMarkdown, untrusted: options.untrusted, timings });
    return { id: job.id, html: out.html, headings: out.headings, diagnostics: [...refused, ...out.diagnostics], features: [...out.usesClientFeatures], renderer: out.renderer, markdown: out.text, ...(out.text === undefined ? {} : { markdownMs: timings.textMs }), ...(out.islands ? { islands: out.islands } : {}), timings: { ...timings, jobMs: performance.now() - started } };
  } catch (error) {
    // A crash in one page must not stop the others: report it on the page and move on. The code
    // is registered with the build's (src/site-build/codes.ts), whose users see it.
    const message = error instanceof Error ? error.message : String(error);
    return {
      id: job.id,
      html: '',
      headings: [],
      diagnostics: [
        {
          file: job.file,
          line: job.lineOffset + 1,
          column: 1,
          severity: 'error',
          code: 'BUILD_PAGE_CRASHED',
          path: '',
          message: `Rendering this page failed unexpectedly (${message}). Check the MDX near the top of the page; report a bug if the page looks valid.`,
        },
      ],
      features: [],
      renderer: 'none',
    };
  }
}
