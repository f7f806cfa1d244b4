import { addUnlistedPages } from './add-unlisted-pages.js';
import { fixBrokenLinks } from './fix-links.js';
import { normalizeDocsJson } from './normalize-config.js';
import type { TaskResult } from './task.js';

/** A maintenance job folio-maintainer knows how to do, and the prompts that ask for it. */
export interface MaintenanceTask {
  id: string;
  /** Commit/PR title fragment. */
  title: string;
  /** How users can ask for it (shown when a prompt is not understood). */
  example: string;
  /** What it reads, for the transcript. */
  reads: string[];
  matches(prompt: string): boolean;
  /**
   * Carry the task out on the docs root; the prompt may carry details (e.g. a target group). A task
   * that runs long off the job's thread stops when `signal` aborts (the job stopped or timed out).
   */
  run(root: string, prompt: string, signal?: AbortSignal): Promise<TaskResult>;
}

// Order matters: structural edits to docs.json first, formatting last so it
// sees the final text.
export const MAINTENANCE_TASKS: readonly MaintenanceTask[] = [
  {
    id: 'upgrade-mint-json',
    reads: ['mint.json'],
    title: 'Upgrade mint.json to docs.json',
    example: 'upgrade mint.json to docs.json',
    matches: (p) => /mint\.json/.test(p) && /\b(upgrade|migrate|convert|replace|move)\b|docs\.json/.test(p),
    run: async (root) => (await import('./upgrade-mint.js')).upgradeMintJson(root),
  },
  {
    id: 'add-unlisted-pages',
    reads: ['docs.json', 'the frontmatter of every page'],
    title: 'List pages missing from the navigation',
    example: 'add pages that are not in the navigation',
    matches: (p) =>
      /\b(unlisted|orphan(ed)?|hidden|missing)\b.*\bpages?\b|\bpages?\b.*\b(not|missing|absent)\b.*\b(nav(igation)?|sidebar)\b|\badd\b.*\b(new|missing|unlisted)\b.*\bpages?\b/.test(p),
    run: addUnlistedPages,
  },
  {
    id: 'sync-openapi-navigation',
    reads: ['docs.json', 'the OpenAPI specs it names', 'the MDX endpoint pages'],
    title: 'Replace MDX endpoint pages with OpenAPI entries',
    example: 'sync the navigation with the OpenAPI spec',
    matches: (p) => /\b(openapi|open api|swagger|api reference|endpoints?)\b/.test(p) && /\b(sync|synchroni[sz]e|migrat\w*|generat\w*|navigation|nav|update)\b/.test(p),
    // Loaded on use: the OpenAPI layer is large and most jobs never need it.
    run: async (root, _prompt, signal) => (await import('./openapi-sync.js')).syncOpenApiNavigation(root, { signal }),
  },
  {
    id: 'fix-broken-links',
    reads: ['docs.json', 'every page'],
    title: 'Fix broken internal links',
    example: 'fix broken internal links',
    matches: (p) => /\b(broken|dead|invalid)\b.*\blinks?\b|\bfix\b.*\blinks?\b/.test(p),
    run: fixBrokenLinks,
  },
  {
    id: 'normalize-docs-json',
    reads: ['docs.json'],
    title: 'Normalise docs.json formatting',
    example: 'normalise docs.json formatting',
    matches: (p) => /\b(format|formatting|reformat|normali[sz]e|prettify|pretty[- ]print|indent(ation)?)\b/.test(p) && /docs\.json|config/.test(p),
    run: normalizeDocsJson,
  },
];

/** The tasks a prompt asks for, in the fixed order above. */
export function tasksForPrompt(prompt: string, tasks: readonly MaintenanceTask[] = MAINTENANCE_TASKS): MaintenanceTask[] {
  const text = prompt.toLowerCase().replace(/\s+/g, ' ');
  return tasks.filter((t) => t.matches(text));
}
