/**
 * Styles of the request panel "Try it" opens (`src/client/playground/panel.ts`, `.pg-*` classes):
 * a modal two-column panel on wide screens, full screen with one column on phones. Colours come
 * from the site's variables; text on the accent (Send) and accent-coloured text use
 * `--pg-on-accent`/`--pg-accent-text`, derived per mode in `styles.ts`.
 */
export const PLAYGROUND_CSS = String.raw`
.pg-dialog{padding:0;border:1px solid var(--border);border-radius:14px;background:var(--bg);color:var(--fg);width:min(1240px,calc(100vw - 48px));max-width:none;max-height:min(920px,calc(100dvh - 48px));box-shadow:0 24px 64px rgba(0,0,0,.35);overflow:hidden;font:15px/1.55 var(--font)}
.pg-dialog::backdrop{background:rgba(2,6,23,.6)}
html:has(.pg-dialog[open]){overflow:hidden}
.pg-dialog[open]{display:flex;flex-direction:column}
.pg-form{display:flex;flex-direction:column;flex:1;min-height:0}
.pg-head{display:flex;align-items:center;gap:12px;padding:12px 16px 0}
.pg-title{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px;flex:1;min-width:0;margin:0;font-size:17px;line-height:1.3;overflow-wrap:anywhere}
.pg-kicker{font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.05em;color:var(--pg-muted)}
.pg-close{flex:none;width:36px;height:36px;border-radius:8px;border:1px solid var(--border);background:var(--bg);color:var(--fg);font:22px/1 var(--font);cursor:pointer}
.pg-bar{display:flex;gap:10px;align-items:stretch;padding:12px 16px;border-bottom:1px solid var(--border)}
.pg-url{flex:1;min-width:0;display:flex;align-items:center;gap:10px;padding:6px 10px 6px 6px;border:1px solid var(--border);border-radius:10px;background:var(--bg-soft)}
.pg-url-text{font:14px/1.5 var(--mono);background:none;border:0;padding:0;min-width:0;overflow-wrap:anywhere;color:var(--fg)}
.pg-url-server{color:var(--pg-muted)}
.pg-url-param{color:var(--pg-accent-text);background:color-mix(in srgb,var(--accent) 8%,transparent);border:1px solid color-mix(in srgb,var(--accent) 45%,transparent);border-radius:5px;padding:0 3px}
.pg-url-param[data-filled]{color:var(--fg);border-style:dashed}
.pg-send{flex:none;font:600 14px var(--font);padding:0 22px;min-height:40px;border-radius:10px;border:0;background:var(--accent);color:var(--pg-on-accent);cursor:pointer}
.pg-send:disabled{opacity:.6;cursor:progress}
.pg-body{flex:1;min-height:0;overflow:auto;display:grid;grid-template-columns:minmax(0,1fr);align-items:start;gap:18px;padding:16px}
.pg-inputs{display:flex;flex-direction:column;gap:14px;min-width:0;container-type:inline-size}
.pg-group{border:1px solid var(--border);border-radius:12px;padding:0 16px;margin:0;min-width:0}
.pg-group legend{float:left;width:100%;padding:12px 0 10px;font-weight:600;font-size:15px;border-bottom:1px solid var(--border)}
.pg-field{clear:both;display:grid;gap:8px 20px;padding:14px 0;border-bottom:1px solid var(--border)}
.pg-field:last-child{border-bottom:0}
@container (min-width:560px){.pg-field:not([data-key=body]){grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.pg-label{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 8px;min-width:0}
.pg-label code{font:600 14px var(--mono);background:none;border:0;padding:0;overflow-wrap:anywhere}
.pg-hint{flex-basis:100%;margin:2px 0 0;font-size:13.5px;color:var(--fg-soft);overflow-wrap:anywhere}
.pg-control{min-width:0}
.pg-control :is(input,select,textarea),.pg-prefixed{width:100%;font:14px var(--mono);padding:8px 10px;border:1px solid color-mix(in srgb,var(--fg) 28%,var(--bg));border-radius:8px;background:var(--bg);color:var(--fg)}
.pg-control textarea{resize:vertical;line-height:1.5;display:block}
.pg-use-example{margin-top:8px}
.pg-control ::placeholder{color:var(--pg-muted);opacity:1}
.pg-control :is(input,select,textarea):focus-visible,.pg-prefixed:focus-within{outline:2px solid var(--pg-accent-text);outline-offset:1px}
.pg-prefixed{display:flex;align-items:center;gap:8px;padding:0 0 0 10px}
.pg-prefixed input{border:0!important;outline:0!important;padding-left:0;background:none}
.pg-prefix{color:var(--fg-soft)}
.pg-control [aria-invalid=true],.pg-prefixed:has([aria-invalid=true]){border-color:#b91c1c}
.pg-field-error{margin:6px 0 0;font-size:13px;color:#b91c1c}
[data-theme=dark] .pg-field-error{color:#fca5a5}
[data-theme=dark] .pg-control [aria-invalid=true],[data-theme=dark] .pg-prefixed:has([aria-invalid=true]){border-color:#f87171}
.pg-outputs{display:flex;flex-direction:column;gap:14px;min-width:0}
.pg-card{border:1px solid var(--border);border-radius:12px;overflow:hidden;background:var(--code-bg)}
.pg-card-head{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:6px 10px 6px 14px;border-bottom:1px solid var(--border);background:var(--bg-soft)}
.pg-card-head h3{margin:0;font-size:13px;font-weight:600;line-height:28px}
.pg-copy{font:12px var(--font);padding:3px 9px;border-radius:6px;border:1px solid var(--border);background:var(--bg);color:var(--fg-soft);cursor:pointer}
.pg-curl{margin:0;padding:12px 14px;font:12.5px/1.6 var(--mono);white-space:pre-wrap;overflow-wrap:anywhere;max-height:34vh;overflow:auto;background:none;border:0}
.pg-result{padding:12px 14px;min-width:0}
.pg-meta{font-size:13px;color:var(--fg-soft);margin:0 0 8px}
.pg-headers>summary{font-size:13px;cursor:pointer;color:var(--fg-soft)}
.pg-headers pre,.pg-answer{font:12.5px/1.5 var(--mono);background:var(--bg);border:1px solid var(--border);border-radius:8px;padding:10px 12px;overflow:auto;max-height:420px;margin:8px 0 0}
.pg-error{border:1px solid #fca5a5;background:#fef2f2;color:#7f1d1d;border-radius:8px;padding:10px 12px;font-size:13.5px;overflow-wrap:anywhere}
.pg-error p{margin:6px 0 0}
[data-theme=dark] .pg-error{background:#2a0f0f;border-color:#7f1d1d;color:#fecaca}
@media (min-width:900px){.pg-body{grid-template-columns:minmax(0,1.3fr) minmax(0,1fr)}.pg-outputs{position:sticky;top:0}}
@media (max-width:899px){.pg-dialog{width:100%;height:100%;max-height:none;margin:0;border:0;border-radius:0}.pg-head{padding:10px 12px 0}.pg-bar{padding:10px 12px}.pg-body{padding:12px}}
`;
