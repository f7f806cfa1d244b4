import fs from 'node:fs';
import path from 'node:path';
import { closest, sortDiagnostics, type Diagnostic, type SourcePosition } from '../../shared/index.js';
import { resolveShapes, runChecks } from '../checks/index.js';
import { convertMintConfig } from '../mint/convert.js';
import { type DocsConfig, docsConfigSchema } from '../schema/docs-config.js';
import { createReadContext } from './read-json.js';
import { readJsonFile } from './read-json.js';
import { parseLeniently } from './lenient.js';
import { type FieldPath, formatPath } from './source-map.js';
import { findUnknownKeys } from './unknown-keys.js';
import { withRootRelativeAssets } from './asset-paths.js';
import type { ConfigCode } from '../codes.js';

/** The result of reading a docs root's configuration. */
export interface LoadedDocsConfig {
  /** The validated, `$ref`-resolved (and mint.json-converted) config, or null when it cannot be used. */
  config: DocsConfig | null;
  /** Every problem found, sorted by file and position. */
  diagnostics: Diagnostic<ConfigCode>[];
  /** Which file the configuration came from. */
  source: 'docs.json' | 'mint.json';
  /** True when the input could not be read or parsed at all (CLI exit code 2). */
  unreadable: boolean;
  /** File, line and column of a field of the resolved config (the file that held it, `$ref` files included). */
  locate(path: FieldPath): SourcePosition;
}

const isUnder = (p: FieldPath, base: FieldPath): boolean => base.length <= p.length && base.every((seg, i) => p[i] === seg);

/** Options of loadDocsConfig. */
export interface LoadOptions {
  /** Read this file even when the other exists (`folio upgrade` reads mint.json next to a docs.json). */
  source?: 'docs.json' | 'mint.json';
}

/** Read, `$ref`-resolve, convert (mint.json) and validate the configuration of a docs root. */
export async function loadDocsConfig(root: string, { source: forced }: LoadOptions = {}): Promise<LoadedDocsConfig> {
  const absRoot = path.resolve(root);
  const docsJson = path.join(absRoot, 'docs.json');
  const mintJson = path.join(absRoot, 'mint.json');
  const source: LoadedDocsConfig['source'] = forced ?? (!fs.existsSync(docsJson) && fs.existsSync(mintJson) ? 'mint.json' : 'docs.json');
  const ctx = createReadContext(absRoot, source);
  const locate = (p: FieldPath) => ctx.map.locate(p);
  const done = (config: DocsConfig | null): LoadedDocsConfig => ({
    config,
    diagnostics: sortDiagnostics(ctx.diagnostics),
    source,
    unreadable: ctx.unreadable,
    locate,
  });

  const file = source === 'docs.json' ? docsJson : mintJson;
  if (!fs.existsSync(file)) {
    ctx.unreadable = true;
    ctx.diagnostics.push({ file: 'docs.json', line: 1, column: 1, severity: 'error', code: 'CONFIG_NOT_FOUND', path: '', message: 'no docs.json or mint.json in the docs root; create docs.json (`folio schema` prints its JSON Schema) or pass the right directory' });
    return done(null);
  }
  let raw: unknown;
  try {
    raw = readJsonFile(ctx, file, [], []);
  } catch (err) {
    ctx.unreadable = true;
    ctx.diagnostics.push({ file: source, line: 1, column: 1, severity: 'error', code: 'CONFIG_READ_FAILED', path: '', message: `cannot read ${source}: ${(err as Error).message}` });
    return done(null);
  }
  if (ctx.unreadable) return done(null);
  if (source === 'mint.json') raw = convertMintConfig(raw, ctx);
  // Shapes the platform publishes by dropping part of them are resolved the same way first, so
  // validation, navigation and `folio nav --json` see only what the site shows.
  raw = resolveShapes({ root: absRoot, raw, ctx });

  const parsed = parseLeniently(docsConfigSchema, raw);
  for (const p of parsed.problems) {
    if (ctx.failedRefs.some((base) => isUnder(p.path, base))) continue;
    const at = p.atKey ? ctx.map.locateKey(p.path) : ctx.map.locate(p.path);
    ctx.diagnostics.push({ ...at, severity: p.severity, code: p.code, path: formatPath(p.path), message: p.message });
  }
  for (const u of findUnknownKeys(docsConfigSchema, raw)) {
    const keyPath = [...u.path, u.key];
    const guess = closest(u.key, u.known);
    const fix = knownKeyFix(u.path, u.key) ?? (guess ? `did you mean \`${guess}\`?` : 'remove it or check the spelling');
    const owner = u.path.length ? ` in \`${formatPath(u.path)}\`` : '';
    ctx.diagnostics.push({ ...ctx.map.locateKey(keyPath), severity: 'warning', code: 'CONFIG_UNKNOWN_KEY', path: formatPath(keyPath), message: `unknown key \`${u.key}\`${owner} is ignored; ${fix}` });
  }
  runChecks({ root: absRoot, raw, ctx });
  // Problems beyond the schema (a missing page, mixed children) are reported but
  // leave the config usable, so a preview can still show the rest of the site.
  return done(parsed.data && withRootRelativeAssets(parsed.data));
}

/**
 * Keys real repositories write that the platform documents under another name or not at all (so it
 * ignores them too), with what to write instead; `undefined` for any other key.
 */
function knownKeyFix(owner: FieldPath, key: string): string | undefined {
  const parent = owner.at(-1);
  if (key === 'collapsed' && owner.includes('navigation')) return 'a nested group is collapsed unless it says `"expanded": true`; remove `collapsed` (write `"expanded": false` to be explicit)';
  if ((key === 'css' && (parent === 'styling' || owner.length === 0)) || (key === 'js' && owner.length === 0)) {
    return `every \`.${key}\` file of the repository is loaded on every page already (the platform documents no such key); remove it`;
  }
  if (key === 'anchors' && owner.length === 0) return 'docs.json keeps anchors inside `navigation` (`navigation.anchors`, or `navigation.global.anchors` for links shown on every page); move them there';
  return undefined;
}
