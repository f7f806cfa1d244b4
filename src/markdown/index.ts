export { treeToMarkdown } from './from-tree.js';
export { endpointMarkdown } from './endpoint.js';
export { pageMarkdown, type PageMarkdownInput } from './page.js';
export { llmsFiles, llmsGroups, markdownFileFor, markdownLink, wantsMarkdown, type LlmsFiles, type LlmsGroup, type LlmsSite } from './llms.js';
