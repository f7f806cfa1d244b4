/**
 * The visual mode's own styles: the page column, the editor's chrome over the site's look (the
 * floating toolbar, block handle and menus, component settings forms), and plain fallbacks for the
 * parts the site's stylesheet does not style (code, labelled cards, named icons). Colours come from
 * the site's variables where it has them (`--accent`, `--border`, `--bg`), else the dashboard's.
 * Put on the page by the editor's script, after the editor's stylesheet.
 */
const CSS = String.raw`
.ed-visual{position:relative}
.ed-visual.ed-site{background:var(--bg,var(--panel));color:var(--fg,var(--text))}
.ed-visual>:not(.ed-format):not(.ed-handle):not(.ed-block-menu):not(.ed-drop-line){max-width:46rem;margin-left:auto;margin-right:auto}
.ed-visual .ed-v-title{font-family:var(--font-heading,inherit);color:var(--fg,inherit);padding:0}
.ed-visual .ed-v-description{color:var(--fg-muted,var(--muted));padding:0}
.ed-visual .ed-v{padding:.1rem 0;margin-bottom:.4rem;white-space:normal}
.ed-visual .ed-v.ed-c-plain,.ed-visual .ed-v-raw{white-space:pre-wrap}
.ed-visual .ed-v:focus{box-shadow:none;outline:none}
.ed-visual .ed-v :is(h1,h2,h3,h4,h5,h6){margin:0}
.ed-visual .ed-v-h1,.ed-visual .ed-v-h2,.ed-visual .ed-v-h3,.ed-visual .ed-v-h4{font-size:inherit;font-weight:inherit;margin-top:1.4rem}
.ed-visual .ed-v-h1 h1{font-size:1.9rem}.ed-visual .ed-v-h2 h2{font-size:1.5rem}.ed-visual .ed-v-h3 h3{font-size:1.22rem}
.ed-visual .ed-v p{margin:0 0 .5rem}.ed-visual .ed-v p:last-child{margin-bottom:0}
.ed-visual .ed-v a{color:var(--accent-text,var(--accent));text-decoration:underline;text-underline-offset:2px}
.ed-c-block{margin:0 0 .6rem;position:relative}
.ed-c{position:relative}
.ed-c-settings{position:absolute;top:6px;right:6px;z-index:3;display:inline-flex;align-items:center;justify-content:center;width:26px;height:26px;border:1px solid var(--border);border-radius:6px;background:var(--bg,#fff);color:var(--fg-muted,#555);cursor:pointer;opacity:0;transition:opacity .12s}
.ed-c:hover>.ed-c-settings,.ed-c:focus-within>.ed-c-settings,.ed-c-image:hover>.ed-c-settings,.ed-c-settings:focus-visible{opacity:1}
@media (hover:none){.ed-c-settings{opacity:.8}}
.ed-c-settings[hidden]{display:none}
.ed-c-form{position:absolute;top:36px;left:0;right:0;z-index:6;min-width:0;display:grid;gap:.45rem;padding:.75rem;border:1px solid var(--border);border-radius:10px;background:var(--bg,#fff);color:var(--fg,inherit);box-shadow:0 10px 30px rgba(0,0,0,.16);font-size:13px}
.ed-c-form-title{margin:0;font-weight:650}
.ed-c-form-row{display:grid;grid-template-columns:minmax(3.5rem,5.5rem) minmax(0,1fr);align-items:center;gap:.5rem}
.ed-c-form-row input,.ed-c-form-row select{min-width:0;font:inherit;padding:.3rem .45rem;border:1px solid var(--border);border-radius:6px;background:var(--bg,#fff);color:inherit}
.ed-c-form-actions{display:flex;justify-content:flex-end;gap:.4rem}
.ed-c-form-actions button{font:inherit;padding:.3rem .7rem;border-radius:6px;border:1px solid var(--border);background:var(--bg,#fff);color:inherit;cursor:pointer}
.ed-c-form-actions .ed-c-form-save{background:var(--accent,#16a34a);border-color:var(--accent,#16a34a);color:#fff}
.ed-c-icon{display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:8px;background:color-mix(in srgb,var(--accent,#16a34a) 14%,transparent);color:var(--accent-text,var(--accent,#16a34a));font-weight:700;font-size:13px}
.ed-c-code{margin:.8rem 0;border:1px solid var(--border);border-radius:var(--radius,10px);overflow:hidden;background:var(--code-bg,var(--bg-soft,#f8fafc))}
.folio-code-group .ed-c-code{margin:0;border:0;border-radius:0}
.folio-code-group .ed-c-code-head{display:none!important}
.ed-c-code-head{display:block!important;padding:6px 12px;font-size:12px;color:var(--fg-muted,#94a3b8);border-bottom:1px solid var(--border);background:var(--bg-soft,transparent)}
.ed-c-code-text{margin:0!important;padding:10px 14px!important;overflow-x:auto;background:transparent!important;border:0!important}
.ed-c-code-text code{display:block;outline:none;font-family:var(--mono,ui-monospace,monospace);font-size:13px;color:var(--fg,inherit);background:none!important;white-space:pre}
.ed-c-image{position:relative;margin:.6rem 0}
.ed-c-image img,.ed-c-html img{max-width:100%;height:auto;border-radius:var(--radius,8px)}
.ed-v-image-alt{display:block;width:100%;margin-top:.3rem;padding:.2rem .4rem;border:1px solid transparent;border-radius:6px;background:transparent;color:var(--muted,inherit);font:inherit;font-size:.85rem;text-align:center}
.ed-v-image-alt:hover,.ed-v-image-alt:focus{border-color:var(--border)}
.ed-c-html{overflow-x:auto}
.ed-c-card{margin:.8rem 0;padding:.7rem .9rem;border:1px dashed var(--border-strong,var(--border));border-radius:var(--radius,10px);background:var(--bg-soft,transparent)}
.ed-c-card-name{margin:0;font-size:12px;font-weight:700;letter-spacing:.03em;color:var(--fg-muted,#666)}
.ed-c-card-note{margin:.15rem 0 0;font-size:13px;color:var(--fg-muted,#666)}
.ed-c-card-body{margin-top:.5rem}
.ed-c-note{font-size:12px;color:var(--fg-muted,#666);margin:.2rem 0}
.ed-c-inline{margin:.4rem 0}
.ed-visual .folio-card .ed-v,.ed-visual .folio-callout .ed-v,.ed-visual .folio-step .ed-v,.ed-visual .folio-tab-panel .ed-v{margin-bottom:.3rem}
.ed-visual .folio-tab-panel>.ed-c-settings{top:-34px}
.ed-visual .folio-step>.ed-c-settings{top:0}
/* The floating selection toolbar. */
.ed-visual>.ed-format{position:absolute;top:0;left:0;z-index:8;display:flex;flex-wrap:nowrap;align-items:center;gap:2px;margin:0;padding:4px;border:1px solid var(--border);border-radius:10px;background:var(--bg,var(--panel));box-shadow:0 8px 24px rgba(0,0,0,.14);opacity:0;pointer-events:none;transition:opacity .1s;max-width:calc(100% - 8px);overflow-x:auto}
.ed-visual>.ed-format[data-shown=true]{opacity:1;pointer-events:auto}
.ed-format .ed-format-btn{min-width:1.9rem;height:1.8rem;padding:0 .45rem;border:0;border-radius:6px;background:none;color:var(--fg,var(--text));font:inherit;font-size:13px;cursor:pointer;white-space:nowrap}
.ed-format .ed-format-btn:hover:not(:disabled){background:var(--bg-muted,var(--accent-soft))}
.ed-format .ed-format-btn[aria-pressed=true]{background:color-mix(in srgb,var(--accent,#16a34a) 16%,transparent)}
.ed-format .ed-format-strike{text-decoration:line-through}
.ed-format .ed-format-comment{border-left:1px solid var(--border);border-radius:0 6px 6px 0;margin-left:2px}
.ed-format-style{width:auto;max-width:7.5rem;font:inherit;font-size:13px;height:1.8rem;border:0;border-radius:6px;background:none;color:var(--fg,var(--text));padding:0 .3rem}
.ed-format-link{display:flex;gap:2px;align-items:center}
.ed-format-link[hidden]{display:none}
.ed-format-link input{width:14rem;font:inherit;font-size:13px;padding:.25rem .4rem;border:1px solid var(--border);border-radius:6px;background:var(--bg,#fff);color:inherit}
/* The block handle, its menu and the drop line. */
.ed-handle{position:absolute;z-index:5;display:flex;gap:1px}
.ed-handle[hidden]{display:none}
.ed-handle-btn{width:22px;height:24px;padding:0;border:0;border-radius:5px;background:none;color:var(--fg-muted,#888);font:inherit;font-size:14px;line-height:1;cursor:pointer}
.ed-handle-btn:hover,.ed-handle-btn:focus-visible{background:var(--bg-muted,rgba(0,0,0,.06));color:var(--fg,inherit)}
.ed-handle-grip{display:inline-flex;align-items:center;justify-content:center;cursor:grab;letter-spacing:-3px;font-weight:700;user-select:none}
.ed-block-menu{position:absolute;z-index:9;display:flex;flex-direction:column;min-width:12rem;max-height:20rem;overflow:auto;padding:4px;border:1px solid var(--border);border-radius:12px;background:var(--bg,var(--panel));color:var(--fg,var(--text));box-shadow:0 12px 32px rgba(0,0,0,.16)}
.ed-block-menu[hidden]{display:none}
.ed-block-menu-item{text-align:left;padding:.4rem .65rem;border:0;border-radius:7px;background:none;color:inherit;font:inherit;font-size:14px;cursor:pointer}
.ed-block-menu-item:hover,.ed-block-menu-item:focus-visible,.ed-block-menu-current{background:var(--bg-muted,rgba(0,0,0,.06));outline:none}
.ed-block-menu-danger{color:#dc2626}
.ed-drop-line{position:absolute;height:3px;border-radius:2px;background:var(--accent,#16a34a);pointer-events:none;z-index:7}
.ed-drop-line[hidden]{display:none}
/* Phones: the selection toolbar wraps onto a second row rather than scrolling (a scrolling bar with its buttons disabled is a region no keyboard reaches: axe scrollable-region-focusable). */
@media (max-width:700px){.ed-visual>.ed-format{flex-wrap:wrap;overflow-x:visible}}
@media (max-width:700px){.ed-visual>:not(.ed-format):not(.ed-handle):not(.ed-block-menu):not(.ed-drop-line){max-width:none}.ed-visual .folio-grid{grid-template-columns:minmax(0,1fr)}.ed-format-link input{width:9rem}}
`;

export function installVisualStyles(): void {
  if (document.getElementById('ed-visual-style')) return;
  const style = document.createElement('style');
  style.id = 'ed-visual-style';
  style.textContent = CSS;
  document.head.append(style);
}
