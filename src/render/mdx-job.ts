/**
 * One MDX body to compile and what comes back. Shared by the dev server, the build's main
 * thread and its workers, so every path compiles a page with exactly the same code.
 */
import { readFile } from 'node:fs/promises';
import { renderMdx } from '../mdx/index.js';
import { treeToMarkdown } from '../markdown/index.js';
import type { Heading, KnownImports } from '../mdx/index.js';
import type { Diagnostic } from '../shared/index.js';
import { resolveInside, toPosixRelative } from '../shared/index.js';

export interface MdxJob {
  id: number;
  file: string;
  source: string;
  lineOffset: number;
  /** Imports other pages make of the components this page uses (`knownImportsFor`); part of the body's cache key. */
  knownImports?: KnownImports;
}

export interface MdxResult {
  id: number;
  html: string;
  headings: Heading[];
  diagnostics: Diagnostic[];
  features: string[];
  renderer: string;
  /** The body as Markdown, from the same compiled tree as `html` (absent when the page failed). */
  markdown?: string;
}

/** Compile one page body; snippet reads are confined to the docs root. */
export async function runMdxJob(job: MdxJob, root: string, variables: Record<string, string>): Promise<MdxResult> {
  try {
    const out = await renderMdx({
      source: job.source,
      file: job.file,
      lineOffset: job.lineOffset,
      variables,
      knownImports: job.knownImports,
      async readSnippet(importPath: string) {
        // Some repositories (mem0) keep snippets in `_snippets/` and still write `/snippets/x.mdx`.
        const candidates = [importPath, importPath.replace(/^\/?snippets\//, '/_snippets/')];
        for (const candidate of new Set(candidates)) {
          const abs = resolveInside(root, candidate);
          if (!abs) continue;
          try {
            return { file: toPosixRelative(root, abs), source: await readFile(abs, 'utf8') };
          } catch {
            // try the next candidate
          }
        }
        return null;
      },
    }, { alsoText: treeToMarkdown });
    return { id: job.id, html: out.html, headings: out.headings, diagnostics: out.diagnostics, features: [...out.usesClientFeatures], renderer: out.renderer, markdown: out.text };
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
