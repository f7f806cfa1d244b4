/**
 * Stable codes for problems the navigation layer reports (documented in docs/reference/errors/navigation.md).
 * Pages with no file at all are reported by config validation (NAV_PAGE_NOT_FOUND), not again here.
 */
export const NAVIGATION_CODES = {
  NAVIGATION_PAGE_EXCLUDED: 'A listed page (or group root) exists but is excluded from the site (.mintignore, snippets folder).',
  NAVIGATION_DUPLICATE_PAGE: 'A page is listed more than once in one section; later listings are ignored.',
  NAVIGATION_ENDPOINT_NO_OPENAPI: 'An endpoint entry (`GET /x`) has no OpenAPI specification in scope.',
  NAVIGATION_ENDPOINT_NOT_FOUND: 'An endpoint entry names an operation its specification does not define.',
  NAVIGATION_EMPTY_ELEMENT: 'A navigation element has no pages, children, `href` or `openapi`.',
  NAVIGATION_NO_PAGES: 'The navigation lists no pages at all.',
  NAVIGATION_SWITCHER_NO_TARGET: 'A division has content but no page, endpoint page or link to open, so its switcher leaves it out.',
} as const;

export type NavigationCode = keyof typeof NAVIGATION_CODES;
