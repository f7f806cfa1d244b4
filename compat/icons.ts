/**
 * `npx tsx compat/icons.ts [--json] [--cross]`: how many icon uses of the real repositories in ../shared/corpora
 * find no glyph (what the build reports as `ICON_UNKNOWN`). Counts every literal icon name: MDX
 * attributes `icon="x"` / `icon={"x"}` outside code fences (with the tag's `iconType`), frontmatter
 * `icon:`, and every `icon` value of docs.json / mint.json (with `iconType` or `style` beside it),
 * each resolved with the corpus' `icons.library`. A line scan, not the MDX compiler, so all 20
 * corpora take seconds; `{expressions}` that compute a name are not counted. `--cross` lists the
 * names drawn by a library other than the site's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isImageIcon, resolveIcon, type IconLibrary } from '../src/mdx/index.js';
import { CORPORA_DIR } from './corpora.js';

interface Use { corpus: string; file: string; line: number; name: string; type?: string }

function pageFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const abs = path.join(dir, entry);
    if (statSync(abs).isDirectory()) pageFiles(abs, out);
    else if (/\.mdx?$/.test(entry)) out.push(abs);
  }
  return out;
}

/** The text with fenced code blanked (line numbers kept): icons in examples are not drawn. */
function withoutFences(text: string): string {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (!fence) fence = m[1]!;
      else if (m[1]!.startsWith(fence[0]!) && m[1]!.length >= fence.length) fence = null;
      return '';
    }
    return fence ? '' : line;
  }).join('\n');
}

function mdxUses(corpus: string, file: string, text: string): Use[] {
  const uses: Use[] = [];
  const body = withoutFences(text);
  const lineAt = (i: number) => body.slice(0, i).split('\n').length;
  const front = /^---\n([\s\S]*?)\n---/.exec(text);
  if (front) for (const m of front[1]!.matchAll(/^icon:\s*["']?([^"'\n]+?)["']?\s*$/gm)) uses.push({ corpus, file, line: lineAt(m.index!), name: m[1]! });
  const attr = /\bicon=(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/g;
  for (const m of body.matchAll(attr)) {
    if (front && m.index! < front[0].length) continue;
    const name = m[1] ?? m[2] ?? m[3] ?? '';
    const start = body.lastIndexOf('<', m.index!);
    const end = body.indexOf('>', m.index!);
    const tag = body.slice(start, end < 0 ? undefined : end);
    const type = /\biconType=(?:"([^"]*)"|'([^']*)')/.exec(tag);
    uses.push({ corpus, file, line: lineAt(m.index!), name, type: type?.[1] ?? type?.[2] });
  }
  return uses;
}

function configUses(corpus: string, file: string, json: unknown, uses: Use[] = []): Use[] {
  if (Array.isArray(json)) for (const v of json) configUses(corpus, file, v, uses);
  else if (json && typeof json === 'object') {
    const o = json as Record<string, unknown>;
    if (typeof o.icon === 'string') uses.push({ corpus, file, line: 0, name: o.icon, type: typeof o.iconType === 'string' ? o.iconType : undefined });
    else if (o.icon && typeof o.icon === 'object' && typeof (o.icon as { name?: unknown }).name === 'string') {
      const icon = o.icon as { name: string; style?: string };
      uses.push({ corpus, file, line: 0, name: icon.name, type: icon.style });
    }
    for (const v of Object.values(o)) if (v && typeof v === 'object') configUses(corpus, file, v, uses);
  }
  return uses;
}

function corpusUses(corpus: string): { library: IconLibrary; uses: Use[] } {
  const dir = path.join(CORPORA_DIR, corpus);
  const uses: Use[] = [];
  let library: IconLibrary = 'fontawesome';
  for (const name of ['docs.json', 'mint.json']) {
    let config: { icons?: { library?: IconLibrary } };
    try {
      config = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      continue;
    }
    library = config.icons?.library ?? library;
    configUses(corpus, name, config, uses);
    break;
  }
  for (const file of pageFiles(dir)) uses.push(...mdxUses(corpus, path.relative(dir, file), readFileSync(file, 'utf8')));
  return { library, uses: uses.filter((u) => u.name && !isImageIcon(u.name) && !u.name.trim().startsWith('<svg')) };
}

const corpora = readdirSync(CORPORA_DIR).filter((c) => statSync(path.join(CORPORA_DIR, c)).isDirectory()).sort();
let total = 0;
const unknown: (Use & { library: IconLibrary })[] = [];
const rows: { corpus: string; library: IconLibrary; uses: number; unknown: number }[] = [];
for (const corpus of corpora) {
  const { library, uses } = corpusUses(corpus);
  const missing = uses.filter((u) => !resolveIcon(u.name, { type: u.type, library }));
  total += uses.length;
  unknown.push(...missing.map((u) => ({ ...u, library })));
  rows.push({ corpus, library, uses: uses.length, unknown: missing.length });
}
const share = total ? (100 * unknown.length) / total : 0;
if (process.argv.includes('--cross')) {
  // Names drawn by a library other than the site's (Font Awesome Pro names Lucide or Tabler have).
  const cross = new Map<string, number>();
  for (const corpus of corpora) {
    const { library, uses } = corpusUses(corpus);
    for (const u of uses) {
      const found = resolveIcon(u.name, { type: u.type, library });
      if (!found || (library === 'fontawesome' ? found.set.startsWith('fa7') : found.set === library)) continue;
      const key = `${u.name} -> ${found.id} [${library}]`;
      cross.set(key, (cross.get(key) ?? 0) + 1);
    }
  }
  for (const [key, count] of [...cross].sort((a, b) => b[1] - a[1])) console.log(count, key);
} else if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ total, unknown: unknown.length, share, rows, names: unknown }, null, 2));
} else {
  for (const r of rows) console.log(`${r.corpus.padEnd(22)} ${r.library.padEnd(12)} ${String(r.uses).padStart(6)} uses ${String(r.unknown).padStart(4)} unknown`);
  const byName = new Map<string, { count: number; where: string }>();
  for (const u of unknown) {
    const key = `${u.name}${u.type ? ` (${u.type})` : ''} [${u.library}]`;
    const e = byName.get(key) ?? { count: 0, where: `${u.corpus}/${u.file}${u.line ? `:${u.line}` : ''}` };
    e.count++;
    byName.set(key, e);
  }
  for (const [name, e] of [...byName].sort((a, b) => b[1].count - a[1].count)) console.log(`  ${String(e.count).padStart(4)}  ${name}  e.g. ${e.where}`);
  console.log(`ICON_UNKNOWN: ${unknown.length} of ${total} icon uses (${share.toFixed(2)} %)`);
}
