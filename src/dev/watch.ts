/**
 * Watches the docs root and reports changes, batched: editors write a file in several steps,
 * and a branch switch touches hundreds of files; one reload per burst is what readers want.
 * Adaptive: a burst is reported once no event came for `settleMs` (a saved file: its truncate and
 * write events arrive within a few milliseconds), and at the latest `delayMs` after its first event
 * (a branch switch goes on longer: the rest comes in the next report). At 1,000 pages the fixed
 * 60 ms wait was half of `folio dev`'s update; a lone save now waits ~10 ms.
 */
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

const IGNORED = /(^|[\\/])(\.git|node_modules|\.folio|\.folio-cache|\.cache|dist-site)([\\/]|$)/;

/** Call `onChange(files)` once changes under `root` pause for `settleMs`, and at least every `delayMs` while they go on. */
export function watchTree(root: string, onChange: (files: string[]) => void, { delayMs = 60, settleMs = 10, ignore = [] as string[] } = {}): () => void {
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let firstEvent = 0;
  const ignored = ignore.map((p) => path.resolve(p));
  const flush = () => {
    timer = null;
    const files = [...changed];
    changed.clear();
    onChange(files);
  };
  const watcher: FSWatcher = watch(root, { recursive: true }, (_event, name) => {
    if (!name) return;
    const rel = String(name);
    if (IGNORED.test(rel)) return;
    const abs = path.join(root, rel);
    if (ignored.some((p) => abs === p || abs.startsWith(p + path.sep))) return;
    changed.add(rel.split(path.sep).join('/'));
    const now = performance.now();
    if (timer) clearTimeout(timer);
    else firstEvent = now;
    timer = setTimeout(flush, Math.max(0, Math.min(settleMs, firstEvent + delayMs - now)));
  });
  return () => {
    if (timer) clearTimeout(timer);
    watcher.close();
  };
}
