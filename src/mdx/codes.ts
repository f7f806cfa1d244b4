/** Stable diagnostic codes of the mdx layer; each is documented in docs/reference/errors/mdx.md. */
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
  MDX_COMPONENT_NOT_IMPORTED: 'A component is used without an import; it is rendered from the one snippet the repository defines it in.',
  MDX_COMPONENT_ALIAS: 'A known misspelling of a built-in component (`<Warn>`) is rendered as that component.',
  MDX_UNDEFINED_EXPRESSION: 'A `{}` expression names something the page does not define: a bare `{name}` is shown as written, any other expression renders nothing.',
  MDX_SNIPPET_PROP_MISSING: 'A snippet is used without a prop it reads; the expressions reading it render nothing.',
  MDX_MARKDOWN_FALLBACK: 'A `.md` page is not valid MDX, so it is rendered as plain Markdown.',
  ICON_UNKNOWN: 'An `icon` names no glyph in Font Awesome Free, Lucide or Tabler (nor the alias table).',
  MDX_CODE_THEME_UNKNOWN: 'docs.json `styling.codeblocks` names a theme Shiki does not have.',
  MDX_MATH_ERROR: 'A LaTeX formula could not be typeset by KaTeX.',
  MDX_EMPHASIS_FLOOD: 'A paragraph holds more than 1,000 runs of `*`/`_`; they are shown as characters, not emphasis (parsing them would take minutes).',
  MDX_UNTRUSTED_CODE: 'Untrusted build: an expression, attribute or `export` needs JavaScript, which is not run; it is left out with a placeholder.',
  MDX_UNSAFE_HTML: 'Untrusted build: raw HTML that could run code (script, event handler, `javascript:` URL, iframe without https) was removed.',
} as const;

export type MdxCode = keyof typeof MDX_CODES;
