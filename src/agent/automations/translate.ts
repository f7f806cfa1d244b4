import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JSONPath } from 'jsonc-parser';
import { resolveInside } from '../../shared/index.js';
import { AgentError } from '../codes.js';
import { completeText } from '../llm/complete-text.js';
import type { LlmOptions } from '../llm/options.js';
import { editDocsJson, readDocsJson, saveDocsJson } from '../maintainer/docs-json.js';
import type { AgentModel } from '../model.js';

/** Pages one run translates at most; the rest wait for the next run (the summary says how many). */
export const MAX_TRANSLATIONS_PER_RUN = 40;
/** Longest source page sent to the model, in characters. */
const MAX_SOURCE_CHARS = 60_000;

/** The text the model is asked for one page. */
export function translationPrompt(input: { from: string; to: string; file: string; source: string; previous: string | null }): string {
  return [
    `Translate this documentation page from the language "${input.from}" into the language "${input.to}".`,
    'It is MDX: Markdown with JSX components and a YAML frontmatter. Translate the prose, headings, and the frontmatter values "title", "sidebarTitle" and "description".',
    'Keep unchanged: frontmatter keys and other values, code blocks and inline code, component and attribute names, link targets and URLs, image paths, and the page\'s structure.',
    input.previous === null
      ? 'There is no translation yet.'
      : 'The page was translated before, from an older version of the source. Keep the passages of the previous translation whose source did not change, word for word; translate what changed.',
    'Answer with the translated page only, from its first line to its last: no introduction, no remark, no code fence around it.',
    `<<<SOURCE ${input.file}`,
    input.source,
    'SOURCE>>>',
    ...(input.previous === null ? [] : ['<<<PREVIOUS TRANSLATION', input.previous, 'PREVIOUS>>>']),
  ].join('\n');
}

/** The model's answer as a page: a fence it put around the whole page taken off. */
function pageOf(answer: string): string {
  const text = answer.trim();
  const fenced = /^```[a-z]*\n([\s\S]*)\n```$/i.exec(text);
  return `${(fenced ? fenced[1]! : text).trimEnd()}\n`;
}

/** Where the navigation lists `page` in `node`: the JSON path of the array and the index in it; null when nowhere. */
function findPage(node: unknown, page: string, at: JSONPath = []): { array: JSONPath; index: number } | null {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      if (node[i] === page) return { array: at, index: i };
      const found = findPage(node[i], page, [...at, i]);
      if (found) return found;
    }
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'language' || key === 'version') continue;
      const found = findPage(value, page, [...at, key]);
      if (found) return found;
    }
  }
  return null;
}

const get = (node: unknown, p: JSONPath): unknown => p.reduce<unknown>((n, k) => (n && typeof n === 'object' ? (n as Record<string | number, unknown>)[k] : undefined), node);

