/**
 * Tailwind classes written in the repository's MDX and snippets (`className="block dark:hidden"`),
 * compiled by Tailwind 4's own compiler into one stylesheet, `assets/tw.<hash>.css`. Only the
 * classes found are generated (Tailwind ignores tokens that are not utilities), without Tailwind's
 * preflight (Folio's layout keeps its own base styles), unlayered so utilities win over component
 * rules as they do on the platform, and `dark:` follows Folio's theme toggle (`data-theme=dark`).
 */
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hashText } from '../shared/index.js';
import type { Site } from '../site/index.js';
import type { BuiltAsset } from './site-assets.js';

const require = createRequire(import.meta.url);

const INPUT = [
  '@import "tailwindcss/theme.css";',
  '@custom-variant dark (&:where([data-theme=dark], [data-theme=dark] *));',
  // The platform's Tailwind config names the site colours `primary`, `primary-light`, `primary-dark`.
  '@theme inline { --color-primary: var(--primary); --color-primary-light: var(--primary-light); --color-primary-dark: var(--primary-dark); }',
  '@tailwind utilities;',
].join('\n');

/** Class tokens of `class="..."`, `className="..."` and ``className={`...`}`` attributes in MDX or JSX source. */
export function classCandidates(source: string, into = new Set<string>()): Set<string> {
  const attr = /\bclass(?:Name)?\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`]*)`)\s*\})/g;
  for (const m of source.matchAll(attr)) {
    const value = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
    for (const token of value.replace(/\$\{[^}]*\}/g, ' ').split(/\s+/)) if (token && token.length < 100) into.add(token);
  }
  return into;
}

async function loadStylesheet(id: string, base: string) {
  const file = id.startsWith('tailwindcss/') ? require.resolve(id) : path.resolve(base, id);
  return { path: file, base: path.dirname(file), content: await readFile(file, 'utf8') };
}

/** Minified CSS for `candidates` (empty when none is a Tailwind utility). */
export async function tailwindCss(candidates: Iterable<string>): Promise<string> {
  // Loaded on first use: sites without classes never pay for Tailwind's compiler.
  const { compile } = await import('tailwindcss');
  const compiler = await compile(INPUT, { base: process.cwd(), loadStylesheet });
  const css = compiler.build([...candidates]);
  // A build with no utility still carries the theme layer's empty shell.
  if (!/\{[^{}]*:[^{}]*\}/.test(css.replace(/@layer theme\s*\{[\s\S]*?\n\}/, ''))) return '';
  const { build } = await import('esbuild');
  const result = await build({ stdin: { contents: css, loader: 'css' }, minify: true, write: false, logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

/** Snippet sources (`snippets/`, `_snippets/`): components there carry classes too. */
async function snippetSources(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    // No such folder: no snippets there.
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) await walk(abs);
      else if (e.isFile() && /\.(mdx?|jsx?|tsx?)$/.test(e.name)) out.push(await readFile(abs, 'utf8'));
    }
  };
  for (const name of ['snippets', '_snippets']) await walk(path.join(root, name));
  return out;
}

/**
 * The site's Tailwind stylesheet, or null when no page or snippet writes a class. Page text comes
 * from the index (loaded with `keepSource`), so only snippets are read here.
 */
export async function siteTailwind(site: Site): Promise<BuiltAsset | null> {
  const candidates = new Set<string>();
  for (const page of site.index.pages.values()) if (page.source?.includes('class') && /\bclass(Name)?\s*=/.test(page.source)) classCandidates(page.source, candidates);
  for (const text of await snippetSources(site.root)) classCandidates(text, candidates);
  if (candidates.size === 0) return null;
  const css = await tailwindCss([...candidates].sort());
  return css ? { file: `assets/tw.${hashText(css).slice(0, 10)}.css`, contents: css } : null;
}
