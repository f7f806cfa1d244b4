/**
 * `skill.md` (the agentskills.io format the platform publishes at a site's root): what an agent can
 * do with the product, for agents to load as a skill. The platform writes it with a model; Folio
 * writes it without one, from what docs.json and the navigation already say: the site's name and
 * description in the frontmatter, each navigation group as a capability whose pages are its topics,
 * and where the full documentation is (`llms.txt`, `llms-full.txt`, each page's `.md`). A
 * repository's own `skill.md` replaces it (`site-build/llms-files.ts`).
 */
import { markdownFileFor } from '../shared/index.js';
import type { LlmsGroup, LlmsSite } from './llms.js';

/** The agentskills.io limits: a name of at most 64 characters, a description of at most 1024. */
const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;

/** The file's name at the site root (and the path it is served at). */
export const SKILL_FILE = 'skill.md';

/**
 * A skill name as agentskills.io wants it: lowercase letters, digits and single hyphens, not at
 * either end ("Acme Cloud API" → `acme-cloud-api`); `docs` when nothing is left.
 */
export function skillName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, MAX_NAME).replace(/-+$/, '') || 'docs';
}

/** A YAML scalar in double quotes (JSON's escapes are YAML's). */
const yamlString = (value: string) => JSON.stringify(value);

const oneLine = (text: string | undefined) => text?.trim().replace(/\s+/g, ' ') ?? '';

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The generated `skill.md` of a site: frontmatter, then capabilities by navigation group, then where to read more. */
export function skillFile(site: LlmsSite, groups: readonly LlmsGroup[]): string {
  const base = (site.siteUrl ?? '').replace(/\/+$/, '');
  const url = (rel: string) => `${base}/${rel}`;
  const about = oneLine(site.description);
  const topics = groups.map((g) => g.label.split(' › ').pop()!).filter((label, i, all) => all.indexOf(label) === i);
  const when = topics.length ? ` Use when working with ${site.name}: ${topics.slice(0, 8).join(', ')}${topics.length > 8 ? ', and more' : ''}.` : ` Use when working with ${site.name}.`;
  const description = clip(`${about || `Documentation of ${site.name}.`}${when}`, MAX_DESCRIPTION);
  const out = [
    '---',
    `name: ${skillName(site.name)}`,
    `description: ${yamlString(description)}`,
    'metadata:',
    `  title: ${yamlString(site.name)}`,
    '  generator: "folio"',
    '---',
    '',
    `# ${site.name}`,
    '',
  ];
  if (about) out.push(about, '');
  out.push('## Capabilities', '', `What this documentation teaches an agent to do with ${site.name}, by section. Read a page's Markdown before acting on it.`, '');
  for (const group of groups) {
    out.push(`### ${group.label}`, '');
    for (const page of group.pages) {
      const said = oneLine(page.description);
      out.push(`- [${page.title}](${url(markdownFileFor(page.href))})${said ? `: ${clip(said, 300)}` : ''}`);
    }
    out.push('');
  }
  out.push(
    '## Context',
    '',
    `- Every page of the ${site.name} documentation is also Markdown: add \`.md\` to its path.`,
    `- [llms.txt](${url('llms.txt')}) lists every page; [llms-full.txt](${url('llms-full.txt')}) holds their full text.`,
    '',
  );
  return out.join('\n');
}
