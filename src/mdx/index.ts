export * from './types.js';
export { renderMdx, type RenderOptions } from './render-mdx.js';
export { MDX_CODES, type MdxCode } from './codes.js';
export { knownImportsFor, scanPageImports, type RepoImportMap } from './component-imports.js';
export { type TreeConsumer, type TreeValues } from './tree-values.js';
export { iconMaskUrl, iconSvg, isImageIcon, resolveIcon, type IconLibrary, type IconSetName, type ResolvedIcon } from './icons/resolve.js';
export { highlightToHtml, prepareLanguages } from './highlight.js';
