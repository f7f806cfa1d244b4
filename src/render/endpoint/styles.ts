/**
 * Styles of generated endpoint pages (`.api-*` classes), written against the site's CSS
 * variables (`--border`, `--bg-soft`, `--mono`, ...) so they follow the theme and dark mode.
 * The render layer appends this to the site stylesheet.
 */
export const ENDPOINT_CSS = String.raw`
.api-page h1 .api-pill{margin-left:10px;vertical-align:middle}
.api-request-line{display:flex;align-items:center;gap:10px;flex-wrap:wrap;padding:10px 14px;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg-soft);margin:16px 0}
.api-method{font:700 12px/1 var(--mono);letter-spacing:.04em;padding:5px 8px;border-radius:6px;color:#fff;background:#64748b}
.api-method-get{background:#16a34a}.api-method-post{background:#2563eb}.api-method-put{background:#d97706}
.api-method-patch{background:#9333ea}.api-method-delete{background:#dc2626}
.api-path{font:14px var(--mono);word-break:break-all;background:none;padding:0}
.api-servers{font-size:13px;color:var(--fg-muted)}
.api-servers code{margin-left:4px}
.api-reference h2{font-size:18px;margin:28px 0 8px;padding-bottom:6px;border-bottom:1px solid var(--border);display:flex;align-items:center;gap:8px}
.api-reference h3{font-size:15px;margin:16px 0 6px}
.api-properties{list-style:none;margin:0;padding:0}
.api-properties .api-properties{margin:6px 0 0 4px;padding-left:14px;border-left:2px solid var(--border)}
.api-field{padding:10px 0;border-bottom:1px solid var(--border)}
.api-field:last-child{border-bottom:0}
.api-field-head{display:flex;align-items:baseline;gap:8px;flex-wrap:wrap}
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
.api-items,.api-additional,.api-variants{margin:6px 0 0;padding-left:14px;border-left:2px solid var(--border)}
.api-items-label,.api-variants>p{font-size:12px;color:var(--fg-muted);margin:4px 0}
.api-variants ol{margin:0;padding-left:18px}
.api-content-type{margin:8px 0 4px}
.api-response{margin-bottom:18px}
.api-status{font:600 14px var(--mono)}
.api-response[data-status^="2"] .api-status{color:#16a34a}
.api-response[data-status^="4"] .api-status,.api-response[data-status^="5"] .api-status{color:#dc2626}
.api-example-block,.api-sample pre{background:var(--code-bg);border:1px solid var(--border);border-radius:var(--radius);padding:12px 14px;overflow:auto;font:13px/1.5 var(--mono);max-height:420px}
.api-sample{margin:0 0 14px}
.api-sample figcaption{font-size:12px;font-weight:600;color:var(--fg-muted);margin-bottom:4px}
.api-auth-option{list-style:none;padding:0;margin:0 0 8px}
.api-auth-option li{display:flex;gap:8px;flex-wrap:wrap;align-items:baseline}
.api-auth-option p{margin:0}
`;
