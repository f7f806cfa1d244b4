import { renderMdx, type KnownImports, type MdxOutput, type RenderOptions } from '../../src/mdx/index.js';

/** Render `source` as `page.mdx` with in-memory snippets keyed by root-relative path (`/snippets/x.mdx`). */
export function render(
  source: string,
  {
    snippets = {},
    variables = {},
    lineOffset = 0,
    renderer,
    knownImports,
  }: { snippets?: Record<string, string>; variables?: Record<string, string>; lineOffset?: number; knownImports?: KnownImports } & RenderOptions = {},
): Promise<MdxOutput> {
  return renderMdx(
    {
      source,
      file: 'page.mdx',
      lineOffset,
      variables,
      knownImports,
      async readSnippet(importPath) {
        const text = snippets[importPath];
        return text === undefined ? null : { file: importPath.replace(/^\//, ''), source: text };
      },
    },
    { renderer },
  );
}

/** Error and warning codes of an output, for compact assertions. */
export function codes(out: MdxOutput): string[] {
  return out.diagnostics.map((d) => d.code);
}
