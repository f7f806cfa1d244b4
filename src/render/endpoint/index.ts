export * from './render.js';
export { markdownToHtml } from './markdown.js';
export * from './frontmatter.js';
