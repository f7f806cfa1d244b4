/**
 * Predefined kinds of automation: each a template with its own prompt (what each run asks the agent)
 * and its own checks (what the result must pass, beyond the site's validation or build, before it is
 * pushed). Chosen when an automation is created and stored with it (`agent_automations.kind`).
 */

/** A check a kind's result must pass (src/agent/automations/checks.ts carries them out). */
export type KindCheck =
  /** No internal link broken that was not broken before. */
  | 'links'
  /** Every page the run changed has a title and a description of at most 160 characters. */
  | 'titles-descriptions'
  /** Only pages (.md/.mdx) changed: no docs.json, snippet or asset. */
  | 'pages-only'
  /** Every fenced code block of a changed page is as it was. */
  | 'code-unchanged'
  /** A changelog page changed. */
  | 'changelog-changed'
  /** No translation is stale or missing afterwards. */
  | 'translations-current';

export interface AutomationKind {
  id: AutomationKindId;
  /** Short name (dashboard select, guide). */
  title: string;
  /** What a run does, in a sentence (dashboard, guide, API description). */
  description: string;
  /** The prompt each run gives the agent; an automation's own instructions follow it. */
  prompt: string;
  checks: readonly KindCheck[];
  /** The model runs use when the automation names none (else the server's default). */
  model?: string;
}

export const AUTOMATION_KIND_IDS = ['update-docs', 'changelog', 'assistant-gaps', 'feedback', 'fix-links', 'seo', 'grammar', 'style-guide', 'translate'] as const;
export type AutomationKindId = (typeof AUTOMATION_KIND_IDS)[number];

export const AUTOMATION_KINDS: Readonly<Record<AutomationKindId, AutomationKind>> = {
  'update-docs': {
    id: 'update-docs',
    title: 'Update docs from code changes',
    description: 'Reads the latest changes to the code, configuration and API specs in the repository and updates the pages that describe what changed.',
    prompt:
      'Bring the documentation up to date with the latest code changes. Look at what changed recently in the repository (source files, configuration, API specifications, examples) and find the pages that describe that behaviour. Update those pages so they match the code: changed options, renamed commands, new parameters, removed features. Do not rewrite pages that are still correct, and do not invent behaviour the code does not show.',
    checks: ['links'],
  },
  changelog: {
    id: 'changelog',
    title: 'Draft the changelog',
    description: 'Adds an entry to the changelog page for the changes since its last entry, in the format the page already uses.',
    prompt:
      'Draft the next changelog entry. Find the changelog page (a page named changelog, or one using <Update> blocks), read its latest entry, and add a new entry above it for the changes made since then, following the format, headings and tone the page already uses. List user-visible changes only, each in one line, grouped as the page groups them.',
    checks: ['changelog-changed', 'links'],
  },
  'assistant-gaps': {
    id: 'assistant-gaps',
    title: 'Fill gaps from assistant questions',
    description: 'Answers, in the docs, the questions readers asked the assistant that the pages did not answer.',
    prompt:
      'Fill the gaps in the documentation that readers\' questions to the docs assistant revealed. The questions the assistant could not answer from the pages are listed below when known. For each, find the page where the answer belongs and add it there (a paragraph, a step, an example), or add a short page to the navigation when no page fits. Do not answer questions the product cannot answer.',
    checks: ['links'],
  },
  feedback: {
    id: 'feedback',
    title: 'Improve pages from feedback',
    description: 'Improves the pages readers rated unhelpful, following what their feedback says was missing or wrong.',
    prompt:
      'Improve the pages readers marked as not helpful. Their feedback, with the page and what they said, is listed below when known. For each page, fix what the feedback points at: a missing step, an unclear explanation, an outdated example. Keep the rest of the page as it is.',
    checks: ['links'],
  },
  'fix-links': {
    id: 'fix-links',
    title: 'Fix broken links',
    description: 'Repairs internal links that lead to no page, pointing each at the page it meant.',
    prompt: 'fix broken internal links',
    checks: ['links'],
    model: 'folio-maintainer',
  },
  seo: {
    id: 'seo',
    title: 'SEO: titles and descriptions',
    description: 'Gives every page a specific title and a description of at most 160 characters, written from the page\'s content.',
    prompt:
      'Improve the search-engine metadata of the pages. Give every page a frontmatter "title" that names its subject specifically, and a "description" of one sentence, at most 160 characters, that says what the reader will find there, written from the page\'s own content. Change only the frontmatter: leave the page bodies and docs.json as they are.',
    checks: ['pages-only', 'titles-descriptions', 'code-unchanged'],
  },
  grammar: {
    id: 'grammar',
    title: 'Grammar and spelling',
    description: 'Corrects grammar, spelling and punctuation in the pages without changing their meaning or code.',
    prompt:
      'Correct the grammar, spelling and punctuation of the pages. Keep the meaning, the structure, the headings\' anchors and the tone; do not touch code blocks, inline code, links\' targets, component names or frontmatter keys. Change nothing that is not a language mistake.',
    checks: ['pages-only', 'code-unchanged', 'links'],
  },
  'style-guide': {
    id: 'style-guide',
    title: 'Apply the style guide',
    description: 'Rewrites pages to follow the repository\'s style guide (STYLE.md, AGENTS.md or a style page), leaving code as it is.',
    prompt:
      'Make the pages follow the project\'s style guide. Find it first (STYLE.md, CONTRIBUTING.md, AGENTS.md, or a page about writing style) and read it; then edit the pages that break its rules (voice, tense, headings, terminology, formatting). If the repository has no style guide, change nothing and say so. Do not touch code blocks.',
    checks: ['pages-only', 'code-unchanged', 'links'],
  },
  translate: {
    id: 'translate',
    title: 'Translate',
    description: 'Updates the stale and missing translations of a site with languages, and records in each page the version of its source it was made from.',
    prompt: 'Update the stale and missing translations of the site from their source pages in the default language.',
    checks: ['translations-current'],
  },
};

/** The kind named `id`, or null when there is none. */
export function automationKind(id: string | null | undefined): AutomationKind | null {
  return id && Object.hasOwn(AUTOMATION_KINDS, id) ? AUTOMATION_KINDS[id as AutomationKindId] : null;
}

/** The prompt an automation of `kind` stores: the kind's prompt, then the automation's own instructions. */
export function kindPrompt(kind: AutomationKind, instructions: string | undefined): string {
  const extra = instructions?.trim();
  return extra ? `${kind.prompt}\n\nAlso: ${extra}` : kind.prompt;
}
