export * from './render.js';
export { markdownToHtml } from './markdown.js';
export * from './frontmatter.js';
export { ENDPOINT_CSS } from './styles.js';
