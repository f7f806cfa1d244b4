export * from './render.js';
export { markdownToHtml } from './markdown.js';
export * from './frontmatter.js';
export { ENDPOINT_CSS } from './styles.js';
export { apiDisplayOf, DEFAULT_API_DISPLAY, type ApiDisplay } from './display.js';
export { prepareEndpointHighlighting } from './highlight.js';
