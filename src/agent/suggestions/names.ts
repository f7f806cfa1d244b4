/**
 * Names a push changed, read from its unified diff: CLI flags (`--dry-run`), environment variables
 * (`FOLIO_TOKEN`), configuration keys (`max_retries:` in YAML/TOML/JSON/INI files) and OpenAPI
 * operation ids and paths (in files named like a spec). A name changed when removed lines hold it and
 * added lines do not; within one hunk, vanished and new names of one kind pair up in order as
 * renames (`--dry-run` → `--preview`), the rest are removals.
 */

export type NameKind = 'flag' | 'env' | 'config' | 'operation' | 'path';

export const KIND_LABELS: Record<NameKind, string> = {
  flag: 'CLI flag',
  env: 'environment variable',
  config: 'configuration key',
  operation: 'OpenAPI operation id',
  path: 'API path',
};

/** A name gone from the code, with what replaced it when the hunk shows one. */
export interface NameChange {
  kind: NameKind;
  old: string;
  /** The name that took its place in the same hunk, or null (removed, or renamed out of sight). */
  new: string | null;
  /** Source files whose diff shows it (posix paths). */
  files: string[];
}

const CONFIG_FILE = /\.(ya?ml|toml|json|jsonc|ini|cfg|conf|properties)$|(^|\/)\.env(\.|$)/i;
const SPEC_FILE = /(openapi|swagger)[^/]*\.(ya?ml|json)$/i;

