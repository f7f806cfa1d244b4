/**
 * Styles of the request panel "Try it" opens (`src/client/playground/panel.ts`, `.pg-*` classes):
 * a modal two-column panel on wide screens, full screen with one column on phones. The bar on top
 * holds the endpoint switcher, the URL and Send; sections fold (`<details>`), the request and
 * response cards are dark code cards as the platform draws them. Colours come from the site's
 * variables; text on the accent (Send) and accent-coloured text use `--pg-on-accent`/
 * `--pg-accent-text`, derived per mode in `styles.ts`.
 */
export const PLAYGROUND_CSS = String.raw`
.pg-dialog{padding:0;border:1px solid var(--border);border-radius:14px;background:var(--bg);color:var(--fg);width:min(1320px,calc(100vw - 48px));max-width:none;max-height:min(940px,calc(100dvh - 48px));box-shadow:0 24px 64px rgba(0,0,0,.35);overflow:hidden;font:15px/1.55 var(--font)}
.pg-dialog::backdrop{background:rgba(2,6,23,.6)}
html:has(.pg-dialog[open]){overflow:hidden}
.pg-dialog[open]{display:flex;flex-direction:column}
.pg-form{display:flex;flex-direction:column;flex:1;min-height:0}
.pg-bar{display:flex;gap:10px;align-items:stretch;padding:12px 14px}
.pg-switcher{position:relative;flex:0 1 300px;min-width:0;display:flex;align-items:center;gap:10px;padding:6px 34px 6px 6px;border:1px solid var(--border);border-radius:10px;background:var(--bg)}
.pg-switcher-title{font-weight:500;font-size:15px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
.pg-switcher-select{position:absolute;inset:0;width:100%;height:100%;opacity:0;cursor:pointer;font:15px var(--font)}
.pg-switcher:focus-within{outline:2px solid var(--pg-accent-text);outline-offset:1px}
.pg-switcher-chevron{position:absolute;right:12px;top:50%;margin-top:-5px}
.pg-chevron{display:inline-block;width:8px;height:8px;border:solid currentColor;border-width:0 1.5px 1.5px 0;transform:rotate(45deg);color:var(--pg-muted);flex:none}
.pg-url{flex:1;min-width:0;display:flex;align-items:center;gap:10px;padding:6px 10px 6px 6px;border:1px solid var(--border);border-radius:10px;background:var(--bg-soft)}
.pg-url-text{font:14px/1.5 var(--mono);background:none;border:0;padding:0;min-width:0;overflow-wrap:anywhere;color:var(--fg)}
.pg-url-server{color:var(--pg-muted)}
.pg-url-param{color:var(--pg-accent-text);background:color-mix(in srgb,var(--accent) 8%,transparent);border:1px solid color-mix(in srgb,var(--accent) 45%,transparent);border-radius:5px;padding:0 3px}
.pg-url-param[data-filled]{color:var(--fg);border-style:dashed}
.pg-send{flex:none;display:inline-flex;align-items:center;gap:8px;font:600 15px var(--font);padding:0 18px;min-height:42px;border-radius:10px;border:0;background:var(--accent);color:var(--pg-on-accent);cursor:pointer}
.pg-send-icon{width:0;height:0;border-style:solid;border-width:6px 0 6px 9px;border-color:transparent transparent transparent currentColor}
.pg-send:disabled{opacity:.6;cursor:progress}
.pg-send[hidden]{display:none}
.pg-close{flex:none;width:42px;border-radius:10px;border:1px solid var(--border);background:var(--bg);color:var(--fg);font:22px/1 var(--font);cursor:pointer}
.pg-notice{margin:0 14px 6px;padding:10px 12px;border:1px solid color-mix(in srgb,#b45309 45%,var(--bg));background:color-mix(in srgb,#f59e0b 10%,var(--bg));border-radius:10px;font-size:14px;overflow-wrap:anywhere}
.pg-body{flex:1;min-height:0;overflow:auto;display:grid;grid-template-columns:minmax(0,1fr);align-items:start;gap:18px 28px;padding:6px 14px 18px}
.pg-inputs{display:flex;flex-direction:column;gap:12px;min-width:0;container-type:inline-size}
.pg-intro{padding:8px 0 6px}
.pg-title{margin:0;font-size:19px;font-weight:500;line-height:1.35;overflow-wrap:anywhere}
.pg-summary{margin:4px 0 0;color:var(--fg-soft);font-size:15px}
.pg-group{border:1px solid var(--border);border-radius:14px;padding:0 18px;margin:0;min-width:0}
.pg-group>summary{display:flex;align-items:center;gap:10px;padding:13px 0;font-weight:500;font-size:16px;cursor:pointer;list-style:none}
.pg-group>summary::-webkit-details-marker{display:none}
.pg-section-note{font:13px var(--mono);color:var(--pg-muted)}
.pg-group>summary .pg-chevron{transform:rotate(-45deg);transition:transform .15s}
.pg-group[open]>summary .pg-chevron{transform:rotate(45deg)}
.pg-group[open]>summary{border-bottom:1px solid var(--border)}
.pg-group>summary:focus-visible{outline:2px solid var(--pg-accent-text);outline-offset:2px;border-radius:4px}
.pg-section-actions{display:flex;justify-content:flex-end;padding:10px 0 0}
.pg-field{display:grid;gap:8px 24px;padding:16px 0;border-bottom:1px solid var(--border)}
.pg-section-body>.pg-field:last-child,.pg-children>.pg-field:last-child{border-bottom:0}
@container (min-width:560px){.pg-field:not([data-key=body]){grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.pg-object,.pg-array{padding:14px 0;border-bottom:1px solid var(--border)}
.pg-section-body>:is(.pg-object,.pg-array):last-child{border-bottom:0}
.pg-children{margin:10px 0 0;padding-left:14px;border-left:2px solid var(--border)}
.pg-children .pg-field{padding:10px 0}
.pg-items{list-style:none;margin:0;padding:0}
.pg-item{border-bottom:1px dashed var(--border);padding-bottom:8px;margin-bottom:8px}
.pg-remove{margin-top:2px}
.pg-add{margin-top:4px}
.pg-label{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px;min-width:0}
.pg-label code{font:600 15px var(--mono);background:none;border:0;padding:0;overflow-wrap:anywhere}
.pg-hint{flex-basis:100%;margin:4px 0 0;font-size:14.5px;color:var(--fg-soft);overflow-wrap:anywhere}
.pg-control{min-width:0}
.pg-control :is(input:not([type=checkbox]),select,textarea),.pg-prefixed{width:100%;font:15px var(--font);padding:9px 12px;border:1px solid color-mix(in srgb,var(--fg) 28%,var(--bg));border-radius:10px;background:var(--bg);color:var(--fg)}
.pg-control textarea{font:14px/1.5 var(--mono);resize:vertical;display:block}
.pg-control ::placeholder{color:var(--pg-muted);opacity:1}
.pg-control :is(input,select,textarea):focus-visible,.pg-prefixed:focus-within{outline:2px solid var(--pg-accent-text);outline-offset:1px}
.pg-prefixed{display:flex;align-items:center;gap:8px;padding:0 0 0 12px}
.pg-prefixed input{border:0!important;outline:0!important;padding-left:0!important;background:none!important}
.pg-prefix{color:var(--fg)}
.pg-toggle{display:inline-flex;align-items:center;min-height:40px}
.pg-switch{appearance:none;width:40px;height:22px;border-radius:999px;background:color-mix(in srgb,var(--fg) 30%,var(--bg));position:relative;cursor:pointer;margin:0;transition:background .15s}
.pg-switch::before{content:"";position:absolute;top:3px;left:3px;width:16px;height:16px;border-radius:50%;background:var(--bg);transition:transform .15s}
.pg-switch:checked{background:var(--accent)}
.pg-switch:checked::before{transform:translateX(18px);background:var(--pg-on-accent)}
.pg-control [aria-invalid=true],.pg-prefixed:has([aria-invalid=true]){border-color:#b91c1c}
.pg-field-error{margin:6px 0 0;font-size:13px;color:#b91c1c}
[data-theme=dark] .pg-field-error{color:#fca5a5}
[data-theme=dark] .pg-control [aria-invalid=true],[data-theme=dark] .pg-prefixed:has([aria-invalid=true]){border-color:#f87171}
.pg-outputs{display:flex;flex-direction:column;gap:18px;min-width:0;padding-top:10px}
.pg-card{--pg-code-fg:#e5e7eb;--pg-code-muted:#a1a1aa;border:1px solid #27272a;border-radius:16px;overflow:hidden;background:#0f0f11;color:var(--pg-code-fg)}
.pg-card-head{display:flex;align-items:stretch;justify-content:space-between;gap:8px;padding:0 10px 0 6px;border-bottom:1px solid #27272a;min-height:46px}
.pg-tabs{display:flex;overflow-x:auto;scrollbar-width:none;min-width:0}
.pg-tab{flex:none;font:500 14px var(--font);padding:0 12px;border:0;border-bottom:2px solid transparent;background:none;color:var(--pg-code-muted);cursor:pointer}
.pg-tab[aria-selected=true]{color:#6ee7b7;border-bottom-color:#6ee7b7}
.pg-tab:focus-visible,.pg-card .pg-copy:focus-visible,.pg-curl:focus-visible{outline:2px solid #93c5fd;outline-offset:-2px}
.pg-response-label{align-self:stretch;display:flex;align-items:center;padding:0 12px;font:500 14px var(--font);color:#6ee7b7;border-bottom:2px solid #6ee7b7}
.pg-response-label[data-status="4"],.pg-response-label[data-status="5"]{color:#fca5a5;border-bottom-color:#fca5a5}
.pg-copy{font:12px var(--font);padding:3px 9px;border-radius:6px;border:1px solid var(--border);background:var(--bg);color:var(--fg-soft);cursor:pointer;align-self:center}
.pg-card .pg-copy{background:none;border-color:#3f3f46;color:var(--pg-code-muted)}
.pg-curl{margin:0;padding:14px 18px;font:13px/1.7 var(--mono);white-space:pre;overflow:auto;max-height:38vh;background:none;border:0;color:var(--pg-code-fg)}
.pg-curl code{font:inherit;background:none;border:0;padding:0;color:inherit}
.pg-result{padding:12px 18px 16px;min-width:0}
.pg-meta{font-size:13px;color:var(--pg-code-muted);margin:0 0 8px}
.pg-headers>summary{font-size:13px;cursor:pointer;color:var(--pg-code-muted)}
.pg-headers pre,.pg-answer{font:13px/1.6 var(--mono);background:none;color:var(--pg-code-fg);border:0;border-radius:8px;padding:0;overflow:auto;max-height:420px;margin:8px 0 0}
.pg-answer code{font:inherit;background:none;border:0;padding:0;color:inherit}
.pg-status-2{color:#6ee7b7}.pg-status-4,.pg-status-5{color:#fca5a5}
.pg-error{border:1px solid #7f1d1d;background:#2a0f0f;color:#fecaca;border-radius:8px;padding:10px 12px;font-size:13.5px;overflow-wrap:anywhere}
.pg-error p{margin:6px 0 0}
@media (min-width:900px){.pg-body{grid-template-columns:minmax(0,1.45fr) minmax(0,1fr)}.pg-outputs{position:sticky;top:0}}
@media (max-width:899px){.pg-dialog{width:100%;height:100%;max-height:none;margin:0;border:0;border-radius:0}.pg-bar{flex-wrap:wrap;padding:10px 12px}.pg-switcher{flex:1 1 calc(100% - 52px);order:0}.pg-close{order:1}.pg-url{order:2;flex-basis:calc(100% - 110px)}.pg-send{order:3}.pg-body{padding:6px 12px 12px}.pg-group{padding:0 14px}}
`;
