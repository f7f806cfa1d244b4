/** Searching a Folio page as a reader does, for browser tests: the header button, the dialog's input, its answer. */
import type { Page } from 'playwright-core';

/** Open the search dialog from the header button and type `query`; resolves once the dialog has answered (results, none, or unavailable). */
export async function searchFor(page: Page, query: string, timeout = 20_000): Promise<void> {
  await page.locator('[data-search-open]').click();
  await page.locator('[data-search]').fill(query);
  await page.locator('.search-status').filter({ hasText: /\S/ }).waitFor({ state: 'attached', timeout });
}

/** The pages the dialog lists for `query`, each once and in order, as paths without a trailing slash. */
export async function searchPaths(page: Page, query: string, timeout?: number): Promise<string[]> {
  await searchFor(page, query, timeout);
  return page.locator('[data-search-results] a.search-page').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.replace(/(.)\/$/, '$1')));
}