// `--name` preceded by a start, space, quote, bracket or `=`; not `---` front matter or `--` alone.
const FLAG = /(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![\w-])/g;
// Upper-case words with an underscore: MY_VAR, FOLIO_TOKEN (not a lone ABC, which is too common).
const ENV = /(?<![\w])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w])/g;
// A key at the start of a line in a config file: `key:`, `key =`, `"key":`.
const CONFIG_KEY = /^\s*["']?([A-Za-z_][\w.-]*)["']?\s*[:=]/;
const OPERATION = /["']?operationId["']?\s*:\s*["']?([A-Za-z_][\w.-]*)/;
const SPEC_PATH = /^\s*["']?(\/[\w{}./-]*)["']?\s*:/;

/**
 * A config key worth following: one that says something on its own (`max_retries`, `apiBaseUrl`,
 * `cache.dir`), not a plain word (`name`, `type`) that every page uses in prose.
 */
function distinctiveKey(key: string): boolean {
  return key.length >= 4 && (/[_.-]/.test(key) || /[a-z][A-Z]/.test(key));
}

/** The names of each kind a line of `file` holds. */
export function namesInLine(file: string, line: string): Map<NameKind, string[]> {
  const found = new Map<NameKind, string[]>();
  const add = (kind: NameKind, name: string) => {
    const list = found.get(kind) ?? [];
    if (!list.includes(name)) list.push(name);
    found.set(kind, list);
  };
  for (const m of line.matchAll(FLAG)) add('flag', m[0]);
  for (const m of line.matchAll(ENV)) add('env', m[0]);
  if (SPEC_FILE.test(file)) {
    const op = OPERATION.exec(line);
    if (op) add('operation', op[1]!);
    const p = SPEC_PATH.exec(line);
    if (p && p[1]!.length > 1) add('path', p[1]!);
  } else if (CONFIG_FILE.test(file)) {
    const key = CONFIG_KEY.exec(line)?.[1];
    if (key && distinctiveKey(key) && !/^[A-Z0-9_]+$/.test(key)) add('config', key);
  }
  return found;
}

interface Hunk {
  file: string;
  removed: string[];
  added: string[];
}

/** Most diff text read: a push larger than this is read up to here. */
export const MAX_DIFF_CHARS = 8_000_000;

/** The hunks of a `git diff -U0` text, with their removed and added lines. */
export function hunksOf(diff: string): Hunk[] {
  const hunks: Hunk[] = [];
  let file = '';
  let current: Hunk | null = null;
  for (const line of diff.slice(0, MAX_DIFF_CHARS).split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = null;
      file = '';
      continue;
    }
    if (line.startsWith('+++ ')) {
      const target = line.slice(4);
      file = target === '/dev/null' ? file : target.replace(/^b\//, '');
      continue;
    }
    if (line.startsWith('--- ')) {
      const source = line.slice(4);
      if (source !== '/dev/null') file = source.replace(/^a\//, '');
      continue;
    }
    if (line.startsWith('@@')) {
      current = { file, removed: [], added: [] };
      hunks.push(current);
      continue;
    }
    if (!current) continue;
    if (line.startsWith('-')) current.removed.push(line.slice(1));
    else if (line.startsWith('+')) current.added.push(line.slice(1));
  }
  return hunks;
}

/**
 * The names the diff removed (and what replaced them), one entry per (kind, old name), in the order
 * first seen. `stillThere(names)` answers which of the candidate names the new commit still holds
 * anywhere (a name moved to another file did not change); those are left out.
 */
export async function changedNames(diff: string, stillThere: (names: string[]) => Promise<Set<string>>): Promise<NameChange[]> {
  const hunks = hunksOf(diff);
  const addedAll = new Set<string>();
  for (const h of hunks) for (const line of h.added) for (const list of namesInLine(h.file, line).values()) for (const n of list) addedAll.add(n);
  type Candidate = { kind: NameKind; old: string; file: string; hunk: number };
  const candidates: Candidate[] = [];
  hunks.forEach((h, i) => {
    for (const line of h.removed) {
      for (const [kind, list] of namesInLine(h.file, line)) for (const n of list) if (!addedAll.has(n)) candidates.push({ kind, old: n, file: h.file, hunk: i });
    }
  });
  if (candidates.length === 0) return [];
  const kept = await stillThere([...new Set(candidates.map((c) => c.old))]);
  const gone = candidates.filter((c) => !kept.has(c.old));
  // Renames: in each hunk, the gone names of a kind and the new names of that kind, paired in order.
  const renamed = new Map<string, string>();
  hunks.forEach((h, i) => {
    const removedNames = new Set<string>();
    for (const line of h.removed) for (const list of namesInLine(h.file, line).values()) for (const n of list) removedNames.add(n);
    const byKind = new Map<NameKind, { gone: string[]; fresh: string[] }>();
    for (const c of gone) {
      if (c.hunk !== i) continue;
      const entry = byKind.get(c.kind) ?? { gone: [], fresh: [] };
      if (!entry.gone.includes(c.old)) entry.gone.push(c.old);
      byKind.set(c.kind, entry);
    }
    for (const line of h.added) {
      for (const [kind, list] of namesInLine(h.file, line)) {
        const entry = byKind.get(kind);
        if (!entry) continue;
        for (const n of list) if (!removedNames.has(n) && !entry.fresh.includes(n)) entry.fresh.push(n);
      }
    }
    for (const [kind, { gone: olds, fresh }] of byKind) {
      olds.forEach((old, j) => {
        const key = `${kind}\u0000${old}`;
        if (fresh[j] !== undefined && !renamed.has(key)) renamed.set(key, fresh[j]!);
      });
    }
  });
  const changes = new Map<string, NameChange>();
  for (const c of gone) {
    const key = `${c.kind}\u0000${c.old}`;
    const change = changes.get(key) ?? { kind: c.kind, old: c.old, new: renamed.get(key) ?? null, files: [] };
    if (!change.files.includes(c.file)) change.files.push(c.file);
    changes.set(key, change);
  }
  return [...changes.values()];
}

/** A pattern that finds `name` as a whole name in text (not inside a longer flag, variable or path). */
export function mentionPattern(kind: NameKind, name: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (kind === 'path') return new RegExp(`(?<![\\w/{}-])${escaped}(?![\\w/{}-])`);
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`);
}
