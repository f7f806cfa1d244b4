/**
 * The assistant on another site (the team's own app): one script tag,
 * `<script src="https://<folio server>/__folio/widget.js" data-assistant-key="folio_pub_..." data-site="https://docs.example.com" async>`.
 * - `GET /__folio/widget.js`: the widget (`client/widget/main.ts`, bundled once per process by esbuild);
 * - `GET /v1/assistant/{domain}/session?key=folio_pub_...`: the page token and starter questions the
 *   widget asks with, for the key's allowed origins. A plain GET (no header to preflight), so a page
 *   from an origin the key refuses still reads why (`ASSISTANT_ORIGIN_REFUSED`) and the widget says so;
 * - the message routes' preflight (`OPTIONS`) answers only an origin some live key of the site's
 *   project allows (a key without origins allows any, as on the request itself); any other gets 403
 *   without CORS headers, so the browser never sends the question.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { listAssistantKeys, type AssistantKeyRow, type Database } from '../db/index.js';

let widgetBundle: Promise<{ js: string; etag: string }> | null = null;

/** The widget's entry: TypeScript sources when running from `src/`, compiled JS under `dist/`. */
function widgetEntry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const ext of ['.ts', '.js']) {
    const candidate = path.join(here, '..', 'client', 'widget', 'main' + ext);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`widget sources not found next to ${here}; run \`npm run build\``);
}

/** The widget script, minified (an IIFE: a classic `<script>` tag loads it), memoised per process. */
export function bundleWidget(): Promise<{ js: string; etag: string }> {
  widgetBundle ??= import('esbuild')
    .then(({ build }) => build({ entryPoints: [widgetEntry()], bundle: true, minify: true, format: 'iife', target: ['es2020'], write: false, legalComments: 'none', logLevel: 'silent' }))
    .then((result) => {
      const js = result.outputFiles[0]!.text;
      return { js, etag: `"${createHash('sha256').update(js).digest('hex').slice(0, 16)}"` };
    })
    .catch((error: unknown) => {
      widgetBundle = null;
      throw error;
    });
  return widgetBundle;
}

/** `GET /__folio/widget.js`: cached a few minutes by browsers, revalidated by ETag; any page may load it. */
export async function widgetScript(ifNoneMatch: string | undefined): Promise<Response> {
  const { js, etag } = await bundleWidget();
  const headers = { ETag: etag, 'Cache-Control': 'public, max-age=300', 'Cross-Origin-Resource-Policy': 'cross-origin', 'X-Content-Type-Options': 'nosniff' };
  if (ifNoneMatch === etag) return new Response(null, { status: 304, headers });
  return new Response(js, { status: 200, headers: { ...headers, 'Content-Type': 'text/javascript; charset=utf-8' } });
}

/** Whether `key` lets a browser on `origin` call: no origins listed allows any (as `checkOrigin`). */
export function keyAllowsOrigin(key: Pick<AssistantKeyRow, 'allowedOrigins'>, origin: string): boolean {
  return key.allowedOrigins.length === 0 || key.allowedOrigins.some((allowed) => allowed.toLowerCase() === origin.toLowerCase());
}

const TTL_MS = 5_000;

/**
 * The origins a project's live keys allow, for preflights (which carry no key): a preflight passes
 * when some key allows its origin, and the request itself is then checked against its own key.
 * Rows kept a few seconds per project, so a busy widget's preflights cost no query each.
 */
export class ProjectOrigins {
  private readonly cache = new Map<string, { keys: Pick<AssistantKeyRow, 'allowedOrigins'>[]; until: number }>();

  constructor(private readonly db: Database) {}

  async allows(projectId: string, origin: string, now = Date.now()): Promise<boolean> {
    let hit = this.cache.get(projectId);
    if (!hit || hit.until <= now) {
      const keys = (await listAssistantKeys(this.db, projectId)).filter((k) => !k.revokedAt).map((k) => ({ allowedOrigins: k.allowedOrigins }));
      hit = { keys, until: now + TTL_MS };
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(projectId, hit);
    }
    return hit.keys.some((k) => keyAllowsOrigin(k, origin));
  }
}
