/**
 * Watches the docs root and reports changes, batched: editors write a file in several steps,
 * and a branch switch touches hundreds of files; one reload per burst is what readers want.
 */
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

const IGNORED = /(^|[\\/])(\.git|node_modules|\.folio|\.folio-cache|\.cache|dist-site)([\\/]|$)/;

/** Call `onChange(files)` at most once per `delayMs` burst of changes under `root`. */
export function watchTree(root: string, onChange: (files: string[]) => void, { delayMs = 60, ignore = [] as string[] } = {}): () => void {
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const ignored = ignore.map((p) => path.resolve(p));
  const watcher: FSWatcher = watch(root, { recursive: true }, (_event, name) => {
    if (!name) return;
    const rel = String(name);
    if (IGNORED.test(rel)) return;
    const abs = path.join(root, rel);
    if (ignored.some((p) => abs === p || abs.startsWith(p + path.sep))) return;
    changed.add(rel.split(path.sep).join('/'));
    timer ??= setTimeout(() => {
      timer = null;
      const files = [...changed];
      changed.clear();
      onChange(files);
    }, delayMs);
  });
  return () => {
    if (timer) clearTimeout(timer);
    watcher.close();
  };
}
