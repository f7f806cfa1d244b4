/**
 * Error codes, checked both ways for every layer that keeps a registry (`src/<layer>/codes.ts`,
 * found by walking `src/`, so a new layer is covered as soon as its registry lands):
 * every code the sources use is registered, every registered code is documented in
 * `docs/reference/errors/<layer>.md` and used somewhere, and every documented code is registered.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const src = path.join(repo, 'src');
const docs = path.join(repo, 'docs/reference/errors');

/** A code as written in source: `'CONFIG_MISSING_FIELD'`, `"NOT_FOUND"`, or `` `AGENT_INTERNAL: ...` ``. */
const QUOTED_CODE = /['"`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})['"`:]/g;
/** A documented code: a list item `` - `CODE` - what it means ``. */
const DOCUMENTED_CODE = /^- `([A-Z0-9_]+)` - \S/gm;

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, keep, out);
    else if (keep(full)) out.push(full);
  }
  return out;
}

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
const sources = walk(src, isSource).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

interface Registry {
  layer: string;
  file: string;
  codes: Set<string>;
}

/** The one exported object of string descriptions in a codes.ts module. */
async function loadRegistry(file: string): Promise<Registry> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const tables = Object.values(module).filter(
    (value): value is Record<string, string> =>
      typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((d) => typeof d === 'string'),
  );
  if (tables.length !== 1) throw new Error(`${path.relative(repo, file)} must export exactly one code table, found ${tables.length}`);
  return { layer: path.basename(path.dirname(file)), file, codes: new Set(Object.keys(tables[0]!)) };
}

const registries = await Promise.all(walk(src, (f) => path.basename(f) === 'codes.ts').sort().map(loadRegistry));
const registered = new Set(registries.flatMap((r) => [...r.codes]));
const prefixOf = (code: string) => code.split('_')[0]!;

function documented(layer: string): string[] {
  const file = path.join(docs, `${layer}.md`);
  return fs.existsSync(file) ? [...fs.readFileSync(file, 'utf8').matchAll(DOCUMENTED_CODE)].map((m) => m[1]!) : [];
}

/** The text of a registry file without its table, so describing a code does not count as using it. */
function withoutTable(text: string): string {
  return text.replace(/=\s*\{[\s\S]*?\}\s*as const;/, '');
}

describe('error code registries', () => {
  it('finds a registry per layer, each under its own layer name', () => {
    expect(registries.length).toBeGreaterThan(0);
    const layers = registries.map((r) => r.layer);
    expect(layers.filter((layer, i) => layers.indexOf(layer) !== i)).toEqual([]);
  });

  describe.each(registries.map((r) => [r.layer, r] as const))('%s', (layer, registry) => {
    it(`registers every code its prefixes are used with in src/`, () => {
      const prefixes = new Set([...registry.codes].map(prefixOf));
      const unregistered = new Set<string>();
      for (const { file, text } of sources) {
        for (const m of text.matchAll(QUOTED_CODE)) {
          const code = m[1]!;
          if (prefixes.has(prefixOf(code)) && !registered.has(code)) unregistered.add(`${code} (${path.relative(repo, file)})`);
        }
      }
      expect([...unregistered]).toEqual([]);
    });

    it(`documents exactly its registered codes in docs/reference/errors/${layer}.md`, () => {
      const listed = documented(layer);
      expect(listed.filter((code, i) => listed.indexOf(code) !== i), 'documented twice').toEqual([]);
      expect(listed.filter((code) => !registry.codes.has(code)), 'documented, not registered').toEqual([]);
      expect([...registry.codes].filter((code) => !listed.includes(code)), 'registered, not documented').toEqual([]);
    });

    it('uses every registered code somewhere in src/', () => {
      const texts = sources.map(({ file, text }) => (file === registry.file ? withoutTable(text) : text));
      const unused = [...registry.codes].filter((code) => !texts.some((text) => new RegExp(`\\b${code}\\b`).test(text)));
      expect(unused).toEqual([]);
    });
  });

  it('documents codes only in pages that belong to a registry', () => {
    const layers = new Set(registries.map((r) => r.layer));
    const orphans = fs
      .readdirSync(docs)
      .filter((name) => name.endsWith('.md') && !layers.has(name.replace(/\.md$/, '')))
      .filter((name) => documented(name.replace(/\.md$/, '')).length > 0);
    expect(orphans).toEqual([]);
  });
});
