import { z } from 'zod';
import { href } from './primitives.js';

export const CONTEXTUAL_OPTIONS = [
  'assistant',
  'copy',
  'view',
  'download-pdf',
  'download-spec',
  'chatgpt',
  'claude',
  'perplexity',
  'grok',
  'aistudio',
  'devin',
  'devin-desktop',
  'devin-mcp',
  'mcp',
  'add-mcp',
  'cursor',
  'vscode',
  'windsurf',
] as const;

export const redirectSchema = z
  .object({
    source: z.string().describe('Path to redirect from, for example `/old-page` (wildcards `:slug*` allowed).'),
    destination: z.string().describe('Path or URL to redirect to.'),
    permanent: z.boolean().optional().describe('`true` (default) answers 308, `false` answers 307.'),
  })
  .describe('A redirect from an old path.');

export const redirectsSchema = z.array(redirectSchema).describe('Redirects for moved, renamed or deleted pages.');

export const seoSchema = z
  .object({
    indexing: z.enum(['navigable', 'all']).optional().describe('Index only pages in the navigation (`navigable`, default) or `all` pages.'),
    metatags: z.record(z.string(), z.string()).optional().describe('Meta tags added to every page: name to content.'),
    organization: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Publisher organization for structured data (`id`, `name`, `legalName`, `url`, `logo`, `sameAs`).'),
  })
  .describe('Search engine settings.');

export const searchSchema = z
  .object({ prompt: z.string().optional().describe('Placeholder text of the search box.') })
  .describe('Search box settings.');

/** Folio's docs assistant (the platform keeps these in its dashboard and widget options). */
export const assistantSchema = z
  .object({
    starterQuestions: z.array(z.string().min(1).max(200)).max(3).optional().describe('Up to three questions the assistant panel offers before the reader types.'),
    supportEmail: z.string().email().optional().describe('Where the assistant sends readers when the docs do not answer (shown as a mailto link).'),
    supportUrl: z.string().url().regex(/^https?:\/\//, 'an http(s) URL').optional().describe('A support page (help centre, ticket form, forum) the assistant links when the docs do not answer; the thread id is added as `threadId`.'),
  })
  .describe('The docs assistant: starter questions and where to send readers when the docs do not answer. The assistant answers when the server has a model configured (FOLIO_LLM_* and FOLIO_ASSISTANT_MODEL).');

/** Folio's feedback add-ons on served sites (the platform turns these on in its dashboard's Add-ons page). */
export const feedbackSchema = z
  .object({
    suggestEdit: z.boolean().optional().describe('"Suggest edits" beside the page rating, opening the page\'s source in GitHub\'s or GitLab\'s editor (default `true`; only for repositories on those hosts).'),
    raiseIssue: z.boolean().optional().describe('"Raise issue" beside the page rating, opening a new issue that names the page (default `true`; only for repositories on GitHub or GitLab).'),
    codeSnippets: z.boolean().optional().describe('A "Feedback on this code" control under each code block, for a comment about that block (default `false`).'),
  })
  .describe('Feedback add-ons of sites served by `folio serve`: the edit and issue links and feedback on code snippets. `integrations.telemetry.enabled: false` turns all feedback off.');

/** Folio's translation settings (not on the platform). */
export const translationsSchema = z
  .object({
    staleNotice: z
      .boolean()
      .optional()
      .describe('Show readers of a translated page that lags behind its source page a short notice linking to the source (default `false`). Which translations are stale: `folio check --translations`.'),
  })
  .describe('Translations of a site with `navigation.languages` (Folio only).');

const contextualCustom = z
  .object({
    title: z.string().describe('Option title.'),
    description: z.string().describe('Option description.'),
    icon: z.string().optional().describe('Icon name, image URL or inline SVG.'),
    href: z
      .union([href, z.record(z.string(), z.unknown())])
      .describe('Link; may use the `$page`, `$path` and `$mcp` placeholders.'),
  })
  .describe('A custom menu option.');

export const contextualSchema = z
  .object({
    options: z
      .array(z.union([z.enum(CONTEXTUAL_OPTIONS).describe('A built-in action.'), contextualCustom]))
      .describe('Actions of the page menu; the first is the default.'),
    display: z.enum(['header', 'toc']).optional().describe('Where the menu appears: `header` (default) or `toc`.'),
  })
  .describe('Page action menu (copy, view as Markdown, open in an AI tool, ...).');

export const errorsSchema = z
  .object({
    '404': z
      .object({
        redirect: z.boolean().optional().describe('Redirect unknown paths to the home page (default `true`).'),
        title: z.string().optional().describe('Title of the 404 page.'),
        description: z.string().optional().describe('Text of the 404 page (MDX allowed).'),
      })
      .optional()
      .describe('The "page not found" page.'),
  })
  .describe('Error page settings.');

export const variablesSchema = z
  .record(z.string().regex(/^[A-Za-z0-9_-]+$/, { message: 'variable names use letters, digits, `-` and `_` only' }), z.string())
  .describe('Text variables substituted for `{{name}}` in pages and snippets at build time.');

export const metadataSchema = z
  .object({ timestamp: z.boolean().optional().describe('Show a last-modified date on every page.') })
  .describe('Page metadata settings.');

export const markdownSchema = z
  .object({
    schema: z.boolean().optional().describe('Include the full API specification in the Markdown export of API pages.'),
    instructions: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe('Instructions for AI agents appended to the Markdown export and llms.txt.'),
  })
  .describe('Markdown served to AI tools.');
