import { PLAYGROUND_CSS } from './playground-styles.js';

/** The relative luminance (WCAG) of `var(--accent)`, from its linear sRGB channels inside `color(from ... srgb-linear r g b)`. */
const Y = '(.2126*r + .7152*g + .0722*b)';
const channels = (f: (c: string) => string) => `color(from var(--accent) srgb-linear ${f('r')} ${f('g')} ${f('b')})`;
/** Black or white, whichever reads better on the accent: luminance .179 is where both give 4.58:1. */
const ON_ACCENT = channels(() => `clamp(0,(.179 - ${Y})*1e4,1)`);
/** The accent scaled down to luminance ≤ .14: ≥ 4.9:1 on white, #f8fafc and #f1f5f9 (and ≥ 4.5:1 on a light accent tint), hue kept. */
const ACCENT_ON_LIGHT = channels((c) => `calc(${c}*min(1,.14/${Y}))`);
/** The accent mixed toward white up to luminance ≥ .28: ≥ 4.5:1 on the dark backgrounds up to #1e293b. */
const ACCENT_ON_DARK = channels((c) => `calc(${c} + (1 - ${c})*max(0,(.28 - ${Y})/(1 - ${Y})))`);

/**
 * Styles of generated endpoint pages (`.api-*` classes), written against the site's CSS
 * variables (`--border`, `--bg-soft`, `--mono`, ...) so they follow the theme and dark mode.
 * The render layer appends this to the site stylesheet; the request panel's rules
 * (`playground-styles.ts`) come with it.
 *
 * Site colours are arbitrary (`colors.primary` black, white or lime), so text on the accent and
 * accent-coloured text are derived per mode: `--on-accent`/`--accent-text` when the site sheet
 * defines them, else computed here from the accent's luminance with relative colours (Chrome
 * 119+, Safari 18+, Firefox 128+; older browsers keep white and the plain accent).
 * Method and status colours are fixed shades with at least 4.5:1 on their backgrounds; muted text
 * is mixed from the page's own foreground and background (≥ 6:1 on any theme's background).
 */
