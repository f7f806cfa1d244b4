/** Stable codes for problems the content layer reports (documented in docs/reference/errors/content.md). */
export const CONTENT_CODES = {
  CONTENT_FRONTMATTER_SYNTAX: 'Frontmatter is not valid YAML.',
  CONTENT_FRONTMATTER_UNCLOSED: 'Frontmatter opened with `---` has no closing `---` line.',
  CONTENT_FRONTMATTER_JS: 'JavaScript frontmatter (`---js`) is refused and never executed.',
  CONTENT_FRONTMATTER_TAG: 'A custom YAML tag (`!foo`, `!!js/...`) is refused.',
  CONTENT_FRONTMATTER_ALIASES: 'Too many YAML aliases (resource exhaustion guard).',
  CONTENT_FRONTMATTER_NOT_MAPPING: 'Frontmatter is not a key/value mapping.',
  CONTENT_FRONTMATTER_FIELD_TYPE: 'A known frontmatter field has the wrong type.',
  CONTENT_FRONTMATTER_VARIABLE: 'A `{{name}}` in frontmatter names no entry of docs.json `variables`.',
  CONTENT_DUPLICATE_PAGE: 'Two files map to the same page path (`a.md` and `a.mdx`).',
  CONTENT_READ_FAILED: 'A page file, a folder of pages or `.mintignore` could not be read.',
  CONTENT_SYMLINK_SKIPPED: 'A page file or folder in the docs root is a symbolic link; links are not followed, so its pages are left out.',
} as const;

export type ContentCode = keyof typeof CONTENT_CODES;
