/** Stable diagnostic codes of the mdx layer; each is documented in docs/errors/mdx.md. */
export const MDX_CODES = {
  MDX_PARSE_ERROR: 'The page is not valid MDX (unclosed tag, stray `<` or `{`, bad expression).',
  MDX_UNKNOWN_COMPONENT: 'A JSX component is used that is neither built in nor imported from a snippet.',
  MDX_SNIPPET_NOT_FOUND: 'An imported snippet or `<Snippet file>` does not exist inside the docs root.',
  MDX_SNIPPET_CYCLE: 'Snippets import each other in a loop.',
  MDX_SNIPPET_EXPORT_MISSING: 'A named import asks a snippet for an export it does not define.',
  MDX_UNSUPPORTED_IMPORT: 'An import names a module outside `/snippets/` (npm packages cannot run in a docs page).',
  MDX_EVAL_ERROR: 'A JavaScript expression or export in the page failed while running.',
  MDX_RENDER_ERROR: 'A component failed to render with the props it was given.',
  MDX_UNKNOWN_VARIABLE: 'A `{{name}}` placeholder names no entry of docs.json `variables`.',
  MDX_MATH_ERROR: 'A LaTeX formula could not be typeset by KaTeX.',
} as const;

export type MdxCode = keyof typeof MDX_CODES;
