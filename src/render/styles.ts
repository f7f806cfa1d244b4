/**
 * The site stylesheet, hand-written rather than compiled by Tailwind. Measured on this machine
 * (2 cores, heavily loaded): importing @tailwindcss/node + oxide took 764 ms, compiling
 * `@import "tailwindcss"` 47 ms, scanning the layout sources 8 ms, building 18 ms — about 0.85 s
 * per build process for a sheet of ~150 fixed selectors that never changes between builds.
 * Semantic class names are needed anyway (the MDX components emit `folio-*` classes, islands and
 * tests hook onto them), so utility classes would only add that cost. The sheet is emitted once
 * per build as a content-hashed file that readers download once for the whole site.
 * Colours come from CSS variables; `--primary*` is set per site from `colors` in docs.json.
 */
export const SITE_CSS = String.raw`
*,*::before,*::after{box-sizing:border-box}
:root{--bg:#fff;--bg-soft:#f9fafb;--bg-muted:#f3f4f6;--bg-hover:rgba(17,24,39,.05);--fg:#111827;--fg-soft:#374151;--fg-muted:#5f6672;--border:#e5e7eb;--border-strong:#d1d5db;
--accent:var(--primary);--on-accent:#fff;--accent-text:var(--accent);--on-primary:#fff;--code-bg:#f9fafb;--header-h:64px;--tabs-h:48px;--sidebar-w:284px;--toc-w:240px;--radius:12px;--page-max:1440px;
--font-fallback:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;--font:"Inter",var(--font-fallback);
--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;color-scheme:light}
[data-theme=dark]{--bg:#0b0d0e;--bg-soft:#111416;--bg-muted:#1b1f22;--bg-hover:rgba(255,255,255,.06);--fg:#f3f4f6;--fg-soft:#d1d5db;--fg-muted:#9ca3af;--border:#1f2427;--border-strong:#2f3539;
--code-bg:#111416;color-scheme:dark}
html{-webkit-text-size-adjust:100%;scroll-padding-top:calc(var(--header-h) + var(--tabs-h) + 16px);background:var(--bg)}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.7 var(--font);-webkit-font-smoothing:antialiased;overflow-wrap:break-word}
a{color:inherit;text-decoration:none}
img,video,iframe{max-width:100%}
img{height:auto}
:focus-visible{outline:2px solid var(--accent-text);outline-offset:2px}
.skip-link{position:absolute;left:-999px;top:0;background:var(--accent);color:var(--on-accent);padding:8px 12px;z-index:100}
.skip-link:focus{left:8px}
.banner{display:flex;align-items:center;justify-content:center;gap:12px;padding:8px 44px;background:var(--primary);color:var(--on-primary);font-size:14px;position:relative;text-align:center}
.banner a{text-decoration:underline;font-weight:600}
.banner p{margin:0}
.banner-close{position:absolute;right:10px;top:50%;transform:translateY(-50%);background:none;border:0;color:inherit;font-size:22px;line-height:1;cursor:pointer;padding:4px 8px}
.banner-dismissed .banner{display:none}
.banner-warning{background:#92400e;color:#fff}
.banner-critical{background:#991b1b;color:#fff}
.banner[style]{background:var(--banner-light)}
[data-theme="dark"] .banner[style]{background:var(--banner-dark)}
.site-header{position:sticky;top:0;z-index:40;background:color-mix(in srgb,var(--bg) 92%,transparent);backdrop-filter:blur(12px);-webkit-backdrop-filter:blur(12px)}
.site-header:not(:has(+.tab-bar)){border-bottom:1px solid var(--border)}
.header-inner{display:flex;align-items:center;gap:20px;height:var(--header-h);padding:0 32px;max-width:var(--page-max);margin:0 auto}
.brand{display:flex;align-items:center;gap:8px;font-weight:650;font-size:18px;letter-spacing:-.01em;flex:0 1 auto;min-width:0;color:var(--fg)}
.brand-name{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.logo{height:28px;width:auto;max-width:200px;object-fit:contain;object-position:left}
.logo-dark,[data-theme=dark] .logo-light{display:none}
[data-theme=dark] .logo-dark{display:block}
.header-switchers{display:flex;gap:8px;flex:none}
.header-start{display:flex;align-items:center;gap:20px;flex:1 1 0;min-width:0}
.search{position:relative;flex:0 1 440px;min-width:0;margin:0}
.header-end{display:flex;align-items:center;justify-content:flex-end;gap:6px;flex:1 1 0;margin-left:auto}
.navbar-links{display:flex;align-items:center;gap:4px;font-size:14px;color:var(--fg-soft)}
.navbar-link{display:inline-flex;align-items:center;gap:6px;padding:6px 10px;border-radius:10px;white-space:nowrap}
.navbar-link:hover{color:var(--fg);background:var(--bg-hover)}
.button-primary{display:inline-flex;align-items:center;gap:6px;background:var(--button,var(--accent));color:var(--on-button,var(--on-accent))!important;padding:7px 12px 7px 16px;border-radius:999px;font-weight:550;font-size:14px;white-space:nowrap;margin-left:6px}
.button-primary .ui-icon{width:14px;height:14px;opacity:.8}
.button-primary:hover{filter:brightness(1.08)}
.icon-button{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border:0;border-radius:10px;background:none;color:var(--fg-muted);cursor:pointer;flex:none;padding:0}
.icon-button:hover{color:var(--fg);background:var(--bg-hover)}
.icon-button .ui-icon{width:18px;height:18px}
.theme-toggle .ui-icon-moon,[data-theme=dark] .theme-toggle .ui-icon-sun{display:none}
[data-theme=dark] .theme-toggle .ui-icon-moon{display:inline-block}
.sidebar-toggle{display:none}
.tab-bar{position:sticky;top:var(--header-h);z-index:30;background:color-mix(in srgb,var(--bg) 92%,transparent);backdrop-filter:blur(12px);-webkit-backdrop-filter:blur(12px);border-bottom:1px solid var(--border)}
.tab-bar-inner{display:flex;gap:26px;padding:0 32px;max-width:var(--page-max);margin:0 auto;overflow-x:auto;scrollbar-width:none;height:var(--tabs-h)}
.tab{display:flex;align-items:center;gap:8px;font-size:14px;font-weight:500;color:var(--fg-muted);border-bottom:2px solid transparent;margin-bottom:-1px;white-space:nowrap}
.tab:hover{color:var(--fg)}
.tab[aria-current=page]{color:var(--fg);border-bottom-color:var(--accent);font-weight:600}
.tab .folio-icon{width:15px;height:15px}
.folio-icon{display:inline-block;width:1em;height:1em;flex:none;border-radius:4px;background:currentColor;opacity:.45;
-webkit-mask:radial-gradient(circle at 50% 50%,#000 38%,transparent 40%);mask:radial-gradient(circle at 50% 50%,#000 38%,transparent 40%)}
.folio-icon-img{background:none;opacity:1;-webkit-mask:none;mask:none;object-fit:contain}
.layout{display:grid;grid-template-columns:var(--sidebar-w) minmax(0,1fr) var(--toc-w);max-width:var(--page-max);margin:0 auto;padding:0 32px;min-height:calc(100vh - var(--header-h))}
.layout-wide{grid-template-columns:var(--sidebar-w) minmax(0,1fr)}
.layout-wide .toc-column,.layout-frame .toc-column,.layout-custom .toc-column,.layout-center .toc-column,.layout-assistant .toc-column{display:none}
.layout-frame{grid-template-columns:var(--sidebar-w) minmax(0,1fr)}
.layout-custom,.layout-center,.layout-assistant{grid-template-columns:minmax(0,1fr)}
.layout-custom{padding:0;max-width:none}
.layout-custom .sidebar,.layout-center .sidebar,.layout-assistant .sidebar{display:none}
.sidebar{min-width:0}
.sidebar-scroll{position:sticky;top:var(--header-h);max-height:calc(100vh - var(--header-h));overflow-y:auto;overscroll-behavior:contain;padding:24px 20px 48px 0;font-size:14px;scrollbar-width:thin}
.tab-bar~.layout .sidebar-scroll{top:calc(var(--header-h) + var(--tabs-h));max-height:calc(100vh - var(--header-h) - var(--tabs-h))}
.sidebar-nav .switcher{display:block;margin-bottom:14px}
.anchors{list-style:none;margin:0 0 18px;padding:0}
.anchor{display:flex;align-items:center;gap:12px;padding:5px 12px;color:var(--fg-soft);font-weight:500}
.anchor:hover{color:var(--fg)}
.anchor-tile{display:inline-flex;align-items:center;justify-content:center;flex:none;width:26px;height:26px;border:1px solid var(--border);border-radius:8px;background:var(--bg-soft);color:var(--fg-muted);box-shadow:0 1px 2px rgba(0,0,0,.04)}
.anchor .folio-icon{width:14px;height:14px;opacity:1}
.anchor:hover .anchor-tile{color:var(--fg);border-color:var(--border-strong)}
.anchor[aria-current=true]{color:var(--accent-text);font-weight:600}
.anchor[aria-current=true] .anchor-tile{color:var(--on-accent);background:var(--accent);border-color:var(--accent)}
.global-anchors{padding-bottom:6px}
.sidebar-group{margin:22px 0 0}
.sidebar-nav>.sidebar-group:first-child,.nav-tree>.sidebar-group:first-child{margin-top:0}
.sidebar-group-title{display:flex;align-items:center;gap:8px;margin:0 0 6px;padding:0 12px;font-size:13.5px;font-weight:600;color:var(--fg);line-height:1.5}
.sidebar-group-title .nav-link{padding:0;margin:0;font-weight:600;color:var(--fg);background:none}
.nav-list{list-style:none;margin:0;padding:0}
.nav-list.nested{margin:2px 0 2px 14px;padding-left:6px;border-left:1px solid var(--border)}
.nav-link{display:flex;align-items:center;gap:8px;padding:6px 12px;border-radius:10px;color:var(--fg-muted);line-height:1.45}
.nav-link:hover{background:var(--bg-hover);color:var(--fg)}
.nav-link[aria-current=page]{color:var(--accent-text);background:color-mix(in srgb,var(--accent) 10%,transparent);font-weight:600}
.nav-link .folio-icon{width:15px;height:15px;opacity:.75}
.nav-text{flex:1;min-width:0}
.external{color:var(--fg-muted);font-size:12px}
.tag,.badge{display:inline-block;flex:none;font-size:10.5px;font-weight:650;line-height:1;padding:4px 7px;border-radius:999px;background:color-mix(in srgb,var(--accent) 12%,transparent);color:var(--accent-text);text-transform:uppercase;letter-spacing:.03em;white-space:nowrap}
.method{flex:none;font:700 10px/1 var(--mono);padding:3px 0;border-radius:5px;min-width:36px;text-align:center;letter-spacing:.02em}
.method-ws{color:#0e7490;background:#cffafe}.method-get{color:#166534;background:#dcfce7}.method-post{color:#1e40af;background:#dbeafe}.method-put,.method-patch{color:#9a3412;background:#ffedd5}.method-delete{color:#991b1b;background:#fee2e2}.method-hook,.method-head,.method-options{color:#5b21b6;background:#ede9fe}
[data-theme=dark] .method-ws{color:#67e8f9;background:rgba(8,145,178,.2)}[data-theme=dark] .method-get{color:#86efac;background:rgba(22,163,74,.2)}[data-theme=dark] .method-post{color:#93c5fd;background:rgba(37,99,235,.22)}[data-theme=dark] .method-put,[data-theme=dark] .method-patch{color:#fdba74;background:rgba(234,88,12,.2)}[data-theme=dark] .method-delete{color:#fca5a5;background:rgba(220,38,38,.2)}[data-theme=dark] .method-hook,[data-theme=dark] .method-head,[data-theme=dark] .method-options{color:#c4b5fd;background:rgba(124,58,237,.22)}
.nav-group>summary{display:flex;align-items:center;list-style:none;cursor:pointer;border-radius:10px}
.nav-group>summary::-webkit-details-marker{display:none}
.nav-group>summary>.group-label,.nav-group>summary>.nav-link{flex:1;display:flex;align-items:center;gap:8px;padding:6px 12px;color:var(--fg-muted);min-width:0}
.nav-group>summary>.nav-link:hover{background:none}
.nav-group>summary:hover,.nav-group-linked:hover>.nav-group>summary{background:var(--bg-hover)}
.nav-group-item{position:relative}
.nav-group-linked>.nav-group-link{position:absolute;top:0;left:0;right:32px;z-index:1;background:none}
.nav-group-linked>.nav-group>summary>.group-label{visibility:hidden}
.nav-group-linked>.nav-group-link[aria-current=page]{background:none}
.nav-group-linked:has(>.nav-group-link[aria-current=page])>.nav-group>summary{background:color-mix(in srgb,var(--accent) 10%,transparent)}
.nav-group>summary:hover>.group-label{color:var(--fg)}
.chevron{width:7px;height:7px;border-right:1.5px solid var(--fg-muted);border-bottom:1.5px solid var(--fg-muted);transform:rotate(-45deg);margin:0 12px 0 6px;transition:transform .15s;flex:none}
details[open]>summary>.chevron{transform:rotate(45deg)}
.switcher{position:relative;font-size:14px}
.switcher>summary{display:flex;align-items:center;gap:8px;list-style:none;cursor:pointer;padding:6px 10px;border:1px solid var(--border);border-radius:10px;background:var(--bg);white-space:nowrap;color:var(--fg-soft)}
.switcher>summary:hover{border-color:var(--border-strong)}
.switcher>summary::-webkit-details-marker{display:none}
.switcher-current{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis}
.switcher>summary>.chevron{transform:rotate(45deg);margin:0 0 3px 4px}
.switcher[open]>summary>.chevron{transform:rotate(-135deg);margin:3px 0 0 4px}
.switcher-options{position:absolute;z-index:50;top:calc(100% + 4px);left:0;min-width:100%;max-width:min(360px,90vw);list-style:none;margin:0;padding:6px;background:var(--bg);border:1px solid var(--border);border-radius:var(--radius);box-shadow:0 16px 40px rgba(0,0,0,.14)}
.switcher-options a{display:flex;align-items:center;gap:8px;padding:7px 10px;border-radius:8px;white-space:nowrap}
.switcher-options a:hover{background:var(--bg-hover)}
.switcher-options a[aria-current=true]{color:var(--accent-text);font-weight:600}
.switcher-label{flex:1;display:flex;flex-direction:column;min-width:0}
.switcher-label small{color:var(--fg-muted);font-weight:400;white-space:normal}
.main{min-width:0;padding:40px 0 72px 48px}
.layout-center .main,.layout-assistant .main{padding-left:0}
.layout-custom .main{padding:0}
.content{max-width:768px;margin:0}
.layout-center .content,.layout-assistant .content{margin:0 auto}
.layout-wide .content,.layout-frame .content{max-width:none}
.layout-custom .content{max-width:none;margin:0}
.page-header{margin:0 0 28px}
.page-header-hidden{margin:0}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.page-copy[hidden]{display:none}
.page-header-top{display:flex;align-items:center;justify-content:space-between;gap:16px;min-height:0}
.page-header-top:empty{display:none}
.eyebrow ol{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0 0 6px;padding:0;font-size:14px;font-weight:600;color:var(--accent-text)}
.eyebrow li+li::before{content:"›";margin-right:6px;color:var(--fg-muted)}
.page-title{font-size:30px;line-height:1.25;letter-spacing:-.022em;font-weight:700;margin:0;color:var(--fg)}
.page-description{font-size:18px;line-height:1.55;color:var(--fg-muted);margin:8px 0 0}
.page-actions{display:flex;align-items:stretch;flex:none;margin-left:auto;font-size:13px;border:1px solid var(--border);border-radius:10px;background:var(--bg)}
.page-copy{display:inline-flex;align-items:center;gap:6px;padding:5px 10px;border:0;background:none;color:var(--fg-soft);font:inherit;font-weight:500;cursor:pointer;border-radius:9px 0 0 9px}
.page-copy:hover,.page-menu>summary:hover{background:var(--bg-hover);color:var(--fg)}
.page-menu{position:relative;display:flex}
.page-menu>summary{display:flex;align-items:center;gap:6px;cursor:pointer;list-style:none;padding:5px 9px;color:var(--fg-soft);border-radius:9px}
.page-copy+.page-menu>summary{border-left:1px solid var(--border);border-radius:0 9px 9px 0}
.page-menu>summary::-webkit-details-marker{display:none}
.page-menu>summary .ui-icon{width:14px;height:14px}
.page-menu ul{position:absolute;right:0;top:calc(100% + 6px);z-index:20;list-style:none;margin:0;padding:6px;width:320px;max-width:calc(100vw - 32px);background:var(--bg);border:1px solid var(--border);border-radius:var(--radius);box-shadow:0 16px 40px rgba(0,0,0,.14)}
.page-menu li a,.page-menu li button{display:flex;align-items:center;gap:12px;width:100%;text-align:left;padding:7px 8px;border:0;background:none;color:inherit;font:inherit;cursor:pointer;text-decoration:none;border-radius:8px}
.page-menu li a:hover,.page-menu li button:hover{background:var(--bg-hover)}
.page-menu-tile{display:flex;align-items:center;justify-content:center;flex:none;width:34px;height:34px;border:1px solid var(--border);border-radius:8px;background:var(--bg);color:var(--fg-soft)}
.page-menu-text{min-width:0}
.page-menu-label{display:flex;align-items:center;gap:4px;color:var(--fg);font-weight:500}
.page-menu-label .ui-icon{width:12px;height:12px;color:var(--fg-muted)}
.page-menu-description{display:block;font-size:12px;color:var(--fg-muted)}
@media print{.page-actions,.page-menu,.skip-link,.site-header,.tab-bar,.banner,.sidebar,.toc-column,.site-footer,.pager,.feedback{display:none!important}.layout{display:block}.main{margin:0;max-width:none}pre{white-space:pre-wrap;overflow-wrap:anywhere}}
.badge-deprecated{margin-left:10px;vertical-align:middle;background:color-mix(in srgb,#d97706 16%,transparent);color:#92400e}
[data-theme=dark] .badge-deprecated{color:#fcd34d}
.last-modified{margin:32px 0 0;font-size:13px;color:var(--fg-muted)}
.translation-notice{margin:0 0 20px;padding:10px 14px;border:1px solid var(--border-strong);border-left:3px solid var(--accent);border-radius:8px;background:var(--bg-soft);font-size:14px;color:var(--fg-soft)}
.translation-notice a{color:var(--accent-text);text-decoration:underline;text-underline-offset:2px}
.rss-link{display:inline-block;margin-top:8px;font-size:13px;color:var(--fg-muted)}
/* Prose rules match through :where() and stop at .not-prose (as Tailwind Typography does), so utility classes and components win over them. A link the page gave classes (a card written in JSX) is styled by them, not as a text link. */
.prose{color:var(--fg-soft);font-size:15.5px;line-height:1.75}
.prose>:first-child{margin-top:0}
.prose :where(h2):not(:where(.not-prose,.not-prose *)),.prose :where(h3):not(:where(.not-prose,.not-prose *)),.prose :where(h4):not(:where(.not-prose,.not-prose *)){color:var(--fg);line-height:1.35;margin:2em 0 .6em;letter-spacing:-.012em;font-weight:650}
.prose :where(h2):not(:where(.not-prose,.not-prose *)){font-size:23px}.prose :where(h3):not(:where(.not-prose,.not-prose *)){font-size:19px}.prose :where(h4):not(:where(.not-prose,.not-prose *)){font-size:16px}
.prose :where(a:not([class])):not(:where(.not-prose,.not-prose *)){color:var(--fg);font-weight:550;text-decoration:underline;text-decoration-color:color-mix(in srgb,var(--accent) 70%,transparent);text-decoration-thickness:1.5px;text-underline-offset:3px}
.prose :where(a:not([class]):hover):not(:where(.not-prose,.not-prose *)){text-decoration-thickness:2px;text-decoration-color:var(--accent)}
.prose :where(code):not(:where(.not-prose,.not-prose *)){font:0.875em var(--mono);background:var(--bg-muted);color:var(--fg);padding:.15em .4em;border-radius:6px;border:1px solid var(--border);overflow-wrap:break-word}
.prose :where(pre):not(:where(.not-prose,.not-prose *)){position:relative;background:var(--code-bg);border:1px solid var(--border);border-radius:var(--radius);padding:14px 16px;overflow-x:auto;font-size:13.5px;line-height:1.65;max-width:100%}
.prose :where(pre code):not(:where(.not-prose,.not-prose *)){background:none;padding:0;font-size:inherit;border:0;overflow-wrap:normal}
[data-theme=dark] .shiki{color:var(--shiki-dark)!important;background-color:var(--shiki-dark-bg)!important}
[data-theme=dark] .shiki span{color:var(--shiki-dark)!important}
.copy-button{position:absolute;top:8px;right:8px;font:12px var(--font);padding:3px 8px;border-radius:6px;border:1px solid var(--border);background:var(--bg);color:var(--fg-muted);cursor:pointer;opacity:0;transition:opacity .15s}
.prose pre:hover .copy-button,.copy-button:focus{opacity:1}
.prose :where(table):not(:where(.not-prose,.not-prose *)){width:100%;border-collapse:collapse;font-size:14px;display:block;overflow-x:auto;max-width:100%}
.prose :where(th):not(:where(.not-prose,.not-prose *)),.prose :where(td):not(:where(.not-prose,.not-prose *)){border-bottom:1px solid var(--border);padding:8px 12px;text-align:left;vertical-align:top}
.prose :where(th):not(:where(.not-prose,.not-prose *)){color:var(--fg);font-weight:600}
.prose :where(blockquote):not(:where(.not-prose,.not-prose *)){margin:1em 0;padding-left:14px;border-left:3px solid var(--border);color:var(--fg-muted)}
.prose :where(img):not(:where(.not-prose,.not-prose *)){border-radius:var(--radius)}
.prose :where(hr):not(:where(.not-prose,.not-prose *)){border:0;border-top:1px solid var(--border);margin:2.2em 0}
.prose :where(li):not(:where(.not-prose,.not-prose *)){margin:.3em 0}
.prose :where(ul):not(:where(.not-prose,.not-prose *)),.prose :where(ol):not(:where(.not-prose,.not-prose *)){padding-left:1.4em}
.prose :where(li):not(:where(.not-prose,.not-prose *))::marker{color:var(--fg-muted)}
.directory{margin:28px 0}
.directory-card{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:14px}
.directory-card-item{display:flex;flex-direction:column;gap:4px;padding:18px;border:1px solid var(--border);border-radius:var(--radius);transition:border-color .15s}
.directory-card-item:hover{border-color:var(--accent)}
.directory-card-item span{color:var(--fg-muted);font-size:14px}
.directory-accordion{border:1px solid var(--border);border-radius:var(--radius)}
.directory-accordion-item{display:block;padding:12px 16px;border-top:1px solid var(--border)}
.directory-accordion-item:first-child{border-top:0}
.directory-accordion-item span{display:block;color:var(--fg-muted);font-size:14px}
.directory-accordion-item summary{cursor:pointer;font-weight:600}
.directory-accordion-item ul{margin:8px 0 0;padding-left:18px}
.pager{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:14px;margin-top:56px}
.pager a{display:flex;flex-direction:column;gap:2px;padding:14px 18px;border:1px solid var(--border);border-radius:var(--radius);min-width:0}
.pager a:hover{border-color:var(--accent)}
.pager small{color:var(--fg-muted);font-size:13px}
.pager span{font-weight:600;color:var(--fg)}
.pager-next{text-align:right;grid-column:2}
.toc-column{min-width:0;padding:40px 0 0 32px}
.toc{position:sticky;top:calc(var(--header-h) + var(--tabs-h) + 40px);font-size:13.5px;max-height:calc(100vh - var(--header-h) - var(--tabs-h) - 60px);overflow-y:auto;scrollbar-width:thin}
.toc-title{display:flex;align-items:center;gap:8px;font-weight:600;margin:0 0 10px;color:var(--fg)}
.toc-title .ui-icon{width:14px;height:14px;color:var(--fg-muted)}
.toc ul{list-style:none;margin:0;padding:0}
.toc a{display:block;padding:4px 0;color:var(--fg-muted);line-height:1.45;overflow-wrap:break-word}
.toc a:hover{color:var(--fg)}
.toc a[aria-current=true]{color:var(--accent-text);font-weight:550}
.toc-depth-3 a{padding-left:14px}
.site-footer{border-top:1px solid var(--border)}
.footer-inner{display:flex;flex-wrap:wrap;gap:40px;max-width:var(--page-max);margin:0 auto;padding:40px 32px;font-size:14px}
.footer-brand{flex:1 1 200px}
.socials{display:flex;gap:14px;list-style:none;padding:0;margin:10px 0 0}
.socials a{color:var(--fg-muted);text-transform:capitalize}
.footer-header{font-weight:600;margin:0 0 8px}
.footer-column ul{list-style:none;margin:0;padding:0}
.footer-column a{display:block;padding:3px 0;color:var(--fg-muted)}
.footer-column a:hover,.socials a:hover{color:var(--fg)}
.layout-custom~.site-footer{display:none}
.drawer-head,.drawer-tabs{display:none}
.assistant-page{max-width:680px;margin:12vh auto 0;text-align:center}
.assistant-page .page-title{font-size:34px}
.assistant-page .page-description{margin:10px auto 28px}
.assistant-entry{display:flex;align-items:center;gap:10px;width:100%;height:52px;padding:0 18px;border:1px solid var(--border-strong);border-radius:16px;background:var(--bg);color:var(--fg-muted);font:inherit;font-size:16px;cursor:pointer;box-shadow:0 4px 20px rgba(0,0,0,.05)}
.assistant-entry:hover{border-color:var(--accent)}
.assistant-entry .ui-icon{width:18px;height:18px;color:var(--accent-text)}
.assistant-note{margin:14px 0 0;font-size:13px;color:var(--fg-muted)}
.dev-overlay{position:fixed;inset:0;z-index:1000;background:rgba(15,23,42,.86);color:#fecaca;padding:40px;font:14px/1.6 var(--mono);overflow:auto}
.dev-overlay h2{color:#fff;font-family:var(--font)}
.dev-overlay pre{white-space:pre-wrap}
@media (max-width:1279px){.layout{grid-template-columns:var(--sidebar-w) minmax(0,1fr)}.toc-column{display:none}.main{padding-left:40px}}
@media (max-width:1024px){:root{--sidebar-w:248px}.header-inner,.tab-bar-inner{padding:0 20px}.layout{padding:0 20px}.main{padding-left:32px}.navbar-link{padding:6px 6px}}
@media (max-width:860px){
.layout,.layout-wide,.layout-frame{grid-template-columns:minmax(0,1fr)}
.layout-custom .sidebar,.layout-center .sidebar,.layout-assistant .sidebar{display:flex}
.sidebar{position:fixed;z-index:45;top:0;bottom:0;left:0;width:min(86vw,320px);background:var(--bg);transform:translateX(-100%);visibility:hidden;transition:transform .2s,visibility .2s;border-right:1px solid var(--border);display:flex;flex-direction:column}
.sidebar-open .sidebar,.sidebar:target{transform:none;visibility:visible;box-shadow:0 0 0 100vmax rgba(0,0,0,.4)}
.sidebar-scroll,.tab-bar~.layout .sidebar-scroll{position:static;max-height:none;flex:1;min-height:0;padding:16px 16px 40px}
.drawer-head{display:flex;align-items:center;gap:8px;padding:10px 12px;border-bottom:1px solid var(--border)}
.drawer-switchers{display:flex;flex-wrap:wrap;gap:6px;flex:1;min-width:0}
.sidebar-close{margin-left:auto}
.drawer-tabs{display:block;padding:6px 12px;border-bottom:1px solid var(--border)}
.drawer-tabs .tab-bar-inner{display:flex;flex-direction:column;gap:2px;padding:0;height:auto}
.drawer-tabs .tab{display:flex;align-items:center;gap:8px;padding:8px 6px;border:0;margin:0;border-radius:8px;color:var(--fg-muted)}
.drawer-tabs .tab[aria-current=page]{color:var(--accent-text);font-weight:600}
.tab-bar{display:none}
:root{--tabs-h:0px}
.sidebar-toggle{display:inline-flex}
.navbar-links .navbar-link,.header-switchers{display:none}
.layout{padding:0}
.main,.layout-center .main,.layout-assistant .main{padding:24px 20px 56px}
.layout-custom .main{padding:0}
.page-title{font-size:26px}
.page-description{font-size:16px}
.header-inner{gap:8px;padding:0 12px}
.header-start{flex:0 1 auto;gap:8px}
.header-end{flex:none}
.search{max-width:none;margin:0;flex:1 1 40px;min-width:0}
.button-primary{padding:6px 12px;margin-left:2px}
.pager{grid-template-columns:minmax(0,1fr)}
.pager-next{grid-column:1}
}
@media (max-width:520px){.button-primary{display:none}.logo{max-width:120px}.page-copy{padding:5px 9px}.page-copy .page-menu-label{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}}
`;
