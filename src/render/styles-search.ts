/**
 * The search button in the header and the search dialog (`client/search-dialog.ts`). Colours come
 * from the site's variables, so themes and dark mode apply; text sits on the panel (`--bg`, in dark
 * mode `--bg-soft` to stand out from the page) or on the selected option's `--bg-muted`, in
 * `--fg`/`--fg-soft`/`--fg-muted`, each at least 4.5:1 in both modes (excerpts use `--fg-soft`:
 * `--fg-muted` on `--bg-muted` is 4.3:1 in light mode).
 * Phones (≤768px) get a magnifier button and a full-screen dialog.
 */
const svg = (body: string) => `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${body}</svg>`)}")`;
const MAGNIFIER = svg("<circle cx='11' cy='11' r='7'/><path d='m20 20-3.6-3.6'/>");
const CLOCK = svg("<circle cx='12' cy='12' r='9'/><path d='M12 7v5l3 2'/>");

const SR_ONLY = 'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0';

export const SEARCH_CSS = String.raw`
.search-icon,.search-recent-icon{flex:none;width:16px;height:16px;background:currentColor;-webkit-mask:${MAGNIFIER} center/contain no-repeat;mask:${MAGNIFIER} center/contain no-repeat}
.search-recent-icon{-webkit-mask-image:${CLOCK};mask-image:${CLOCK};color:var(--fg-muted)}
.search-trigger{display:flex;align-items:center;gap:8px;width:100%;height:36px;padding:0 6px 0 12px;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg);color:var(--fg-muted);font:inherit;font-size:14px;text-align:left;cursor:pointer}
.search-trigger:hover{border-color:color-mix(in srgb,var(--fg-muted) 45%,var(--border));color:var(--fg-soft)}
.search-trigger:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.search-trigger-text{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.search-kbd{flex:none;padding:0 6px;border:1px solid var(--border);border-radius:min(6px,var(--radius));background:var(--bg-soft);color:var(--fg-muted);font:500 12px/20px var(--font)}
.search-kbd:empty{display:none}
.search-dialog{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;padding:0;border:0;background:transparent;color:var(--fg);overflow:hidden}
.search-dialog::backdrop{background:rgba(15,23,42,.5);backdrop-filter:blur(2px)}
.search-panel{display:flex;flex-direction:column;width:min(640px,calc(100% - 32px));max-height:min(620px,calc(100% - 12vh - 24px));margin:12vh auto 0;background:var(--bg);border:1px solid var(--border);border-radius:calc(var(--radius) + 4px);box-shadow:0 24px 64px rgba(0,0,0,.28);overflow:hidden;font:15px/1.5 var(--font)}
[data-theme=dark] .search-panel{background:var(--bg-soft)}
.search-bar{display:flex;align-items:center;gap:10px;flex:none;padding:0 16px;border-bottom:1px solid var(--border)}
.search-bar .search-icon{width:18px;height:18px;color:var(--fg-muted)}
.search-input{flex:1;min-width:0;height:54px;border:0;outline:0;background:transparent;color:var(--fg);font:inherit;font-size:16px}
.search-input::placeholder{color:var(--fg-muted);opacity:1}
.search-close{display:none;flex:none;padding:6px 2px;border:0;background:none;color:var(--fg-soft);font:inherit;font-size:15px;cursor:pointer}
.search-body{flex:1;min-height:0;overflow:auto;overscroll-behavior:contain;padding:8px}
.search-head{display:flex;align-items:center;justify-content:space-between;padding:4px 10px;color:var(--fg-muted);font-size:12px;font-weight:600}
.search-head:empty{display:none}
.search-clear{padding:2px 6px;border:0;border-radius:6px;background:none;color:var(--fg-muted);font:inherit;cursor:pointer}
.search-clear:hover,.search-clear:focus-visible{color:var(--fg);background:var(--bg-muted)}
.search-group+.search-group{margin-top:6px;padding-top:6px;border-top:1px solid var(--border)}
.search-option{display:block;padding:8px 10px;border-radius:min(8px,var(--radius));color:var(--fg);cursor:pointer;scroll-margin:8px}
.search-option[aria-selected=true]{background:var(--bg-muted)}
.search-page-head{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px}
.search-title{font-weight:600;overflow-wrap:anywhere}
.search-section{margin-left:14px;padding-left:14px;border-left:2px solid var(--border);border-radius:0 min(8px,var(--radius)) min(8px,var(--radius)) 0}
.search-section .search-title{font-weight:500;font-size:14px}
.search-section[aria-selected=true]{border-left-color:var(--accent)}
.search-label{padding:0 7px;border-radius:999px;background:color-mix(in srgb,var(--fg) 8%,transparent);color:var(--fg-soft);font-size:11.5px;font-weight:500;line-height:18px;white-space:nowrap}
.search-excerpt{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;margin-top:2px;color:var(--fg-soft);font-size:13px;overflow-wrap:anywhere}
.search-excerpt mark{padding:0 1px;border-radius:3px;background:color-mix(in srgb,var(--accent) 22%,transparent);color:var(--fg)}
.search-recent{display:flex;align-items:center;gap:10px}
.search-recent .search-title{font-weight:400}
.search-status{margin:0;padding:28px 12px;color:var(--fg-muted);font-size:14px;text-align:center}
.search-status:empty{display:none}
.search-busy{margin:0;padding:28px 12px;color:var(--fg-muted);font-size:14px;text-align:center}
.search-busy[hidden]{display:none}
.search-status-quiet{${SR_ONLY}}
@media (max-width:768px){
.search{flex:none;max-width:none;margin-left:auto}
.search-trigger{justify-content:center;width:36px;padding:0;border-radius:999px;background:var(--bg-soft);color:var(--fg)}
[data-site-theme=linden] .search-trigger{border-radius:0}
.search-trigger-text{${SR_ONLY}}
.search-kbd{display:none}
.search-panel{width:100%;height:100%;max-height:none;margin:0;border:0;border-radius:0;box-shadow:none}
.search-bar{padding:0 12px 0 16px}
.search-close{display:block}
.search-body{padding:6px}
}
`;
