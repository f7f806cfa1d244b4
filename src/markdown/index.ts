export { treeToMarkdown } from './from-tree.js';
export { hasUserMarkdown, userMarkdown, userValueAt } from './user-markdown.js';
export { channelMarkdown, endpointMarkdown } from './endpoint.js';
export { pageMarkdown, type PageMarkdownInput } from './page.js';
export { markdownFileFor, markdownLink, wantsMarkdown } from '../shared/index.js';
export { chunksLength, GROUP_SEPARATOR, llmsFiles, llmsGroups, LlmsText, type LlmsFiles, type LlmsGroup, type LlmsSite, type MarkdownDocument } from './llms.js';
export { DocsIndex, DOCS_INDEX_FILE, loadDocsIndex, loadDocsIndexFrom, type BuiltFileReader, type DocsIndexFile, type IndexedPage, type PageRanker, type SearchHit } from './docs-index.js';
export { docsMcpServer, type DocsServerInfo, type FeedbackSink } from './mcp-server.js';
export { SKILL_FILE, skillFile, skillName } from './skill.js';
