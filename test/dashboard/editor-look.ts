import type { Page } from 'playwright-core';
import { runAxe } from '../../look/measure.js';

/** The sizes every editor screen is checked at: a phone and a desktop. */
export const EDITOR_SIZES = [
  [390, 844],
  [1440, 900],
] as const;

/**
 * One editor screen at each size, light and dark: what scrolls sideways (the page, or the element that
 * makes it wider) and every serious or critical axe violation, as lines naming the screen; empty when
 * it is clean. `prepare` runs after each change of size (a menu a resize closed opened again); the
 * page is left at `back` in light.
 */
export async function editorLookProblems(page: Page, screen: string, back: { width: number; height: number }, prepare?: (page: Page) => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const [width, height] of EDITOR_SIZES) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await prepare?.(page);
      // Two frames: the layout after the resize and the scheme's styles.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const sideways = await page.evaluate(() => {
        const over = document.documentElement.scrollWidth - document.documentElement.clientWidth;
        if (over <= 0) return null;
        const wide = [...document.querySelectorAll<HTMLElement>('body *')].find((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1);
        return `${over}px (${wide ? `${wide.tagName.toLowerCase()}${wide.id ? `#${wide.id}` : ''}.${[...wide.classList].join('.')}` : '?'})`;
      });
      if (sideways) problems.push(`${screen} ${width}x${height} ${scheme}: scrolls sideways by ${sideways}`);
      for (const v of await runAxe(page)) problems.push(`${screen} ${width}x${height} ${scheme}: axe ${v.id} (${v.impact}, ${v.nodes} nodes, first ${v.target})`);
    }
  }
  await page.setViewportSize(back);
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}
