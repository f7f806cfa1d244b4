/**
 * Styles of generated endpoint pages (`.api-*` classes), written against the site's CSS
 * variables (`--border`, `--bg-soft`, `--mono`, ...) so they follow the theme and dark mode.
 * The render layer appends this to the site stylesheet.
 */
export const ENDPOINT_CSS = String.raw`
.layout:has(.api-columns){max-width:1760px}
.content:has(.api-columns){max-width:1280px}
@media (max-width:1535px) and (min-width:861px){.layout:has(.api-columns){grid-template-columns:var(--sidebar-w) minmax(0,1fr)}.layout:has(.api-columns) .toc-column{display:none}}
.api-reference{container-type:inline-size}
.api-request-line{display:flex;align-items:center;gap:10px;flex-wrap:wrap;padding:8px 10px;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg-soft);margin:0 0 16px}
.api-method{font:700 12px/1 var(--mono);letter-spacing:.04em;padding:5px 8px;border-radius:6px;color:#fff;background:#64748b}
.api-method-get{background:#16a34a}.api-method-post{background:#2563eb}.api-method-put{background:#d97706}
.api-method-patch{background:#9333ea}.api-method-delete{background:#dc2626}
.api-request-line .api-path{font:14px var(--mono);word-break:break-all;background:none;border:0;padding:0;flex:1;min-width:0}
.api-server{color:var(--fg-muted)}
.api-try,.api-copy-url{font:600 13px var(--font);padding:6px 14px;border-radius:8px;border:0;background:var(--accent);color:#fff;cursor:pointer}
.api-copy-url{background:var(--bg-muted);color:var(--fg)}
.api-columns{display:grid;grid-template-columns:minmax(0,1fr);gap:28px}
@container (min-width:820px){.api-columns{grid-template-columns:minmax(0,1fr) minmax(300px,42%)}}
.api-examples-inner{display:flex;flex-direction:column;gap:16px}
@container (min-width:820px){.api-examples-inner{position:sticky;top:calc(var(--header-h) + 20px);max-height:calc(100vh - var(--header-h) - 40px);overflow:auto}}
.api-example-panel{margin:0}
.api-example-panel .folio-tab-list{padding-right:8px}
.api-example-copy{margin-left:auto;align-self:center;opacity:1;position:static;font-size:12px;background:none;border:1px solid var(--border);border-radius:6px;padding:2px 8px;color:var(--fg-muted);cursor:pointer}
.api-example-panel pre{margin:0;padding:12px 14px;overflow:auto;font:12.5px/1.55 var(--mono);max-height:min(60vh,520px)}
.api-plain{background:var(--code-bg)}
.api-main h2{font-size:18px;margin:28px 0 8px;padding-bottom:6px;border-bottom:1px solid var(--border);display:flex;align-items:center;gap:8px;scroll-margin-top:calc(var(--header-h) + 16px)}
.api-main>section:first-child h2{margin-top:4px}
.api-properties{list-style:none;margin:0;padding:0}
.api-properties .api-properties{margin:6px 0 0 4px;padding-left:14px;border-left:2px solid var(--border)}
.api-field{padding:10px 0;border-bottom:1px solid var(--border);scroll-margin-top:calc(var(--header-h) + 16px);position:relative}
.api-field:last-child{border-bottom:0}
.api-field-head{display:flex;align-items:baseline;gap:8px;flex-wrap:wrap}
.api-field-anchor{position:absolute;left:-16px;color:var(--fg-muted);opacity:0;text-decoration:none;font-size:13px}
.api-field:hover>.api-field-head .api-field-anchor,.api-field-anchor:focus{opacity:1}
.api-field-name{font:600 14px var(--mono);background:none;padding:0}
.api-type{font:12px var(--mono);color:var(--fg-muted)}
.api-pill{font-size:11px;font-weight:600;padding:1px 7px;border-radius:999px;background:var(--bg-muted);color:var(--fg-soft)}
.api-required{background:#fee2e2;color:#b91c1c}
.api-deprecated{background:#fef3c7;color:#92400e}
[data-theme=dark] .api-required{background:#450a0a;color:#fca5a5}
[data-theme=dark] .api-deprecated{background:#451a03;color:#fcd34d}
.api-description p{margin:4px 0}
.api-enum,.api-default,.api-constraints,.api-example{font-size:13px;color:var(--fg-soft);margin:4px 0}
.api-enum code{margin-right:4px}
.api-circular,.api-broken-ref,.api-truncated{font:12px var(--mono);color:var(--fg-muted);margin:4px 0}
.api-broken-ref{color:#b91c1c}
.api-children{margin:6px 0 0}
.api-children>summary{font-size:12.5px;color:var(--fg-muted);cursor:pointer;width:max-content;padding:2px 8px;border:1px solid var(--border);border-radius:999px}
.api-items,.api-additional,.api-variants{margin:6px 0 0;padding-left:14px;border-left:2px solid var(--border)}
.api-items-label,.api-variants>p{font-size:12px;color:var(--fg-muted);margin:4px 0}
.api-variants ol{margin:0;padding-left:18px}
.api-content-type{margin:8px 0 4px}
.api-response{border:1px solid var(--border);border-radius:var(--radius);margin:0 0 10px;padding:0 14px}
.api-response>summary{cursor:pointer;padding:10px 0;display:flex;gap:10px;align-items:baseline}
.api-response[open]>summary{border-bottom:1px solid var(--border);margin-bottom:8px}
.api-response-summary{color:var(--fg-soft);font-size:14px}
.api-status{font:600 14px var(--mono)}
.api-response[data-status^="2"] .api-status{color:#16a34a}
.api-response[data-status^="4"] .api-status,.api-response[data-status^="5"] .api-status{color:#dc2626}
.api-auth-option{list-style:none;padding:0;margin:0 0 8px}
.api-auth-option li{display:flex;gap:8px;flex-wrap:wrap;align-items:baseline}
.api-auth-option p{margin:0}
.api-playground{border:1px solid var(--border);border-radius:var(--radius);padding:14px;margin:0 0 16px;background:var(--bg-soft)}
.api-method-channel{background:#0891b2}
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
.api-binding>summary{font-size:12.5px;color:var(--fg-muted);cursor:pointer;width:max-content}
.api-binding pre{font:12px/1.5 var(--mono);padding:8px 10px;border-radius:8px;overflow:auto;margin:6px 0 0}
.pg-form{display:flex;flex-direction:column;gap:10px}
.pg-group{border:0;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:8px 14px}
.pg-group legend{font-weight:600;font-size:14px;margin-bottom:6px}
.pg-field{display:flex;flex-direction:column;gap:4px}
.pg-field label{display:flex;gap:6px;align-items:center;font-size:13px}
.pg-field input,.pg-field select,.pg-group textarea{font:13px var(--mono);padding:6px 8px;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);width:100%;box-sizing:border-box}
.pg-group textarea{grid-column:1/-1;resize:vertical}
.pg-send{align-self:flex-start}
.pg-send:disabled{opacity:.6;cursor:progress}
.pg-meta{font-size:13px;color:var(--fg-muted);margin:10px 0 6px}
.pg-status{font:600 13px var(--mono);color:var(--fg)}
.pg-status-2{color:#16a34a}.pg-status-4,.pg-status-5{color:#dc2626}
.pg-headers pre,.pg-body{font:12.5px/1.5 var(--mono);background:var(--code-bg);border:1px solid var(--border);border-radius:8px;padding:10px 12px;overflow:auto;max-height:420px;margin:6px 0 0}
.pg-error{color:#dc2626;font-size:13.5px}
`;
