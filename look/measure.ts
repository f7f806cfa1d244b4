/**
 * What a reader sees, measured inside one loaded page (issue 31): sideways scrolling, text contrast
 * of the controls a reader clicks (header, tabs, pager, endpoint bar), and axe-core's serious and
 * critical violations. Shared by `npm run look` (every corpus) and the browser tests (a fast slice).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** One control whose text is harder to read than WCAG AA allows. */
export interface ContrastFailure {
  selector: string;
  text: string;
  ratio: number;
  needed: number;
  fg: string;
  bg: string;
}

export interface AxeFinding {
  id: string;
  impact: string;
  nodes: number;
  target: string;
  /** Every node is inside the page body (`.prose`): the repository's own markup and styles, not Folio's chrome. */
  inContent: boolean;
}

export interface PageLook {
  url: string;
  /** document width minus viewport width, in CSS pixels (0 when nothing scrolls sideways). */
  overflowPx: number;
  /** The widest element that sticks out on the right, when the page scrolls sideways. */
  overflowCulprit?: string;
  contrast: ContrastFailure[];
  axe: AxeFinding[];
}

/** The controls a reader has to read to move around: header, tab bar, pager, endpoint request bar. */
export const CONTROL_SELECTORS = ['.site-header', '.tab-bar', '.pager', '.api-request-line', '.drawer-switchers'];

/** tsx and vitest compile with esbuild's keepNames, whose `__name` helper the page does not have. */
async function definePageHelpers(page: Page): Promise<void> {
  await page.evaluate('globalThis.__name ??= (f) => f');
}

/** Sideways scrolling and the element causing it. */
export async function measureOverflow(page: Page): Promise<{ overflowPx: number; culprit?: string }> {
  await definePageHelpers(page);
  return page.evaluate(() => {
    const width = window.innerWidth;
    const overflowPx = Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflowPx <= 1) return { overflowPx: 0 };
    let culprit: string | undefined;
    let best = 0;
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 1) continue;
      // The deepest element whose own box passes the edge names the cause better than its ancestors.
      const depth = (() => {
        let d = 0;
        for (let p: Element | null = el; p; p = p.parentElement) d++;
        return d;
      })();
      const score = depth * 10_000 + Math.min(9_999, r.right - width);
      if (score > best) {
        best = score;
        const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
        culprit = `${el.tagName.toLowerCase()}${cls} (right ${Math.round(r.right)}px)`;
      }
    }
    return { overflowPx, culprit };
  });
}

/** Text contrast of every visible text-bearing element inside the control areas, against what is painted behind it. */
export async function measureControlContrast(page: Page, selectors = CONTROL_SELECTORS): Promise<ContrastFailure[]> {
  await definePageHelpers(page);
  return page.evaluate((roots) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    /** Any CSS colour (oklch, color-mix results, ...) to RGBA through the canvas. */
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const d = ctx.getImageData(0, 0, 1, 1).data;
      return [d[0]!, d[1]!, d[2]!, d[3]! / 255];
    };
    const over = (top: [number, number, number, number], under: [number, number, number]): [number, number, number] => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a)];
    };
    const lum = ([r, g, b]: [number, number, number]) => {
      const f = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    /** The colour painted behind an element: its own and its ancestors' backgrounds, composited; null when an image is in the way. */
    const background = (el: Element): [number, number, number] | null => {
      const layers: [number, number, number, number][] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.backgroundImage !== 'none' && !s.backgroundImage.startsWith('linear-gradient(rgba(0, 0, 0, 0)')) return null;
        const c = rgba(s.backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let base: [number, number, number] = [255, 255, 255];
      const html = getComputedStyle(document.documentElement).colorScheme;
      if (layers.length === 0 || layers[layers.length - 1]![3] < 1) base = html === 'dark' ? [0, 0, 0] : [255, 255, 255];
      for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i]!, base);
      return base;
    };
    const failures: { selector: string; text: string; ratio: number; needed: number; fg: string; bg: string }[] = [];
    const seen = new Set<Element>();
    for (const root of roots) {
      for (const scope of Array.from(document.querySelectorAll(root))) {
        const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          const el = node.parentElement;
          if (!text || !el || seen.has(el)) continue;
          seen.add(el);
          const rect = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || el.closest('[hidden],[aria-hidden=true]')) continue;
          if (el.closest('details:not([open]) > :not(summary)')) continue;
          let opacity = 1;
          for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
          if (opacity === 0) continue;
          const bg = background(el);
          if (!bg) continue;
          const fgRaw = rgba(style.color);
          const fg = over([fgRaw[0], fgRaw[1], fgRaw[2], fgRaw[3] * opacity], bg);
          const [l1, l2] = [lum(fg), lum(bg)];
          const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
          const size = parseFloat(style.fontSize);
          const bold = Number(style.fontWeight) >= 700;
          const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
          if (ratio + 0.005 < needed) {
            const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/)[0] : '';
            failures.push({
              selector: `${root} ${el.tagName.toLowerCase()}${cls}`,
              text: text.slice(0, 40),
              ratio: Math.round(ratio * 100) / 100,
              needed,
              fg: `rgb(${fg.map(Math.round).join(',')})`,
              bg: `rgb(${bg.map(Math.round).join(',')})`,
            });
          }
        }
      }
    }
    return failures;
  }, selectors);
}

/** axe-core's serious and critical violations of WCAG 2 A/AA on the loaded page. */
export async function runAxe(page: Page): Promise<AxeFinding[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    const inBody = (target: unknown[] | undefined) => {
      try {
        return !!document.querySelector(String(target?.[0] ?? ''))?.closest('.prose');
      } catch {
        return false;
      }
    };
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'minor', nodes: v.nodes.length, target: String(v.nodes[0]?.target?.[0] ?? ''), inContent: v.nodes.every((n) => inBody(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Every measure of one loaded page. */
export async function measurePage(page: Page, { axe = true } = {}): Promise<PageLook> {
  const { overflowPx, culprit } = await measureOverflow(page);
  const contrast = await measureControlContrast(page);
  return { url: page.url(), overflowPx, overflowCulprit: culprit, contrast, axe: axe ? await runAxe(page) : [] };
}

/**
 * axe-core again after taking the repository's own colours off the page: its stylesheets (every
 * stylesheet but Folio's under /assets/), colour properties of inline styles in the page body, and
 * colour utility classes written in its markup (`text-green-600`, `dark:bg-zinc-900`, `opacity-50`).
 * What is left is what Folio draws. Changes the page: call it last.
 */
export async function runAxeWithoutRepositoryColours(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(() => {
    for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))) {
      if (!new URL(link.href, location.href).pathname.includes('/assets/')) link.remove();
    }
    const colourProperty = /^(color|background|background-color|background-image|opacity|filter|-webkit-text-fill-color)$/;
    const notColour = /^(xs|sm|base|lg|xl|\d+xl|left|center|right|justify|start|end|wrap|nowrap|balance|pretty|ellipsis|clip)$/;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.prose, .prose *'))) {
      for (const name of Array.from(el.style)) if (colourProperty.test(name)) el.style.removeProperty(name);
      for (const token of Array.from(el.classList)) {
        const utility = token.split(':').pop()!;
        const m = /^(text|bg|from|via|to|opacity|brightness|contrast)-(.+)$/.exec(utility) ?? /^\[(color|background)[^\]]*\]$/.exec(utility);
        if (m && !(m[1] === 'text' && notColour.test(m[2] ?? ''))) el.classList.remove(token);
      }
    }
  });
  await page.waitForTimeout(20);
  return runAxe(page);
}
