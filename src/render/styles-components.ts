/**
 * Styles of the MDX component set (class names come from the mdx layer's components:
 * `folio-callout`, `folio-card`, `folio-tabs`, ...). Kept apart from the layout sheet so each
 * stays readable; both end up in the one hashed stylesheet.
 */
export const COMPONENTS_CSS = String.raw`
.prose .folio-anchor{float:left;margin-left:-1em;padding-right:.25em;color:var(--fg-muted);text-decoration:none;opacity:0}
.prose h2:hover .folio-anchor,.prose h3:hover .folio-anchor,.prose h4:hover .folio-anchor{opacity:1}
.folio-callout{display:flex;gap:12px;margin:16px 0;padding:12px 16px;border:1px solid;border-radius:var(--radius);--c:#64748b;border-color:color-mix(in srgb,var(--c) 35%,transparent);background:color-mix(in srgb,var(--c) 8%,transparent);color:var(--fg-soft)}
.folio-callout-note{--c:#0ea5e9}.folio-callout-info{--c:#64748b}.folio-callout-tip{--c:#16a34a}.folio-callout-warning{--c:#d97706}.folio-callout-check{--c:#16a34a}.folio-callout-danger{--c:#dc2626}.folio-callout-callout{--c:var(--accent)}
.folio-callout-icon{margin-top:5px;color:var(--c);opacity:1}
.folio-callout-body{flex:1;min-width:0}
[data-theme=dark] .folio-callout{background:color-mix(in srgb,var(--c) 10%,transparent)}
.folio-callout-body>:first-child{margin-top:0}.folio-callout-body>:last-child{margin-bottom:0}
.folio-badge{display:inline-block;font-size:12px;font-weight:600;line-height:1;padding:4px 8px;border-radius:999px;background:var(--bg-muted);color:var(--fg-soft)}
.folio-tooltip{position:relative;border-bottom:1px dashed var(--fg-muted);cursor:help}
.folio-tooltip-content{display:none;position:absolute;bottom:calc(100% + 6px);left:50%;transform:translateX(-50%);background:var(--fg);color:var(--bg);font-size:12.5px;padding:6px 10px;border-radius:6px;white-space:nowrap;z-index:10}
.folio-tooltip:hover .folio-tooltip-content,.folio-tooltip:focus .folio-tooltip-content{display:block}
.folio-grid,.folio-card-group,.folio-columns{display:grid;grid-template-columns:repeat(var(--folio-cols,2),minmax(0,1fr));gap:14px;margin:18px 0}
.folio-grid>*{min-width:0}
.folio-card-group{gap:16px}
.folio-card{display:block;border:1px solid var(--border);border-radius:var(--radius);padding:18px 20px;background:var(--bg);text-decoration:none!important;color:inherit!important;font-weight:400!important;transition:border-color .15s,box-shadow .15s;min-width:0}
a.folio-card:hover{border-color:var(--accent);box-shadow:0 4px 16px rgba(0,0,0,.06)}
.folio-card-content{position:relative;display:flex;flex-direction:column;gap:10px}
.folio-card-text{min-width:0}
.folio-card-arrow{position:absolute;top:-2px;right:0;color:var(--fg-muted);font-size:15px}
a.folio-card:hover .folio-card-arrow{color:var(--accent-text)}
.folio-card-cta{display:inline-flex;align-items:center;gap:6px;margin-top:12px;font-size:14px;font-weight:600;color:var(--accent-text)}
a.folio-card:hover .folio-card-cta-arrow{transform:translateX(2px)}
.folio-card-cta-arrow{transition:transform .15s}
.folio-card-typed{border-color:color-mix(in srgb,var(--c) 35%,transparent);background:color-mix(in srgb,var(--c) 8%,var(--bg))}
.folio-card-typed .folio-card-icon{color:var(--c)}
.folio-card-horizontal .folio-card-content{flex-direction:row;align-items:center}
:not(.folio-grid)>.folio-card{margin-block:16px}
.folio-card-icon{width:20px;height:20px;color:var(--accent);opacity:1}
.folio-card-title{margin:0;font-weight:600;color:var(--fg);font-size:15.5px}
.folio-card-horizontal .folio-card-arrow{position:static;margin-left:auto}
.folio-card-body{color:var(--fg-muted);font-size:14px}
.folio-card-body>:first-child{margin-top:0}.folio-card-body>:last-child{margin-bottom:0}
.folio-card-img{display:block;width:100%;border-radius:8px;margin-bottom:10px}
.folio-frame{margin:20px 0;padding:8px;border:1px solid var(--border);border-radius:calc(var(--radius) + 4px);background:var(--bg-soft)}
.folio-frame-body img{display:block;margin:0 auto;border-radius:var(--radius)}
.folio-frame-caption{text-align:center;font-size:13px;color:var(--fg-muted);margin-top:8px}
.folio-accordion-group{border:1px solid var(--border);border-radius:var(--radius);margin:18px 0;overflow:hidden}
.folio-accordion-group>.folio-accordion{border:0;border-top:1px solid var(--border);border-radius:0;margin:0}
.folio-accordion-group>.folio-accordion:first-child{border-top:0}
.folio-accordion,.folio-expandable{border:1px solid var(--border);border-radius:var(--radius);margin:12px 0}
.folio-accordion-summary,.folio-expandable-summary{display:flex;flex-wrap:wrap;align-items:center;gap:4px 10px;cursor:pointer;padding:12px 16px;font-weight:600;color:var(--fg);list-style:none}
.folio-accordion-summary::-webkit-details-marker,.folio-expandable-summary::-webkit-details-marker{display:none}
.folio-accordion-summary::before,.folio-expandable-summary::before{content:"";flex:none;width:7px;height:7px;border-right:1.5px solid var(--fg-muted);border-bottom:1.5px solid var(--fg-muted);transform:rotate(-45deg);transition:transform .15s;margin:0 4px 0 2px}
details[open]>.folio-accordion-summary::before,details[open]>.folio-expandable-summary::before{transform:rotate(45deg)}
.folio-accordion-title{flex:1;min-width:0}
.folio-accordion-icon{width:16px;height:16px;color:var(--fg-muted)}
.folio-expandable-summary{font-weight:500;font-size:13.5px;color:var(--fg-soft);padding:8px 12px}
.folio-accordion-description{flex-basis:100%;padding-left:23px;font-weight:400;color:var(--fg-muted);font-size:14px}
.folio-accordion-body,.folio-expandable-body{padding:0 16px 12px}
.folio-tabs{margin:18px 0;border:1px solid var(--border);border-radius:var(--radius);overflow:hidden}
.folio-tab-list{display:flex;gap:2px;overflow-x:auto;border-bottom:1px solid var(--border);background:var(--bg-soft);padding:0 8px}
.folio-tab{display:inline-flex;align-items:center;gap:7px;font:inherit;font-size:13.5px;background:none;border:0;border-bottom:2px solid transparent;padding:8px 10px;color:var(--fg-muted);cursor:pointer;white-space:nowrap}
.folio-tab-icon{width:14px;height:14px}
.folio-tab[aria-selected=true]{color:var(--fg);border-bottom-color:var(--accent);font-weight:600}
.folio-tabs-content{min-width:0}
.folio-tabs-content>.folio-tab-panel{padding:12px 16px}
.folio-tab-panel[hidden]{display:none}
.folio-code-group .folio-code{margin:0;border:0;border-radius:0}
.folio-code-group .folio-code-header{display:none}
.folio-code-group .folio-tab-list{padding-right:70px;position:relative}
.folio-code{position:relative;margin:16px 0;border:1px solid var(--border);border-radius:var(--radius);background:var(--code-bg);overflow:hidden;max-width:100%}
.folio-code-header{display:flex;align-items:center;gap:8px;min-height:0;font-size:12.5px;color:var(--fg-muted)}
.folio-code-title{padding:8px 14px 0}
.folio-code-icon{width:14px;height:14px;margin:8px 0 0 14px}.folio-code-icon+.folio-code-title{padding-left:0}
.folio-code-lines code{counter-reset:line}
.folio-code-lines .line::before{counter-increment:line;content:counter(line);display:inline-block;min-width:2ch;margin-right:18px;text-align:right;color:var(--fg-muted);opacity:.7;user-select:none}
.folio-copy{position:absolute;top:7px;right:8px;font:12px var(--font);padding:3px 8px;border-radius:6px;border:1px solid var(--border);background:var(--bg);color:var(--fg-muted);cursor:pointer;opacity:0;transition:opacity .15s;z-index:1}
.folio-code:hover .folio-copy,.folio-copy:focus,.folio-copy[data-copied]{opacity:1}
/* Touch screens have no hover: their copy buttons are always shown. */
@media (hover:none){.folio-copy,.copy-button{opacity:1}}
.folio-code pre{margin:0;border:0;border-radius:0}
.folio-code pre.github-light,[data-theme=dark] .folio-code pre.github-dark{background:transparent!important}
.folio-steps{list-style:none;margin:20px 0;padding:0;counter-reset:step}
.folio-step{position:relative;display:flex;gap:14px;padding-bottom:18px;counter-increment:step}
.folio-step-content{flex:1;min-width:0}
.folio-step:not(:last-child)::before{content:"";position:absolute;left:13px;top:30px;bottom:2px;width:1px;background:var(--border)}
.folio-step-marker{flex:none;width:27px;height:27px;border-radius:50%;background:var(--bg-muted);color:var(--fg);display:flex;align-items:center;justify-content:center;font-size:13px;font-weight:600}
.folio-step-marker:empty::before{content:counter(step)}
.folio-step-title{margin:2px 0 4px;font-weight:600;color:var(--fg)}
.folio-step-body>:first-child{margin-top:0}.folio-step-body>:last-child{margin-bottom:0}
.folio-field{border-bottom:1px solid var(--border);padding:14px 0}
.folio-field-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px;font-size:13px}
.folio-field-name{font-weight:700;color:var(--accent-text)!important;background:none!important;padding:0!important;font-size:14px!important}
.folio-field-type,.folio-field-location,.folio-field-default{color:var(--fg-muted);background:var(--bg-muted);padding:1px 6px;border-radius:5px;font-family:var(--mono)}
.folio-field-required{color:#b91c1c;font-weight:600}
.folio-field-deprecated{color:#b45309;font-weight:600}
[data-theme=dark] .folio-field-required{color:#fca5a5}
[data-theme=dark] .folio-field-deprecated{color:#fcd34d}
.folio-field-body>:last-child{margin-bottom:0}
.folio-update{display:grid;grid-template-columns:160px minmax(0,1fr);gap:24px;padding:20px 0;border-bottom:1px solid var(--border)}
.folio-update-label{display:inline-block;margin:0;font-weight:700;font-size:13px;color:var(--accent-text);background:color-mix(in srgb,var(--accent) 12%,transparent);padding:3px 10px;border-radius:999px}
.folio-update-description{margin:6px 0 0;color:var(--fg-muted);font-size:13px}
.folio-update-body>:first-child{margin-top:0}
.folio-update[hidden]{display:none}
.folio-update-tags{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:8px 0 0;padding:0;font-size:12px;color:var(--fg-muted)}
.update-filters ul{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0;padding:0}
.update-filter{font:inherit;font-size:13px;padding:3px 10px;border-radius:999px;border:1px solid var(--border);background:transparent;color:inherit;cursor:pointer}
.update-filter[aria-pressed=true]{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}
.folio-tree{font:13.5px/1.7 var(--mono);border:1px solid var(--border);border-radius:var(--radius);padding:10px 14px;margin:16px 0}
.prose .folio-tree,.folio-tree ul{list-style:none;margin:0;padding-left:18px}
.prose .folio-tree{padding:10px 14px;margin:16px 0}
.folio-tree summary{cursor:pointer;list-style:none}
.folio-tree summary::-webkit-details-marker{display:none}
.folio-tree-folder,.folio-tree-file{margin:0}
.folio-tree-icon{width:14px;height:14px;margin-right:6px;vertical-align:-2px;color:var(--fg-muted)}
.folio-math-display,.katex-display{overflow-x:auto;overflow-y:hidden}
.folio-mdx-error{border:1px dashed #dc2626;color:#dc2626;padding:8px 12px;border-radius:8px}
.folio-unknown-component{display:contents}
.folio-missing-snippet{border:1px dashed var(--border);color:var(--fg-muted);padding:8px 12px;border-radius:8px;margin:1em 0;font-size:.875em}
.folio-fallback-notice{border:1px solid #dc2626;color:#b91c1c;background:#fef2f2;padding:8px 12px;border-radius:8px;margin:0 0 1.5em}
.folio-fallback-notice pre{white-space:pre-wrap;margin:.5em 0 0;font-size:.8em}
.folio-panel{border:1px solid var(--border);border-radius:var(--radius);padding:12px 16px}
.folio-color{display:flex;flex-wrap:wrap;gap:10px}
.folio-color-swatch{width:40px;height:40px;border-radius:8px;border:1px solid var(--border)}
@media (max-width:860px){.folio-grid,.folio-card-group,.folio-columns{grid-template-columns:minmax(0,1fr)}.folio-update{grid-template-columns:minmax(0,1fr);gap:8px}}
`;
