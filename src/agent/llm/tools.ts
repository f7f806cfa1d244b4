import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tool } from 'ai';
import { z } from 'zod';
import { resolveInside, toPosixRelative } from '../../shared/index.js';
import type { NewAgentJobStep } from '../../db/index.js';
import { findBrokenLinks } from '../maintainer/fix-links.js';
import { describeErrors, siteErrors } from '../verify.js';

const MAX_READ = 200_000;
const MAX_LIST = 1000;
const SKIP_DIRS = new Set(['.git', 'node_modules', '.folio']);

/** Resolve a model-supplied path inside the docs root; the model never reaches outside it or into .git. */
function inside(root: string, rel: string): string {
  const abs = resolveInside(root, rel);
  if (abs === null || toPosixRelative(root, abs).split('/').includes('.git')) throw new Error(`Path "${rel}" is outside the docs root.`);
  return abs;
}

async function walk(root: string, dir: string, out: string[]): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (out.length >= MAX_LIST) return;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) await walk(root, path.join(dir, entry.name), out);
    } else if (entry.isFile()) {
      out.push(toPosixRelative(root, path.join(dir, entry.name)));
    }
  }
}

/** Tools a language-model agent edits the docs with, all confined to `root`. */
export function docsTools(root: string, edited: Set<string>, step: (s: NewAgentJobStep) => void = () => {}) {
  return {
    list_files: tool({
      description: 'List files under a folder of the docs repository (recursive, paths relative to the docs root).',
      inputSchema: z.object({ dir: z.string().default('.').describe('Folder relative to the docs root') }),
      execute: async ({ dir }) => {
        const out: string[] = [];
        await walk(root, inside(root, dir), out);
        return out.sort().join('\n') || '(no files)';
      },
    }),
    read_file: tool({
      description: 'Read a text file of the docs repository.',
      inputSchema: z.object({ path: z.string().describe('File path relative to the docs root') }),
      execute: async ({ path: rel }) => {
        const abs = inside(root, rel);
        const text = await readFile(abs, 'utf8');
        step({ kind: 'read', text: toPosixRelative(root, abs) });
        return text.length > MAX_READ ? `${text.slice(0, MAX_READ)}\n[truncated]` : text;
      },
    }),
    write_file: tool({
      description: 'Create or replace a text file of the docs repository with the given content.',
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: async ({ path: rel, content }) => {
        const abs = inside(root, rel);
        await mkdir(path.dirname(abs), { recursive: true });
        await writeFile(abs, content);
        edited.add(toPosixRelative(root, abs));
        step({ kind: 'changed', text: toPosixRelative(root, abs) });
        return `Wrote ${toPosixRelative(root, abs)} (${content.length} characters).`;
      },
    }),
    search_files: tool({
      description: 'Find lines containing a text (case-insensitive) in the docs files; returns file:line: text.',
      inputSchema: z.object({ query: z.string().min(1) }),
      execute: async ({ query }) => {
        const files: string[] = [];
        await walk(root, root, files);
        const needle = query.toLowerCase();
        const hits: string[] = [];
        for (const file of files) {
          if (!/\.(mdx?|json|ya?ml|txt)$/i.test(file)) continue;
          const abs = path.join(root, file);
          if ((await stat(abs)).size > MAX_READ) continue;
          const lines = (await readFile(abs, 'utf8')).split('\n');
          lines.forEach((line, i) => {
            if (hits.length < 100 && line.toLowerCase().includes(needle)) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 200)}`);
          });
        }
        return hits.join('\n') || 'No matches.';
      },
    }),
    validate: tool({
      description: 'Validate docs.json and the pages (like `folio validate`); returns the errors or "OK".',
      inputSchema: z.object({}),
      execute: async () => {
        const errors = await siteErrors(root, 'validate');
        step({ kind: 'check', text: errors.length === 0 ? 'validate: no errors' : `validate: ${describeErrors(errors)}`, ok: errors.length === 0 });
        return errors.length === 0 ? 'OK' : describeErrors(errors, 20);
      },
    }),
    check_links: tool({
      description: 'List internal links of the pages that lead to no page or file (file:line: target), or "OK". Fast: no build.',
      inputSchema: z.object({}),
      execute: async () => {
        const broken = (await findBrokenLinks(root)).map((b) => `${b.file}:${b.line}: ${b.target} leads to no page or file`);
        step({ kind: 'check', text: broken.length === 0 ? 'links: none broken' : `links: ${broken.length} broken: ${broken.slice(0, 5).join('; ')}`, ok: broken.length === 0 });
        return broken.length === 0 ? 'OK' : broken.slice(0, 50).join('\n');
      },
    }),
    build: tool({
      description: 'Build the site and return the build errors or "OK".',
      inputSchema: z.object({}),
      execute: async () => {
        const errors = await siteErrors(root, 'build');
        step({ kind: 'check', text: errors.length === 0 ? 'build: no errors' : `build: ${describeErrors(errors)}`, ok: errors.length === 0 });
        return errors.length === 0 ? 'OK' : describeErrors(errors, 20);
      },
    }),
  };
}
