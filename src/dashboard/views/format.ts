/** `2026-11-21 07:23 UTC`: one unambiguous format for every timestamp on the dashboard. */
export function formatDate(date: Date | null | undefined): string {
  if (!date) return '—';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A short human duration such as `4.2 s` or `3 min 5 s`; a dash when the run has not ended. */
export function formatDuration(start: Date | null | undefined, end: Date | null | undefined): string {
  if (!start || !end) return '—';
  const ms = Math.max(0, end.getTime() - start.getTime());
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Readable label for a job or update status (`in_progress` → `in progress`). */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}
