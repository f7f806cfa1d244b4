/**
 * The redirects of a site that Folio applies, and what is wrong with the others. A redirect
 * with an unsafe destination is dropped; one whose source is also a page is dropped too (the
 * page wins, in the build, `folio serve` and `folio dev` alike); chains and loops, and
 * destinations that lead nowhere, are reported but kept.
 */
import { existsSync } from 'node:fs';
import type { Redirect } from '../navigation/index.js';
import { isSafeRedirectDestination, matchRedirect, redirectRules, resolveInside, type Diagnostic, type RedirectRule } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { sitePathReader } from './base-links.js';
import type { BuildCode } from './codes.js';

export interface SiteRedirects {
  /** Rules to apply, in docs.json order. */
  rules: RedirectRule[];
  diagnostics: Diagnostic<BuildCode>[];
}

/** Path part of a site-relative destination: no query, no anchor, no trailing slash. */
const pathOf = (destination: string) => destination.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');

/**
 * Redirects of `site` that Folio applies, with a located warning for each problem. Under a base path
 * (`basePath: '/docs'`), a source or destination that already begins with it is the full path
 * (`sitePathReader`): the rules hold site paths (`/docs/old` → `/old`), as every other rule does.
 */
export function siteRedirects(site: Site, options: { checkTargets?: boolean; basePath?: string } = {}): SiteRedirects {
  const { model } = site;
  const read = sitePathReader(site, options.basePath ?? '');
  const diagnostics: Diagnostic<BuildCode>[] = [];
  const at = (i: number, field: 'source' | 'destination', code: BuildCode, message: string): void => {
    const pos = site.locate(['redirects', i, field]);
    diagnostics.push({ file: pos.file, line: pos.line, column: pos.column, severity: 'warning', code, path: `redirects[${i}].${field}`, message });
  };
  const kept: { redirect: Redirect; index: number }[] = [];
  model.redirects.forEach((written, i) => {
    const r = options.basePath ? { ...written, source: read(written.source), destination: read(written.destination) } : written;
    if (!isSafeRedirectDestination(r.destination)) {
      at(i, 'destination', 'BUILD_REDIRECT_UNSAFE', `Redirect destination \`${r.destination}\` is neither a site path (\`/new-page\`) nor an http(s) URL (a \`javascript:\`, \`data:\` or other scheme, or \`//host\`), so the redirect is ignored.`);
    } else if (model.pages.has(r.source.replace(/(.)\/+$/, '$1'))) {
      at(i, 'source', 'BUILD_REDIRECT_SHADOWED', `Redirect source \`${r.source}\` is also a page, and the page is served; remove the redirect or the page.`);
    } else kept.push({ redirect: r, index: i });
  });
  const rules = redirectRules(kept.map((k) => k.redirect));
  rules.forEach((rule, n) => {
    const { index } = kept[n]!;
    const dest = rule.destination;
    if (!dest.startsWith('/') || /[:*]/.test(dest)) return;
    const chain = followChain(rules, rule);
    if (chain.length > 1) {
      const loop = chain[chain.length - 1] === chain[0] || new Set(chain).size < chain.length;
      at(index, 'destination', 'BUILD_REDIRECT_CHAIN', loop
        ? `Redirects loop: ${chain.join(' → ')}; readers are sent round in circles. Point one of them at a page.`
        : `Redirect chain: ${chain.join(' → ')}; point \`${rule.source}\` at \`${chain[chain.length - 1]}\` directly.`);
      return;
    }
    if (options.checkTargets === false) return;
    const target = pathOf(dest);
    if (target === '/' || model.pages.has(target)) return;
    const file = resolveInside(site.root, target.slice(1));
    if (file && existsSync(file)) return;
    const under = pageUnderPrefix(target, (p) => (model.pages.has(p) ? 'a page' : matchRedirect(rules, p) ? 'a redirect' : null));
    const hint = under
      ? ` \`${under.page}\` is ${under.what}: the redirect was written for the site served under \`${under.prefix}\`. Build and serve it with \`--base ${under.prefix}\` (paths that begin with \`${under.prefix}\` are then full paths), or drop \`${under.prefix}\` from its source and destination.`
      : '';
    at(index, 'destination', 'BUILD_REDIRECT_TARGET_MISSING', `Redirect destination \`${dest}\` is not a page, a redirect or a file of the site; readers would land on the 404 page.${hint}`);
  });
  return { rules, diagnostics };
}

/**
 * `/docs/guide` when `/guide` leads somewhere (`found` names what: `a page`, `a redirect`): a path
 * written for the site served under `/docs` (formbricks' redirects, mintlify-docs' links), returned as
 * `{ prefix: '/docs', page: '/guide', what: 'a page' }`; else null.
 */
export function pageUnderPrefix(target: string, found: (href: string) => string | null): { prefix: string; page: string; what: string } | null {
  const m = /^(\/[^/]+)(\/.+)$/.exec(target);
  const what = m ? found(m[2]!) : null;
  return m && what ? { prefix: m[1]!, page: m[2]!, what } : null;
}

/** Paths a redirect leads through (source first), stopping at a repeat or after 10 hops. */
function followChain(rules: RedirectRule[], first: RedirectRule): string[] {
  const chain = [first.source];
  let location = first.destination;
  for (let hop = 0; hop < 10; hop++) {
    if (!location.startsWith('/')) break;
    const next = matchRedirect(rules, pathOf(location));
    chain.push(pathOf(location));
    if (!next || chain.slice(0, -1).includes(pathOf(location))) break;
    location = next.location;
  }
  // The last entry is where the chain ends; with no further redirect the chain is just source → destination.
  return chain.length === 2 && !matchRedirect(rules, chain[1]!) ? [chain[0]!] : chain;
}