/** The first `pages` array under `node` (depth first), for a language whose layout differs from the default's. */
function firstPages(node: unknown, at: JSONPath = []): JSONPath | null {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const found = firstPages(node[i], [...at, i]);
      if (found) return found;
    }
  } else if (node && typeof node === 'object') {
    const obj = node as Record<string, unknown>;
    if (Array.isArray(obj.pages)) return [...at, 'pages'];
    for (const [key, value] of Object.entries(obj)) {
      const found = firstPages(value, [...at, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * List a new translation in its language's navigation, at the place its source has in the default
 * language's (same groups and index when the language mirrors the default's layout; else its first
 * group's end). False when docs.json has no such language.
 */
async function listInNavigation(root: string, language: string, sourcePage: string, page: string): Promise<boolean> {
  const doc = await readDocsJson(root);
  const languages = get(doc.value, ['navigation', 'languages']);
  if (!Array.isArray(languages)) return false;
  const target = languages.findIndex((l) => (l as { language?: unknown })?.language === language);
  const source = languages.findIndex((l) => (l as { default?: unknown })?.default === true);
  if (target < 0) return false;
  const base: JSONPath = ['navigation', 'languages', target];
  if (findPage(languages[target], page)) return true;
  const at = source >= 0 ? findPage(languages[source], sourcePage) : null;
  const mirrored = at && Array.isArray(get(languages[target], at.array)) ? at : null;
  const array = mirrored ? mirrored.array : firstPages(languages[target]);
  if (!array) return false;
  const length = (get(languages[target], array) as unknown[]).length;
  const index = mirrored ? Math.min(mirrored.index, length) : length;
  editDocsJson(doc, [...base, ...array, index], page, true);
  await saveDocsJson(doc);
  return true;
}

/**
 * The translate automation's agent: for a site with `languages`, each stale or missing translation
 * (as `folio check --translations` reports them) is written by the configured language model from its
 * source page, with `translatedFrom` set to the source's git blob id, so the report calls it current;
 * a missing one is also listed in its language's navigation. The model is asked once per page, with
 * no tools: the pages, paths and records are decided here.
 */
export function translateAgent(llm: LlmOptions | null, modelId: string, complete: typeof completeText = completeText): AgentModel {
  return async ({ root, step, log, signal }) => {
    if (!llm) {
      throw new AgentError('AGENT_UNKNOWN_MODEL', `The translate automation needs a language model; "${modelId}" is not served (set FOLIO_LLM_BASE_URL and FOLIO_LLM_API_KEY, or ANTHROPIC_API_KEY).`);
    }
    const { gitBlobId, languagePagesOf, loadSite, readTranslationReport, withTranslationRecord } = await import('../../site/index.js');
    const { site } = await loadSite(root, { openapi: false });
    if (!site) throw new AgentError('AGENT_INVALID_CONFIG', 'docs.json could not be read, so the translations cannot be found.');
    const langs = languagePagesOf(site);
    const source = langs.find((l) => l.isDefault);
    if (!source || langs.length < 2) return { title: 'No translations to update', summary: 'The site declares no languages besides its default one, so there is nothing to translate.' };
    const report = await readTranslationReport(site);
    const todo = report.entries.filter((e) => e.state !== 'current');
    if (todo.length === 0) return { title: 'Translations are current', summary: 'No translation was stale or missing.' };
    const done: string[] = [];
    const skipped: string[] = [];
    for (const entry of todo.slice(0, MAX_TRANSLATIONS_PER_RUN)) {
      if (signal?.aborted) break;
      const lang = langs.find((l) => l.code === entry.language)!;
      const rest = source.folder && entry.source.file.startsWith(source.folder) ? entry.source.file.slice(source.folder.length) : entry.source.file;
      const file = entry.translation?.file ?? `${lang.folder}${rest}`;
      const abs = resolveInside(root, file);
      const sourceAbs = resolveInside(root, entry.source.file);
      if (!abs || !sourceAbs) {
        skipped.push(`${file} (outside the docs folder)`);
        continue;
      }
      const bytes = await readFile(sourceAbs);
      const text = bytes.toString('utf8');
      if (text.length > MAX_SOURCE_CHARS) {
        skipped.push(`${file} (its source is over ${MAX_SOURCE_CHARS} characters)`);
        continue;
      }
      const previous = entry.translation ? await readFile(abs, 'utf8').catch(() => null) : null;
      step?.({ kind: 'read', text: entry.source.file });
      log?.(`translate: ${entry.source.file} → ${file} (${entry.state})`);
      let answer: string;
      try {
        answer = await complete(llm, modelId, translationPrompt({ from: source.code, to: lang.code, file: entry.source.file, source: text, previous }), { maxOutputTokens: 16_000, timeoutMs: 180_000 });
      } catch (err) {
        throw new AgentError('AGENT_LLM_FAILED', `Model "${modelId}" failed translating ${entry.source.file} into ${lang.code}: ${(err as Error).message}`);
      }
      if (answer.trim() === '') {
        skipped.push(`${file} (the model answered nothing)`);
        continue;
      }
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, withTranslationRecord(pageOf(answer), gitBlobId(bytes)));
      step?.({ kind: 'changed', text: file });
      if (!entry.translation) {
        const page = file.replace(/\.mdx?$/i, '');
        if (!(await listInNavigation(root, lang.code, entry.source.path, page))) skipped.push(`${file} (written, but its language's navigation could not be found to list it)`);
        else step?.({ kind: 'changed', text: 'docs.json' });
      }
      done.push(`- \`${file}\` (${entry.state === 'missing' ? 'new' : 'updated'}, from \`${entry.source.file}\`)`);
    }
    const left = todo.length - Math.min(todo.length, MAX_TRANSLATIONS_PER_RUN);
    const summary = [
      done.length ? `Translated ${done.length} page(s) with ${modelId}; each records the source version it was made from (translatedFrom):\n\n${done.join('\n')}` : 'No page was translated.',
      skipped.length ? `Skipped: ${skipped.join('; ')}.` : '',
      left > 0 ? `${left} more translation(s) wait for the next run (at most ${MAX_TRANSLATIONS_PER_RUN} a run).` : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    return { title: `Update ${done.length} translation${done.length === 1 ? '' : 's'}`, summary };
  };
}
