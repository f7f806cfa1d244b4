import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { describe, expect, it } from 'vitest';
import { fastParseMarkdown } from '../../src/mdx/fast-markdown/blocks.js';
import { applyHeadingIds, extractHeadingIds } from '../../src/mdx/heading-ids.js';
import { parseMdx, unravelJsxParagraphs } from '../../src/mdx/parse.js';
import { generatePage } from '../../bench/mdx-page.js';
import { PASSING, passingCorpora } from '../../compat/corpora.js';
import { corpusDir, haveCorpora, listMdx, splitFrontmatter } from './corpus-helpers.js';

const reference = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkMath).freeze();

/** The tree without positions and data, so the two parsers' outputs compare structurally. */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(node).sort()) if (key !== 'position' && key !== 'data') out[key] = shape((node as Record<string, unknown>)[key]);
    return out;
  }
  return node;
}

/** null when the fast parser declines; otherwise whether it agrees with micromark. */
function agrees(source: string): boolean | null {
  const fast = fastParseMarkdown(source);
  if (!fast) return null;
  let slow;
  try {
    slow = reference.parse(source);
  } catch {
    return false; // the fast parser accepted something MDX rejects
  }
  expect(shape(fast)).toEqual(shape(slow));
  return true;
}

/**
 * Corpus-wide comparisons take every page of the corpora compat/passing.json's `testBuild` lists in
 * `npm test` (FOLIO_CORPORA_ALL=1: every building corpus, as `npm run compat` does for builds).
 */
const ALL_PAGES = process.env.FOLIO_CORPORA_ALL === '1';
const HAVE_CORPORA = haveCorpora(...PASSING.testBuild);

