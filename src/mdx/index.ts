export * from './types.js';
export { renderMdx } from './render-mdx.js';
export { MDX_CODES } from './codes.js';
