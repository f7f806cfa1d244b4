/**
 * What writing one page's `.md` costs, on the build's exact call path and without it: the
 * output folders of an N-page site (`g<k>/page-<i>/`, made by `OutputWriter.prepare` as a build
 * makes them), then N files of SIZE bytes written as `g<k>/page-<i>.md`, each way in a fresh
 * output folder under TMPDIR:
 *   folio    `OutputWriter.writeNow` (no-follow open, `writeFileNoFollowSync`), as `PageWriter` does
 *   plain    `fs.writeFileSync(path, bytes)`: no O_NOFOLLOW, no containment, same file system work
 *   create   open(O_CREAT) and close only: the new file (inode, directory entry) without its bytes
 *   rewrite  `folio` again over the files just written: same bytes, no new inode
 * Prints wall and CPU (user and sys, this process) per file, for ROUNDS rounds in alternating order.
 *
 * Usage: tsx bench/file-writes.ts [N=3000] [SIZE=10000] [ROUNDS=3]; TMPDIR chooses the disk.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OutputWriter } from '../src/site-build/output-writer.js';

const [pages = 3000, size = 10_000, rounds = 3] = process.argv.slice(2).map(Number);
const bytes = Buffer.alloc(size, 'm');
const rel = (i: number) => `g${Math.floor(i / 20)}/page-${i}`;

type Way = 'folio' | 'plain' | 'create' | 'rewrite';
const totals = new Map<Way, { wall: number; user: number; sys: number; n: number }>();

async function round(order: Way[]): Promise<void> {
  const out = mkdtempSync(path.join(os.tmpdir(), 'folio-file-writes-'));
  const writers = new Map<string, OutputWriter>();
  try {
    for (const way of order) {
      // Each way in its own output folder, made as a build makes it (every page folder and `.md` parent).
      const dir = path.join(out, way === 'rewrite' ? 'folio' : way);
      const writer = writers.get(dir) ?? new OutputWriter(dir);
      writers.set(dir, writer);
      const files = Array.from({ length: pages }, (_, i) => path.join(dir, `${rel(i)}.md`));
      if (way !== 'rewrite') await writer.prepare(Array.from({ length: pages }, (_, i) => path.join(dir, rel(i), 'index.html')).concat(files));
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (const file of files) {
        if (way === 'folio' || way === 'rewrite') {
          // Every folder is made, so the write happens here and now (no promise), as in a build.
          if (writer.writeNow(file, bytes)) throw new Error(`${file}: not written in the calling thread`);
        }
        else if (way === 'plain') writeFileSync(file, bytes);
        else closeSync(openSync(file, 'w'));
      }
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(c0);
      const t = totals.get(way) ?? { wall: 0, user: 0, sys: 0, n: 0 };
      totals.set(way, { wall: t.wall + wall, user: t.user + cpu.user / 1000, sys: t.sys + cpu.system / 1000, n: t.n + pages });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

console.log(`${pages} files of ${size} bytes per way, ${rounds} round(s), under ${os.tmpdir()}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const orders: Way[][] = [
  ['folio', 'rewrite', 'plain', 'create'],
  ['create', 'plain', 'folio', 'rewrite'],
];
for (let r = 0; r < rounds; r++) await round(orders[r % 2]!);
const us = (ms: number, n: number) => `${((ms / n) * 1000).toFixed(0).padStart(5)} us`;
for (const [way, t] of totals) console.log(`  ${way.padEnd(8)} wall ${us(t.wall, t.n)}  user ${us(t.user, t.n)}  sys ${us(t.sys, t.n)}  per file`);
