export * from './types.js';
export * from './codes.js';
export { buildPageIndex, HASH_MODE_TEXT_CHARS, pageFromText } from './page-index.js';
export { parseFrontmatter, type FrontmatterResult } from './frontmatter.js';
export { compileIgnore, isIgnored, DEFAULT_IGNORES, type IgnoreRule } from './ignore.js';
export { firstHeading, titleFromPath } from './page-meta.js';
export { discoverCustomFiles, type CustomFile, type CustomFiles } from './custom-files.js';
