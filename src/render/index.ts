export * from './types.js';
export { PageRenderer } from './render-page.js';
export { chromeViewFromConfig, pageViewFromRoute, sectionViewFromModel, sidebarItemsFromNodes } from './from-site-model.js';
export { SITE_CSS } from './styles.js';
export { COMPONENTS_CSS } from './styles-components.js';
export { iconCss } from './icons.js';
export { inlineMarkdownToHtml, shortHash } from './markdown-inline.js';
export { languageName, htmlLang } from './languages.js';
export * from './endpoint/index.js';
