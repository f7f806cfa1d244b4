import { ContainmentError, type Diagnostic } from '../shared/index.js';

/** Stable codes of problems the build reports (documented in docs/reference/errors/site-build.md). */
export const BUILD_CODES = {
  BUILD_ANCHOR_MISSING: 'A link points at an anchor that its target page does not render.',
  BUILD_ASSET_MISSING: 'An image or media file a page shows is not in the docs root.',
  BUILD_BASE_PATH_INVALID: 'The base path (`--base`, a project\'s base path) is not a URL path of folder names.',
  BUILD_CSP_LEFT_OUT: "Hosted sites: a configured integration needs something the site's Content-Security-Policy never allows (a tag manager's custom code wants 'unsafe-inline' or 'unsafe-eval'); that part does not run, the rest of the service loads.",
  BUILD_CONFIG_MISSING: 'No docs.json (or mint.json) could be read, so there is nothing to build.',
  BUILD_EXTERNAL_LINK_BROKEN: '`folio check --external`: an external link answered an error status, or nothing in time.',
  BUILD_EXTERNAL_LINK_MOVED: '`folio check --external`: an external link redirects permanently to another address.',
  BUILD_LINK_BROKEN: 'A site link leads to no page, redirect or file.',
  BUILD_OG_BACKGROUND_UNUSABLE: 'Social images: `thumbnails.background` is not an image file of the docs root, so images are drawn without it.',
  BUILD_OG_FONT_MISSING: 'Social images: the `thumbnails.fonts.family` font is not installed, so another font draws the text.',
  BUILD_OG_IMAGES_CAPPED: "Social images: the build drew its limit of images; the remaining pages got the site's image this time.",
  BUILD_OUT_DIR_INVALID: 'The output directory is the docs root or contains it; the build would overwrite the sources.',
  BUILD_FONT_NOT_BUNDLED: 'A font family named in docs.json `fonts` has no installed Fontsource package and no `source`, so text uses the fallback font.',
  BUILD_INTEGRATION_INVALID: 'An `integrations` service lacks a required field or has an unsafe value, so it is not loaded.',
  BUILD_ISLAND_FAILED: 'A snippet or page component that keeps state could not be bundled for the browser (syntax, or an import other than react); its server-rendered HTML stays, without interaction.',
  BUILD_PAGE_CRASHED: 'Rendering one page threw unexpectedly; the other pages were still built. (A web editor preview: its sandboxed process stopped or could not start; the last good preview stays.)',
  BUILD_PAGE_TIMEOUT: 'Untrusted build or web editor preview: one page took longer than the page time limit and was stopped; the other pages were still built (a preview keeps its last good version).',
  BUILD_PATH_OUTSIDE_ROOT: 'A snippet, static file or output path leads out of its folder through a symbolic link; it was neither read nor written.',
  BUILD_PROCESS_STOPPED: 'Untrusted build (`folio serve`, `folio worker`): the sandboxed build process stopped before it finished (a memory, CPU-time or file-size limit, or a crash); nothing of the build was published.',
  BUILD_PAGE_UNREADABLE: 'A page listed in the navigation could not be read from disk.',
  BUILD_REDIRECT_CHAIN: 'A redirect leads to another redirect (or round in a loop).',
  BUILD_REDIRECT_SHADOWED: 'A redirect source is also a page; the page is served and the redirect ignored.',
  BUILD_REDIRECT_TARGET_MISSING: 'A redirect destination is not a page, redirect or file of the site.',
  BUILD_REDIRECT_UNSAFE: 'A redirect destination is neither a site path nor an http(s) URL; the redirect is ignored.',
  BUILD_REDIRECT_SKIPPED: 'A note (info): a redirect source with wildcards or parameters was written only to `_redirects`.',
  BUILD_TIME_LIMIT: 'Untrusted build (`folio serve`, `folio worker`): the whole build ran past its wall-clock limit (30 minutes) and its process was stopped; nothing of it was published.',
  BUILD_SEARCH_FAILED: 'The Pagefind search index could not be built; pages were still written.',
} as const;

export type BuildCode = keyof typeof BUILD_CODES;

/** A build problem at the top of `file` (docs.json unless said). */
export function buildProblem(code: BuildCode, message: string, file = 'docs.json', severity: Diagnostic['severity'] = 'warning'): Diagnostic<BuildCode> {
  return { file, line: 1, column: 1, severity, code, path: '', message };
}

/** The problem of a write the containment helper refused (a link in the output folder), at `file`. */
export function refusedWrite(error: unknown, file = 'docs.json'): Diagnostic<BuildCode> {
  if (!(error instanceof ContainmentError)) throw error;
  return buildProblem('BUILD_PATH_OUTSIDE_ROOT', error.message, file, 'error');
}
