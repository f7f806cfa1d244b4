import { DbError, openDatabase, type Database } from '../db/index.js';

/** Options every server-side command takes. */
export interface DataFlags {
  data: string;
}

/** Open the database the CLI flags and `DATABASE_URL` point at, run `fn`, and close it. */
export async function withCliDatabase<T>(flags: DataFlags, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir: flags.data, databaseUrl: process.env.DATABASE_URL || undefined });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Print a CLI failure as `code: message` on stderr and set exit code 1 (no stack for known errors). */
export function reportCliError(error: unknown): void {
  const err = error as Error & { code?: string };
  const known = error instanceof DbError || (typeof err.code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(err.code));
  process.stderr.write(known ? `${err.code}: ${err.message}\n` : `${err.stack ?? String(error)}\n`);
  process.exitCode = 1;
}

/** `90d`, `12h`, `30m` or an ISO date → an absolute expiry; null when the text is neither. */
export function parseExpiry(text: string, now = Date.now()): Date | null {
  const match = /^(\d+)([dhm])$/.exec(text.trim());
  if (match) {
    const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as 'd' | 'h' | 'm'];
    return new Date(now + Number(match[1]) * unit);
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(text) ? null : date;
}

/** `14d`, `12h`, `30m`, `45s` → milliseconds; null when the text is none of these (or zero). */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)([dhms])$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) return null;
  return Number(match[1]) * { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 }[match[2] as 'd' | 'h' | 'm' | 's'];
}

/** Render rows as an aligned plain-text table. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}
