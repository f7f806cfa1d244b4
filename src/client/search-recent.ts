/** The reader's last searches, kept in this browser only (local storage), newest first. */
import { readStore, writeStore } from './storage.js';

const KEY = 'folio-search-recent';
const KEEP = 5;

export function recentQueries(): string[] {
  try {
    const list = JSON.parse(readStore(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((q): q is string => typeof q === 'string' && q.trim() !== '').slice(0, KEEP) : [];
  } catch {
    // Something else wrote the key: start the list again.
    return [];
  }
}

/** Remember a query the reader followed a result of (the same words in any case count once). */
export function rememberQuery(query: string): void {
  const q = query.trim();
  if (!q) return;
  writeStore(KEY, JSON.stringify([q, ...recentQueries().filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, KEEP)));
}

export function forgetQueries(): void {
  writeStore(KEY, '[]');
}
