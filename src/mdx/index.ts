export * from './types.js';
export { renderMdx, type RenderOptions } from './render-mdx.js';
export { MDX_CODES, type MdxCode } from './codes.js';
export { knownImportsFor, scanPageImports, type RepoImportMap } from './component-imports.js';
export { type TreeConsumer, type TreeValues } from './tree-values.js';
export { iconMaskUrl, iconSvg, isImageIcon, resolveIcon, type IconLibrary, type IconSetName, type ResolvedIcon } from './icons/resolve.js';
export { codeThemesOf } from './code-themes.js';
export { DEFAULT_CODE_THEMES, highlightToHtml, prepareLanguages, type CodeThemes } from './highlight.js';
export { checkSiteIcons } from './icons/check.js';
