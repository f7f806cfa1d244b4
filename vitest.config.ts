import { defineConfig } from 'vitest/config';

// Unit tests live beside the code (src/**/x.test.ts); fixture, integration and
// browser tests live under test/. Two cores: keep the pool small so the
// database and browser tests do not starve each other.
//
// Two tiers, both run by CI (.ci/run): `npm test` runs everything except the end-to-end files below
// (kept under 10 minutes on a quiet 2-core machine), `npm run test:e2e` runs only those: every test
// that drives Chromium, and the ones that start several server processes and kill them.
const E2E_FILES = [
  'test/browser/**/*.test.ts',
  // The dashboard's Export PDF: real Chromium prints, on both backends (~40 s).
  'test/pdf/dashboard-export.test.ts',
  // folio export pdf of one group and one page of mintlify-docs, read back with test/pdf/pdf-checks.ts (~40 s).
  'test/pdf/pdf-corpus.test.ts',
  // MCP search against POST /v1/search on the trigger-dev corpus: a whole build (~2.5 min).
  'test/site/mcp-ranking.test.ts',
  // The translate automation over a 15-language repository: an agent job translating 14 pages (~30 s).
  'test/agent/translate-fifteen.test.ts',
  // folio serve with the dashboard on a fresh data folder, its assets made at start (~15 s).
  'test/server/dashboard-assets-at-start.test.ts',
  'test/dashboard/dashboard-browser.test.ts',
  // The web editor through folio serve: edit, preview, publish to main and to a branch (~60 s).
  'test/dashboard/editor-browser.test.ts',
  // The visual mode: every corpus page round-tripped through its model (~2 min), and the browser test of its components.
  'test/dashboard/editor-visual-corpus.test.ts',
  'test/dashboard/editor-visual-browser.test.ts',
  // The preview's fast path: keys in both modes reach the frame without a save or a reload (~40 s).
  'test/dashboard/editor-fast-preview-browser.test.ts',
  // Comments, suggestions and history over HTTP, both databases (accepting and restoring render previews in the sandbox, ~40 s).
  'test/dashboard/editor-review.test.ts',
  // Comments, suggestions and history in chromium: three members, a viewer read-only, screenshots light and dark (~40 s).
  'test/dashboard/editor-review-browser.test.ts',
  // Editor branches as draft pull requests: autosave, review, merge, preview links (HTTP on both backends; browser).
  'test/dashboard/editor-branches.test.ts',
  // The editor's assets, redirects and settings managers over HTTP, on both backends, published to git (~25 s).
  'test/dashboard/editor-managers.test.ts',
  // The same managers in chromium: upload, delete, a redirect, the primary colour, published; screens checked (~60 s).
  'test/dashboard/editor-managers-browser.test.ts',
  'test/dashboard/editor-branches-browser.test.ts',
  // Arranging the navigation in the editor, published, the live sidebar read (~40 s).
  'test/dashboard/editor-navigation-browser.test.ts',
  // Drag and drop, Add new, undo, preview widths and page settings in chromium, light and dark (~60 s).
  'test/dashboard/editor-nav-dnd-browser.test.ts',
  // Two servers sharing PostgreSQL: a writer on each, one page, one commit (needs TEST_DATABASE_URL).
  'test/dashboard/editor-two-servers.test.ts',
  'test/security/csp-browser.test.ts',
  'test/hosting/site-access.test.ts',
  // Readers of groups through two folio serve processes on PostgreSQL (one on PGlite) and the site assistant (~90 s).
  'test/hosting/reader-servers.test.ts',
  // Search per reader and the personalized page with the playground's prefill, in chromium.
  'test/browser/reader-personal.test.ts',
  'test/browser/reader-conditions.test.ts',
  'test/site/base-path.test.ts',
  'test/hosting/shared-storage.test.ts',
  // folio serve killed (SIGKILL) while an update builds into the site's workspace, then restarted.
  'test/hosting/update-kill.test.ts',
  'test/jobs/crash.test.ts',
  'test/server/cli.test.ts',
  // Hostile repositories through folio build --untrusted, the agent verify build and folio serve updates (~60 s).
  'test/security/untrusted-build.test.ts',
  // Code run inside the build sandbox (namespaces and plain process), limits met, a stand-in server killed (~20 s).
  'test/security/build-sandbox.test.ts',
  // The web editor's preview compile process: same body as in-process, warm reuse, the page time limit, code run inside (~20 s).
  'test/security/preview-sandbox.test.ts',
  // folio build --sandbox: the whole build in the sandboxed build process (~10 s).
  'test/security/build-cli-sandbox.test.ts',
  // Analytics: two folio serve processes on one PostgreSQL (or one on PGlite), read in chromium.
  'test/analytics/analytics-browser.test.ts',
  // The dashboard's analytics pages (overview, assistant conversations, a thread) in chromium, light and dark.
  'test/analytics/dashboard-analytics-browser.test.ts',
  // The feedback widget and the assistant panel in the page's language (a French page), through folio serve.
  'test/analytics/widget-language-browser.test.ts',
  // The assistant through folio serve processes with a stand-in model (two on one PostgreSQL when set).
  'test/assistant/assistant-serve.test.ts',
  'test/browser/assistant-widget.test.ts',
  // The web editor's server side, roles through publishing, and its session caps: each starts sandboxed
  // preview and build processes per checkout (~100, ~75 and ~40 s of a worker under npm test).
  'test/editor/editor-session.test.ts',
  'test/dashboard/roles.test.ts',
  'test/editor/editor-links-and-caps.test.ts',
];
// The unit tests beside the code share one module graph per worker (`isolate: false`), so the MDX
// compiler, Shiki and the layers load once per worker instead of once per file (about half of these
// files' time was imports). None of them writes process.env, mocks a module or starts a server; a
// test of what happens on a first load (a grammar, a cache) does not belong in them. The files under
// test/ (databases, servers, processes, whole builds) each get a fresh graph: run unisolated, a
// few of them asserted text inside code blocks that another file's loaded grammar had coloured.
const SHARED = ['src/**/*.test.{ts,tsx}'];
const ISOLATED = ['test/**/*.test.{ts,tsx}', 'compat/**/*.test.ts'];
const e2e = process.env.FOLIO_TEST_TIER === 'e2e';
const ignored = ['**/node_modules/**'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    // End-to-end tests drive real browsers, servers and builds on two cores: give them longer.
    testTimeout: e2e ? 90_000 : 30_000,
    hookTimeout: 60_000,
    projects: e2e
      ? [{ extends: true, test: { name: 'e2e', include: E2E_FILES, exclude: ignored } }]
      : [
          { extends: true, test: { name: 'shared', include: SHARED, exclude: [...E2E_FILES, ...ignored], isolate: false } },
          { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: [...E2E_FILES, ...ignored] } },
        ],
  },
});
