import { escapeHtml } from '../../shared/index.js';
import { NO_FRAMING } from './serve-site.js';
import type { HostingCode } from '../codes.js';

/**
 * The sign-in page of a protected site: a password form, or a link that starts the provider's (or
 * the team's app's) sign-in; `none`: a refusal with no way in but the home page; never in a frame.
 */
export function signInPage(options: { mode: 'password' | 'oidc' | 'jwt' | 'none'; base: string; next: string; status: number; code?: HostingCode; message?: string }): Response {
  const { mode, base, next, status, code, message } = options;
  const action = `${base}/__folio/sign-in`;
  const problem = message ? `<p class="problem" role="alert">${escapeHtml(message)}${code ? ` <small>(${code})</small>` : ''}</p>` : '';
  const form =
    mode === 'password'
      ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="next" value="${escapeHtml(next)}"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required autofocus><button type="submit">Sign in</button></form>`
      : mode === 'none'
        ? `<p><a class="button" href="${escapeHtml(`${base}/`)}">Go to the home page</a></p>`
        : `<p><a class="button" href="${escapeHtml(`${action}?next=${encodeURIComponent(next)}`)}">Sign in to continue</a></p>`;
  const heading = mode === 'none' ? 'Not available' : 'Sign in';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${heading}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:22rem;margin:15vh auto;padding:0 1rem}label{display:block;margin:.5rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}button,.button{margin-top:.75rem;padding:.5rem 1rem;display:inline-block}.problem{color:#b00020}</style></head><body><h1>${heading}</h1><p>${mode === 'none' ? 'This page is not available to you.' : 'These docs are for signed-in readers.'}</p>${problem}${form}</body></html>`;
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...NO_FRAMING, 'X-Content-Type-Options': 'nosniff' } });
}
