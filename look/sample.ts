/**
 * Which pages of a built site the look check opens: the home page, endpoint pages, and pages spread
 * evenly over the rest, in a fixed order so two runs compare.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SampledPage {
  /** URL path, `/` for the home page. */
  path: string;
  kind: 'home' | 'endpoint' | 'page';
}

const REDIRECT = /<meta http-equiv="refresh" content="0; url=([^"]+)"/;

function htmlFiles(dir: string, base = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, base), { withFileTypes: true })) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!/^(assets|pagefind(-\d+|-delta)?|_folio)$/.test(entry.name)) out.push(...htmlFiles(dir, rel));
    } else if (entry.name.endsWith('.html') && rel !== '404.html') out.push(rel);
  }
  return out;
}

function urlOf(rel: string): string {
  const p = '/' + rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return p === '/' ? '/' : p.replace(/\/$/, '');
}

/** `count` pages of the built site in `dir`: home first, then up to `endpoints` endpoint pages, then an even spread. */
export function samplePages(dir: string, count = 8, endpoints = 2): SampledPage[] {
  const files = htmlFiles(dir).sort();
  const pages: { path: string; endpoint: boolean }[] = [];
  let home = '/';
  for (const rel of files) {
    const html = readFileSync(path.join(dir, rel), 'utf8');
    const redirect = REDIRECT.exec(html.slice(0, 600));
    if (redirect) {
      if (rel === 'index.html') home = redirect[1]!;
      continue;
    }
    pages.push({ path: urlOf(rel), endpoint: html.includes('class="api-reference"') });
  }
  const chosen: SampledPage[] = [{ path: home, kind: 'home' }];
  const taken = new Set([home]);
  const endpointPages = pages.filter((p) => p.endpoint);
  for (let i = 0; i < Math.min(endpoints, endpointPages.length); i++) {
    const p = endpointPages[Math.floor((i * endpointPages.length) / Math.max(1, endpoints))]!;
    if (!taken.has(p.path)) {
      chosen.push({ path: p.path, kind: 'endpoint' });
      taken.add(p.path);
    }
  }
  const rest = pages.filter((p) => !p.endpoint && !taken.has(p.path));
  const want = count - chosen.length;
  for (let i = 0; i < Math.min(want, rest.length); i++) {
    const p = rest[Math.floor(((i + 0.5) * rest.length) / want)]!;
    if (taken.has(p.path)) continue;
    chosen.push({ path: p.path, kind: 'page' });
    taken.add(p.path);
  }
  return chosen;
}