export const ENDPOINT_CSS = String.raw`
.layout:has(.api-columns){max-width:1760px}
.content:has(.api-columns){max-width:1280px}
@media (max-width:1535px) and (min-width:861px){.layout:has(.api-columns){grid-template-columns:var(--sidebar-w) minmax(0,1fr)}.layout:has(.api-columns) .toc-column{display:none}}
.api-reference{container-type:inline-size}
.api-reference,.pg-dialog{--pg-on-accent:var(--on-accent,#fff);--pg-accent-text:var(--accent-text,var(--accent));--pg-muted:color-mix(in srgb,var(--fg) 68%,var(--bg))}
@supports (color:color(from red srgb-linear r g b)){
.api-reference,.pg-dialog{--pg-on-accent:var(--on-accent,${ON_ACCENT});--pg-accent-text:var(--accent-text,${ACCENT_ON_LIGHT})}
[data-theme=dark] :is(.api-reference,.pg-dialog){--pg-accent-text:var(--accent-text,${ACCENT_ON_DARK})}}
.api-request-line{display:flex;align-items:center;gap:10px;flex-wrap:wrap;padding:8px 10px;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg-soft);margin:0 0 16px}
.api-method{--m:#334155;font:700 12px/1 var(--mono);letter-spacing:.04em;padding:5px 8px;border-radius:6px;color:var(--m);background:color-mix(in srgb,var(--m) 12%,var(--bg));white-space:nowrap}
.api-method-get{--m:#166534}.api-method-post{--m:#1e40af}.api-method-put{--m:#92400e}.api-method-patch{--m:#6b21a8}.api-method-delete{--m:#991b1b}.api-method-channel{--m:#155e75}
[data-theme=dark] .api-method{--m:#cbd5e1;background:color-mix(in srgb,var(--m) 14%,var(--bg))}
[data-theme=dark] .api-method-get{--m:#86efac}[data-theme=dark] .api-method-post{--m:#93c5fd}[data-theme=dark] .api-method-put{--m:#fcd34d}
[data-theme=dark] .api-method-patch{--m:#d8b4fe}[data-theme=dark] .api-method-delete{--m:#fca5a5}[data-theme=dark] .api-method-channel{--m:#67e8f9}
.api-request-line .api-path{font:14px var(--mono);overflow-wrap:anywhere;background:none;border:0;padding:0;flex:1;min-width:0}
.api-server{color:var(--pg-muted)}
.api-try,.api-copy-url{font:600 13px var(--font);padding:6px 14px;border-radius:8px;border:0;background:var(--accent);color:var(--pg-on-accent);cursor:pointer}
.api-copy-url{background:var(--bg-muted);color:var(--fg)}
.api-columns{display:grid;grid-template-columns:minmax(0,1fr);gap:28px}
@container (min-width:820px){.api-columns{grid-template-columns:minmax(0,1fr) minmax(300px,42%)}}
.api-examples-inner{display:flex;flex-direction:column;gap:16px}
@container (min-width:820px){.api-examples-inner{position:sticky;top:calc(var(--header-h) + 20px);max-height:calc(100vh - var(--header-h) - 40px);overflow:auto}}
.api-example-panel{margin:0}
.api-example-head{display:flex;align-items:center;gap:8px;padding-right:8px;border-bottom:1px solid var(--border);background:var(--bg-soft)}
.api-example-head .folio-tab-list{flex:1;min-width:0;border-bottom:0;padding-right:0;flex-wrap:wrap;overflow:visible}
.api-examples .folio-tab[aria-selected=true]{color:var(--pg-accent-text);border-bottom-color:var(--pg-accent-text)}
.api-example-copy{position:static;flex:none;opacity:1;font-size:12px;background:var(--bg);border:1px solid var(--border);border-radius:6px;padding:2px 8px;color:var(--fg-soft);cursor:pointer}
.api-example-panel pre{margin:0;padding:12px 14px;overflow:auto;font:12.5px/1.55 var(--mono);max-height:min(60vh,520px)}
.api-request-example pre{white-space:pre-wrap;overflow-wrap:anywhere}
.api-plain{background:var(--code-bg)}
.api-main h2{font-size:18px;margin:28px 0 8px;padding-bottom:6px;border-bottom:1px solid var(--border);display:flex;align-items:center;gap:8px;scroll-margin-top:calc(var(--header-h) + 16px)}
.api-main>section:first-child h2{margin-top:4px}
.api-main{overflow-wrap:anywhere}
.api-properties{list-style:none;margin:0;padding:0}
.api-properties .api-properties{margin:6px 0 0 4px;padding-left:14px;border-left:2px solid var(--border)}
.api-field{padding:10px 0;border-bottom:1px solid var(--border);scroll-margin-top:calc(var(--header-h) + 16px);position:relative}
.api-field:last-child{border-bottom:0}
.api-field-head{display:flex;align-items:baseline;gap:8px;flex-wrap:wrap}
.api-field-anchor{position:absolute;left:-16px;color:var(--pg-muted);opacity:0;text-decoration:none;font-size:13px}
.api-field:hover>.api-field-head .api-field-anchor,.api-field-anchor:focus{opacity:1}
.api-field-name{font:600 14px var(--mono);background:none;padding:0}
.api-type{font:12px var(--mono);color:var(--pg-muted);overflow-wrap:anywhere;min-width:0}
.api-pill{font-size:11px;font-weight:600;padding:1px 7px;border-radius:999px;background:var(--bg-muted);color:var(--fg-soft)}
.api-required{background:#fee2e2;color:#b91c1c}
.api-deprecated{background:#fef3c7;color:#92400e}
[data-theme=dark] .api-required{background:#450a0a;color:#fca5a5}
[data-theme=dark] .api-deprecated{background:#451a03;color:#fcd34d}
.api-description p{margin:4px 0}
.api-enum,.api-default,.api-constraints,.api-example{font-size:13px;color:var(--fg-soft);margin:4px 0}
.api-enum code{margin-right:4px}
.api-circular,.api-broken-ref,.api-truncated{font:12px var(--mono);color:var(--pg-muted);margin:4px 0}
.api-broken-ref{color:#b91c1c}
[data-theme=dark] .api-broken-ref{color:#fca5a5}
.api-children{margin:6px 0 0}
.api-children>summary{font-size:12.5px;color:var(--pg-muted);cursor:pointer;width:max-content;padding:2px 8px;border:1px solid var(--border);border-radius:999px}
.api-items,.api-additional,.api-variants{margin:6px 0 0;padding-left:14px;border-left:2px solid var(--border)}
.api-items-label,.api-variants>p{font-size:12px;color:var(--pg-muted);margin:4px 0}
.api-variants ol{margin:0;padding-left:18px}
.api-content-type{margin:8px 0 4px}
.api-response{border:1px solid var(--border);border-radius:var(--radius);margin:0 0 10px;padding:0 14px}
.api-response>summary{cursor:pointer;padding:10px 0;display:flex;gap:10px;align-items:baseline}
.api-response[open]>summary{border-bottom:1px solid var(--border);margin-bottom:8px}
.api-response-summary{color:var(--fg-soft);font-size:14px}
.api-status,.pg-status{font:600 14px var(--mono);color:var(--fg)}
.api-response[data-status^="2"] .api-status,.pg-status-2{color:#15803d}
.api-response[data-status^="3"] .api-status,.pg-status-3{color:#1d4ed8}
.api-response[data-status^="4"] .api-status,.api-response[data-status^="5"] .api-status,.pg-status-4,.pg-status-5{color:#b91c1c}
[data-theme=dark] .api-response[data-status^="2"] .api-status,[data-theme=dark] .pg-status-2{color:#4ade80}
[data-theme=dark] .api-response[data-status^="3"] .api-status,[data-theme=dark] .pg-status-3{color:#93c5fd}
[data-theme=dark] :is(.api-response[data-status^="4"] .api-status,.api-response[data-status^="5"] .api-status,.pg-status-4,.pg-status-5){color:#f87171}
.api-auth-option{list-style:none;padding:0;margin:0 0 8px}
.api-auth-option li{display:flex;gap:8px;flex-wrap:wrap;align-items:baseline}
.api-auth-option p{margin:0}
.api-auth-detail{flex:1 1 100%;min-width:0}
.api-action{text-transform:uppercase;letter-spacing:.03em}
.api-action-send{background:#dbeafe;color:#1d4ed8}.api-action-receive{background:#dcfce7;color:#15803d}
[data-theme=dark] .api-action-send{background:#172554;color:#93c5fd}
[data-theme=dark] .api-action-receive{background:#052e16;color:#86efac}
.api-operation{padding:10px 0;border-bottom:1px solid var(--border);list-style:none}
.api-operation:last-child{border-bottom:0}
.api-operation-summary,.api-operation-messages{font-size:14px;color:var(--fg-soft);margin:4px 0}
.api-server-url{font:13px var(--mono);word-break:break-all}
.api-message-part h3{font-size:14px;margin:12px 0 4px}
.api-binding{margin:6px 0}
.api-binding>summary{font-size:12.5px;color:var(--pg-muted);cursor:pointer;width:max-content}
.api-binding pre{font:12px/1.5 var(--mono);padding:8px 10px;border-radius:8px;overflow:auto;margin:6px 0 0}
` + PLAYGROUND_CSS;
