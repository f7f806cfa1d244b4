import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';
import type { DashboardEnv } from '../context.js';
import type { ScriptName } from './scripts.js';
import { textAsset } from './compressed.js';
import { dashboardAssets } from './version.js';

const IMMUTABLE = { 'Cache-Control': 'public, max-age=31536000, immutable' };

/** Folio's mark (the sidebar's gradient square) as the dashboard's icon. */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#4338ca"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M11 9h11v3.2h-7.4v3.4h6.4v3.2h-6.4V23H11z" fill="#fff"/></svg>';

/** `<base>/assets/`: the stylesheet, the scripts, Inter's files and the icon, public (the sign-in page needs them). */
export function registerAssetRoutes(app: Hono<DashboardEnv>): void {
  app.get('/assets/app.css', async (c) => textAsset(c, 'app.css', (await dashboardAssets()).css, 'text/css; charset=utf-8', IMMUTABLE));
  app.get('/assets/favicon.svg', (c) => c.body(FAVICON_SVG, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' }));
  app.get('/assets/fonts/:name', async (c) => {
    const font = (await dashboardAssets()).fonts.get(c.req.param('name'));
    if (!font) return c.text('Not found\n', 404);
    return c.body(new Uint8Array(await readFile(font.source)), 200, { 'Content-Type': 'font/woff2', ...IMMUTABLE });
  });
  // The editor's own script (`editor.js`) is the editor routes'.
  app.get('/assets/:file{(app|chart|calendar)\\.js}', async (c) => {
    const name = c.req.param('file').replace(/\.js$/, '');
    const script: ScriptName = name === 'app' ? 'main' : (name as ScriptName);
    return textAsset(c, `${name}.js`, (await dashboardAssets()).scripts[script].code, 'text/javascript; charset=utf-8', IMMUTABLE);
  });
}
