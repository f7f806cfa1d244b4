/**
 * The site's own look in the visual mode: the stylesheets of the preview (Folio's stylesheet with the
 * site's colours and fonts, its Tailwind classes, the repository's CSS) read from the preview frame
 * once it loads, and put on the editor page scoped to the visual pane (`.ed-site`): every selector is
 * made to match only inside it (`:root`, `html` and `body` become the pane itself), so the dashboard
 * around it keeps its own look. Light or dark follows the dashboard's theme.
 */
import { scopeSelector } from './scope.js';

const STYLE_ID = 'ed-site-style';

/** A stylesheet's rules scoped to `scope`, its relative `url()`s made absolute against `base`. */
export function scopedCss(rules: CSSRuleList, scope: string, base: string): string {
  let out = '';
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      const selector = scopeSelector(rule.selectorText, scope);
      // A nested rule (CSS nesting) keeps its children as written.
      out += `${selector}{${rule.style.cssText}${rule.cssRules?.length ? Array.from(rule.cssRules, (r) => r.cssText).join('') : ''}}`;
    } else if (rule instanceof CSSMediaRule) out += `@media ${rule.conditionText}{${scopedCss(rule.cssRules, scope, base)}}`;
    else if (rule instanceof CSSSupportsRule) out += `@supports ${rule.conditionText}{${scopedCss(rule.cssRules, scope, base)}}`;
    else if (typeof CSSLayerBlockRule !== 'undefined' && rule instanceof CSSLayerBlockRule) out += `@layer ${rule.name}{${scopedCss(rule.cssRules, scope, base)}}`;
    else if (rule instanceof CSSImportRule) continue;
    else out += rule.cssText;
  }
  return out.replace(/url\((['"]?)([^'")]+)\1\)/g, (whole, quote: string, url: string) => {
    if (/^(data:|https?:|\/|#)/.test(url)) return whole;
    try {
      return `url(${quote}${new URL(url, base).pathname}${quote})`;
    } catch {
      return whole;
    }
  });
}

/** Whether the dashboard shows dark now (its switch, else the system's scheme). */
function dashboardDark(): boolean {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'dark' || chosen === 'light') return chosen === 'dark';
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

export interface SiteLook {
  /** The address images of the page are served at (the preview's asset route), without a trailing slash. */
  assetBase: string;
}

/**
 * Take the site's stylesheets from the preview frame each time it loads, and keep `pane`'s theme
 * with the dashboard's. `onLook` hears the asset base once it is known.
 */
export function followSiteLook(pane: HTMLElement, frame: HTMLIFrameElement, onLook: (look: SiteLook) => void): void {
  pane.classList.add('ed-site');
  const theme = () => (pane.dataset.theme = dashboardDark() ? 'dark' : 'light');
  theme();
  new MutationObserver(theme).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', theme);
  let taken = '';
  const take = async () => {
    let doc: Document | null = null;
    try {
      doc = frame.contentDocument;
    } catch {
      return;
    }
    if (!doc || !doc.head) return;
    const links = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel~=stylesheet]')).map((l) => l.href);
    const inline = Array.from(doc.querySelectorAll('style'), (s) => s.textContent ?? '');
    const key = links.join('\n') + inline.join('\n');
    if (!links.length || key === taken) return;
    taken = key;
    const sheets = await Promise.all(
      links.map(async (href) => {
        try {
          const answer = await fetch(href, { credentials: 'same-origin' });
          return answer.ok ? { href, text: await answer.text() } : null;
        } catch {
          return null;
        }
      }),
    );
    let css = '';
    for (const sheet of [...sheets.filter((s): s is { href: string; text: string } => s !== null), ...inline.map((text) => ({ href: location.href, text }))]) {
      const parsed = new CSSStyleSheet();
      try {
        parsed.replaceSync(sheet.text);
      } catch {
        continue;
      }
      css += scopedCss(parsed.cssRules, '.ed-site', sheet.href);
    }
    let style = document.getElementById(STYLE_ID) as HTMLStyleElement | null;
    if (!style) {
      style = document.createElement('style');
      style.id = STYLE_ID;
      document.head.append(style);
    }
    style.textContent = css;
    // Folio's stylesheet is at `<asset base>/assets/<file>.css`.
    const folio = links.find((href) => /\/assets\/[^/]+\.css(\?|$)/.test(href));
    if (folio) onLook({ assetBase: new URL(folio).pathname.replace(/\/assets\/[^/]+$/, '') });
  };
  frame.addEventListener('load', () => void take());
  void take();
}