describe('fast Markdown parser', () => {
  it('handles the benchmark pages and agrees with remark on them', () => {
    for (let i = 0; i < 20; i++) expect(agrees(generatePage(i))).toBe(true);
  });

  it('agrees with remark on constructs the corpora showed it misread', () => {
    const cases = [
      '```ts icon="square-js" \nconst a = 1;\n```\n',
      '```\nouter\n        ```\nafter\n',
      '- item\n\n  ```ts\n  a\n    \n  b\n  ```\n',
      '- **data**:\n  - one\n\n    more\n\n  - two\n',
    ];
    for (const source of cases) expect(agrees(source), source).toBe(true);
  });

  it.skipIf(!HAVE_CORPORA)('either declines or produces exactly remark’s tree on every corpus page', () => {
    let accepted = 0;
    let total = 0;
    for (const corpus of passingCorpora('testBuild')) {
      const root = corpusDir(corpus);
      for (const file of listMdx(root)) {
        total++;
        const { body } = splitFrontmatter(readFileSync(path.join(root, file), 'utf8'));
        if (agrees(body)) accepted++;
      }
    }
    console.log(`fast Markdown parser took ${accepted} of ${total} corpus pages; the rest went to micromark`);
    expect(accepted).toBeGreaterThan(ALL_PAGES ? 300 : 90);
  });

  it('either declines or agrees with remark on generated Markdown (property)', () => {
    const word = fc.constantFrom('alpha', 'beta', 'x', 'foo_bar', 'a*b', '2 * 3', 'end.', '(paren)', 'https://ex.com/a_(b)', 'http://x.y/z.', '`code`', '``a`b``', '[t](/u)', '![i](/i.png)', '[x]', '*em*', '**st**', '_u_', '__uu__', '*', '**', '_', '#', '|', '-', '1.', '>', '!', ':', 'done.', '[ ]', 'C#', 'a_b_c', '*a **b** c*', '**a *b* c**', '** x **', 'a_', '_a', '**a**b', 'a**b**', '*a*b', 'foo*', '*foo', '***x***', '[a](b "t")', '[a]( b )', 'www.x.com', 'a@b.c', '&amp;', 'http://x.y/(a)', ')', '(', 'é*x*', '*x*é', '"q"', "'", '.*a*.', '_a_.', '-_a_-');
    const line = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
    const block = fc.oneof(
      line,
      line.map((l) => `# ${l}`),
      line.map((l) => `### ${l} ##`),
      fc.array(line, { minLength: 1, maxLength: 3 }).map((ls) => ls.map((l) => `- ${l}`).join('\n')),
      fc.array(line, { minLength: 1, maxLength: 3 }).map((ls) => ls.map((l, i) => `${i + 1}. ${l}`).join('\n')),
      fc.array(line, { minLength: 1, maxLength: 2 }).map((ls) => ls.map((l) => `- [x] ${l}`).join('\n\n')),
      fc.tuple(line, line).map(([a, b]) => `- ${a}\n\n  ${b}`),
      fc.tuple(line, line).map(([a, b]) => `- ${a}\n  - ${b}`),
      line.map((l) => `> ${l}`),
      line.map((l) => `\`\`\`js meta here\n${l}\n\`\`\``),
      fc.tuple(word, word, word).map(([a, b, c]) => `| ${a} | ${b} |\n|---|:-:|\n| ${c} | x |`),
      fc.constant('---'),
      fc.constant('***'),
      fc.tuple(line, line).map(([a, b]) => `${a}  \n${b}`),
      fc.tuple(line, line).map(([a, b]) => `${a}\n${b}`),
    );
    const doc = fc.array(block, { minLength: 1, maxLength: 6 }).map((bs) => bs.join('\n\n'));
    let accepted = 0;
    const numRuns = Number(process.env.FAST_MD_RUNS ?? 800);
    fc.assert(
      fc.property(doc, (source) => {
        const result = agrees(source);
        if (result === false) return false;
        if (result) accepted++;
        return true;
      }),
      { numRuns, seed: 8 },
    );
    // Many generated documents contain syntax the fast parser declines on purpose; enough must remain.
    expect(accepted).toBeGreaterThan(numRuns / 20);
  });

  // The costliest comparison (two full parses with positions per page): one page in five in `npm test`.
  it.skipIf(!HAVE_CORPORA)('page splitting (fast stretches + micromark stretches) equals whole-page micromark, positions included', { timeout: 1_800_000 }, () => {
    let compared = 0;
    for (const corpus of passingCorpora('testBuild')) {
      const root = corpusDir(corpus);
      for (const file of listMdx(root)) {
        const { body } = splitFrontmatter(readFileSync(path.join(root, file), 'utf8'));
        const ours = parseMdx(body, file, 0);
        // `## Title {#id}` is read before either parser runs (heading-ids.ts): give micromark the same text.
        const custom = extractHeadingIds(body);
        let theirs;
        try {
          theirs = reference.parse(custom?.text ?? body);
          unravelJsxParagraphs(theirs);
          if (custom) applyHeadingIds(theirs, custom.ids);
        } catch {
          expect(ours.ok, file).toBe(false);
          continue;
        }
        expect(ours.ok, file).toBe(true);
        if (!ours.ok) continue;
        expect(shape(ours.tree), `${corpus}/${file}`).toEqual(shape(theirs));
        expect(positions(ours.tree, ours.tree), `${corpus}/${file}`).toEqual(positions(theirs, ours.tree));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(ALL_PAGES ? 2000 : 350);
  });
});

/** Positions read from `tree` for the nodes that have one in `mask` (the fast parser's nodes have none). */
function positions(tree: unknown, mask: unknown): string[] {
  const out: string[] = [];
  const walk = (x: any, m: any) => {
    if (m?.position) {
      const p = x.position;
      out.push(`${x.type} ${p?.start.line}:${p?.start.column}@${p?.start.offset}-${p?.end.line}:${p?.end.column}`);
    }
    const loc = x?.data?.estree?.loc;
    if (m?.data?.estree) out.push(`estree ${loc?.start.line}:${loc?.start.column}-${loc?.end.line}:${loc?.end.column}`);
    if (Array.isArray(m?.children)) m.children.forEach((c: unknown, i: number) => walk(x.children[i], c));
  };
  walk(tree, mask);
  return out;
}
