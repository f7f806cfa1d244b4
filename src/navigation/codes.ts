/** Stable codes for problems the navigation layer reports (documented in docs/errors/navigation.md). */
export const NAVIGATION_CODES = {
  NAV_PAGE_NOT_FOUND: 'A navigation entry names a page that has no .mdx/.md file.',
  NAV_ROOT_NOT_FOUND: 'A group `root` names a page that has no .mdx/.md file.',
  NAV_DUPLICATE_PAGE: 'A page is listed more than once in one section; later listings are ignored.',
  NAV_ENDPOINT_NO_OPENAPI: 'An endpoint entry (`GET /x`) has no OpenAPI specification in scope.',
  NAV_ENDPOINT_NOT_FOUND: 'An endpoint entry names an operation its specification does not define.',
  NAV_EMPTY_ELEMENT: 'A navigation element has no pages, children, `href` or `openapi`.',
  NAV_NO_PAGES: 'The navigation lists no pages at all.',
} as const;

export type NavigationCode = keyof typeof NAVIGATION_CODES;
