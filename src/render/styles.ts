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
:root{--bg:#fff;--bg-soft:#f8fafc;--bg-muted:#f1f5f9;--fg:#0f172a;--fg-soft:#334155;--fg-muted:#64748b;--border:#e2e8f0;
--accent:var(--primary);--code-bg:#f6f8fa;--header-h:56px;--sidebar-w:272px;--toc-w:224px;--radius:10px;
--font:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;color-scheme:light}
[data-theme=dark]{--bg:#0b1120;--bg-soft:#0f172a;--bg-muted:#1e293b;--fg:#e2e8f0;--fg-soft:#cbd5e1;--fg-muted:#94a3b8;
--border:#1e293b;--accent:var(--primary-light);--code-bg:#111827;color-scheme:dark}
html{-webkit-text-size-adjust:100%;scroll-padding-top:calc(var(--header-h) + 56px)}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.65 var(--font)}
a{color:inherit;text-decoration:none}
img{max-width:100%;height:auto}
.skip-link{position:absolute;left:-999px;top:0;background:var(--accent);color:#fff;padding:8px 12px;z-index:100}
.skip-link:focus{left:8px}
.banner{display:flex;align-items:center;justify-content:center;gap:12px;padding:8px 44px;background:var(--primary);color:#fff;font-size:14px;position:relative;text-align:center}
.banner a{text-decoration:underline;font-weight:600}
.banner p{margin:0}
.banner-close{position:absolute;right:10px;top:50%;transform:translateY(-50%);background:none;border:0;color:inherit;font-size:22px;line-height:1;cursor:pointer;padding:4px 8px}
.banner-dismissed .banner{display:none}
.banner-warning{background:#b45309}
.banner-critical{background:#b91c1c}
.banner[style]{background:var(--banner-light)}
[data-theme="dark"] .banner[style]{background:var(--banner-dark)}
.site-header{position:sticky;top:0;z-index:40;background:color-mix(in srgb,var(--bg) 88%,transparent);backdrop-filter:blur(10px);border-bottom:1px solid var(--border)}
.header-inner{display:flex;align-items:center;gap:16px;height:var(--header-h);padding:0 20px;max-width:1600px;margin:0 auto}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:17px;flex:none}
.logo{height:26px;width:auto}
.logo-dark,[data-theme=dark] .logo-light{display:none}
[data-theme=dark] .logo-dark{display:block}
.header-switchers{display:flex;gap:8px}
.search{position:relative;flex:1;max-width:360px;margin-left:auto}
.search input{width:100%;height:36px;border:1px solid var(--border);border-radius:999px;background:var(--bg-soft);color:var(--fg);padding:0 14px;font:inherit;font-size:14px}
.search input:focus{outline:2px solid var(--accent);outline-offset:1px}
.search-results{position:absolute;top:42px;left:0;right:0;list-style:none;margin:0;padding:6px;background:var(--bg);border:1px solid var(--border);border-radius:var(--radius);box-shadow:0 12px 32px rgba(0,0,0,.12);max-height:70vh;overflow:auto}
.search-results a{display:block;padding:8px 10px;border-radius:8px}
.search-results a:hover{background:var(--bg-muted)}
.search-results span{display:block;color:var(--fg-muted);font-size:13px}
.search-results mark{background:color-mix(in srgb,var(--accent) 25%,transparent);color:inherit}
.navbar-links{display:flex;align-items:center;gap:18px;font-size:14px;color:var(--fg-soft)}
.navbar-links a:hover{color:var(--fg)}
.button-primary{background:var(--primary);color:#fff!important;padding:7px 14px;border-radius:999px;font-weight:600}
.button-primary:hover{filter:brightness(1.08)}
.icon-button{display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border:1px solid var(--border);border-radius:999px;background:var(--bg-soft);color:var(--fg);cursor:pointer;flex:none}
.theme-toggle .sun,.theme-toggle .moon{width:16px;height:16px;border-radius:50%}
.theme-toggle .sun{background:#f59e0b;box-shadow:0 0 0 3px color-mix(in srgb,#f59e0b 30%,transparent)}
.theme-toggle .moon{display:none;box-shadow:inset -5px -3px 0 0 #e2e8f0}
[data-theme=dark] .theme-toggle .sun{display:none}
[data-theme=dark] .theme-toggle .moon{display:block}
.sidebar-toggle{display:none}
.burger,.burger::before,.burger::after{display:block;width:16px;height:2px;background:currentColor;border-radius:2px;position:relative}
.burger::before,.burger::after{content:"";position:absolute;left:0}
.burger::before{top:-5px}.burger::after{top:5px}
.tab-bar{position:sticky;top:var(--header-h);z-index:30;background:var(--bg);border-bottom:1px solid var(--border)}
.tab-bar-inner{display:flex;gap:4px;padding:0 20px;max-width:1600px;margin:0 auto;overflow-x:auto;scrollbar-width:none}
.tab{display:flex;align-items:center;gap:6px;padding:10px 10px;font-size:14px;color:var(--fg-muted);border-bottom:2px solid transparent;white-space:nowrap}
.tab:hover{color:var(--fg)}
.tab[aria-current=page]{color:var(--accent);border-bottom-color:var(--accent);font-weight:600}
.folio-icon{display:inline-block;width:1em;height:1em;flex:none;border-radius:4px;background:currentColor;opacity:.45;
-webkit-mask:radial-gradient(circle at 50% 50%,#000 38%,transparent 40%);mask:radial-gradient(circle at 50% 50%,#000 38%,transparent 40%)}
.folio-icon-img{background:none;opacity:1;-webkit-mask:none;mask:none;object-fit:contain}
.layout{display:grid;grid-template-columns:var(--sidebar-w) minmax(0,1fr) var(--toc-w);max-width:1600px;margin:0 auto;min-height:calc(100vh - var(--header-h))}
.layout-wide{grid-template-columns:var(--sidebar-w) minmax(0,1fr)}
.layout-wide .toc-column{display:none}
.sidebar{border-right:1px solid var(--border)}
.sidebar-scroll{position:sticky;top:var(--header-h);max-height:calc(100vh - var(--header-h));overflow-y:auto;padding:20px 14px 40px;font-size:14px}
.tab-bar~.layout .sidebar-scroll{top:calc(var(--header-h) + 42px);max-height:calc(100vh - var(--header-h) - 42px)}
.sidebar-nav .switcher{display:block;margin-bottom:12px}
.anchors{list-style:none;margin:0 0 14px;padding:0}
.anchor{display:flex;align-items:center;gap:10px;padding:6px 8px;border-radius:8px;color:var(--fg-soft);font-weight:500}
.anchor:hover{background:var(--bg-muted);color:var(--fg)}
.anchor[aria-current=true]{color:var(--accent)}
.anchor .folio-icon{width:16px;height:16px;opacity:1;color:var(--accent)}
.global-anchors{border-bottom:1px solid var(--border);padding-bottom:12px}
.sidebar-group{margin:18px 0 0}
.sidebar-group-title{display:flex;align-items:center;gap:8px;margin:0 0 6px;padding:0 8px;font-size:12.5px;font-weight:700;letter-spacing:.02em;color:var(--fg)}
.sidebar-group-title .nav-link{padding:0;margin:0;font-weight:700}
.nav-list{list-style:none;margin:0;padding:0}
.nav-list.nested{margin-left:12px;padding-left:8px;border-left:1px solid var(--border)}
.nav-link{display:flex;align-items:center;gap:8px;padding:5px 8px;border-radius:8px;color:var(--fg-soft);line-height:1.4}
.nav-link:hover{background:var(--bg-muted);color:var(--fg)}
.nav-link[aria-current=page]{color:var(--accent);background:color-mix(in srgb,var(--accent) 10%,transparent);font-weight:600}
.nav-text{flex:1;min-width:0}
.tag,.badge{display:inline-block;font-size:10.5px;font-weight:700;line-height:1;padding:3px 6px;border-radius:999px;background:color-mix(in srgb,var(--accent) 14%,transparent);color:var(--accent);text-transform:uppercase;letter-spacing:.03em}
.method{font:700 10px/1 var(--mono);padding:3px 4px;border-radius:4px;background:var(--bg-muted);min-width:38px;text-align:center}
.method-ws{color:#0891b2}.method-get{color:#16a34a}.method-post{color:#2563eb}.method-put,.method-patch{color:#d97706}.method-delete{color:#dc2626}
.nav-group>summary{display:flex;align-items:center;list-style:none;cursor:pointer;border-radius:8px}
.nav-group>summary::-webkit-details-marker{display:none}
.nav-group>summary>.group-label,.nav-group>summary>.nav-link{flex:1;display:flex;align-items:center;gap:8px;padding:5px 8px;color:var(--fg-soft)}
.nav-group>summary:hover{background:var(--bg-muted)}
.chevron{width:7px;height:7px;border-right:1.5px solid var(--fg-muted);border-bottom:1.5px solid var(--fg-muted);transform:rotate(-45deg);margin:0 10px 0 6px;transition:transform .15s;flex:none}
details[open]>summary>.chevron{transform:rotate(45deg)}
.switcher{position:relative;font-size:14px}
.switcher>summary{display:flex;align-items:center;gap:8px;list-style:none;cursor:pointer;padding:6px 10px;border:1px solid var(--border);border-radius:8px;background:var(--bg-soft);white-space:nowrap}
.switcher>summary::-webkit-details-marker{display:none}
.switcher-current{flex:1}
.switcher>summary>.chevron{transform:rotate(45deg);margin:0 0 3px 4px}
.switcher[open]>summary>.chevron{transform:rotate(-135deg);margin:3px 0 0 4px}
.switcher-options{position:absolute;z-index:50;top:calc(100% + 4px);left:0;min-width:100%;list-style:none;margin:0;padding:6px;background:var(--bg);border:1px solid var(--border);border-radius:var(--radius);box-shadow:0 12px 32px rgba(0,0,0,.14)}
.switcher-options a{display:flex;align-items:center;gap:8px;padding:7px 10px;border-radius:6px;white-space:nowrap}
.switcher-options a:hover{background:var(--bg-muted)}
.switcher-options a[aria-current=true]{color:var(--accent);font-weight:600}
.switcher-label{flex:1;display:flex;flex-direction:column}
.switcher-label small{color:var(--fg-muted);font-weight:400}
.main{min-width:0;padding:36px 48px 64px}
.content{max-width:760px;margin:0 auto}
.eyebrow ol{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:0 0 8px;padding:0;font-size:13.5px;font-weight:600;color:var(--accent)}
.eyebrow li+li::before{content:"›";margin-right:6px;color:var(--fg-muted)}
.page-title{font-size:32px;line-height:1.2;letter-spacing:-.02em;margin:0 0 8px}
.page-menu{position:relative;display:inline-block;margin:0 0 8px;font-size:13px}.page-menu summary{cursor:pointer;list-style:none;border:1px solid var(--border,#e5e7eb);border-radius:8px;padding:4px 10px}.page-menu ul{position:absolute;z-index:20;list-style:none;margin:4px 0 0;padding:4px;min-width:260px;background:var(--bg,#fff);border:1px solid var(--border,#e5e7eb);border-radius:8px}.page-menu li a,.page-menu li button{display:block;width:100%;text-align:left;padding:6px 8px;border:0;background:none;color:inherit;font:inherit;cursor:pointer;text-decoration:none;border-radius:6px}.page-menu li a:hover,.page-menu li button:hover{background:var(--hover,rgba(0,0,0,.05))}.page-menu-label{display:block}.page-menu-description{display:block;font-size:12px;opacity:.7}@media print{.page-menu{display:none}}
.badge-deprecated{margin-left:10px;vertical-align:middle;background:color-mix(in srgb,#d97706 16%,transparent);color:#b45309}
.last-modified{margin:32px 0 0;font-size:13px;color:var(--fg-muted)}
.rss-link{display:inline-block;margin-top:8px;font-size:13px;color:var(--fg-muted)}
.page-description{font-size:17px;color:var(--fg-muted);margin:0 0 28px}
.prose{color:var(--fg-soft)}
.prose h2,.prose h3,.prose h4{color:var(--fg);line-height:1.3;margin:2em 0 .6em;letter-spacing:-.01em}
.prose h2{font-size:22px}.prose h3{font-size:18px}.prose h4{font-size:16px}
.prose a{color:var(--accent);font-weight:500;text-decoration:underline;text-decoration-color:color-mix(in srgb,var(--accent) 40%,transparent);text-underline-offset:2px}
.prose code{font:0.875em var(--mono);background:var(--bg-muted);padding:.15em .35em;border-radius:5px}
.prose pre{position:relative;background:var(--code-bg);border:1px solid var(--border);border-radius:var(--radius);padding:14px 16px;overflow-x:auto;font-size:13.5px;line-height:1.6}
.prose pre code{background:none;padding:0;font-size:inherit}
[data-theme=dark] .shiki{color:var(--shiki-dark)!important;background-color:var(--shiki-dark-bg)!important}
[data-theme=dark] .shiki span{color:var(--shiki-dark)!important}
.copy-button{position:absolute;top:8px;right:8px;font:12px var(--font);padding:3px 8px;border-radius:6px;border:1px solid var(--border);background:var(--bg);color:var(--fg-muted);cursor:pointer;opacity:0;transition:opacity .15s}
.prose pre:hover .copy-button,.copy-button:focus{opacity:1}
.prose table{width:100%;border-collapse:collapse;font-size:14px;display:block;overflow-x:auto}
.prose th,.prose td{border-bottom:1px solid var(--border);padding:8px 10px;text-align:left}
.prose th{color:var(--fg);font-weight:600}
.prose blockquote{margin:1em 0;padding-left:14px;border-left:3px solid var(--border);color:var(--fg-muted)}
.prose img{border-radius:var(--radius)}
.prose hr{border:0;border-top:1px solid var(--border);margin:2em 0}
.directory{margin:28px 0}
.directory-card{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
.directory-card-item{display:flex;flex-direction:column;gap:4px;padding:16px;border:1px solid var(--border);border-radius:var(--radius);transition:border-color .15s}
.directory-card-item:hover{border-color:var(--accent)}
.directory-card-item span{color:var(--fg-muted);font-size:14px}
.directory-accordion{border:1px solid var(--border);border-radius:var(--radius)}
.directory-accordion-item{display:block;padding:12px 16px;border-top:1px solid var(--border)}
.directory-accordion-item:first-child{border-top:0}
.directory-accordion-item span{display:block;color:var(--fg-muted);font-size:14px}
.directory-accordion-item summary{cursor:pointer;font-weight:600}
.directory-accordion-item ul{margin:8px 0 0;padding-left:18px}
.pager{display:grid;grid-template-columns:1fr 1fr;gap:12px;margin-top:48px}
.pager a{display:flex;flex-direction:column;padding:14px 16px;border:1px solid var(--border);border-radius:var(--radius)}
.pager a:hover{border-color:var(--accent)}
.pager small{color:var(--fg-muted)}
.pager span{font-weight:600;color:var(--fg)}
.pager-next{text-align:right;grid-column:2}
.toc-column{padding:36px 20px 0 0}
.toc{position:sticky;top:calc(var(--header-h) + 64px);font-size:13.5px}
.toc-title{font-weight:600;margin:0 0 8px}
.toc ul{list-style:none;margin:0;padding:0;border-left:1px solid var(--border)}
.toc a{display:block;padding:3px 12px;color:var(--fg-muted)}
.toc a:hover{color:var(--fg)}
.toc-depth-3 a{padding-left:24px}
.site-footer{border-top:1px solid var(--border);background:var(--bg-soft)}
.footer-inner{display:flex;flex-wrap:wrap;gap:40px;max-width:1200px;margin:0 auto;padding:40px 24px;font-size:14px}
.footer-brand{flex:1 1 200px}
.socials{display:flex;gap:12px;list-style:none;padding:0;margin:10px 0 0}
.socials a{color:var(--fg-muted);text-transform:capitalize}
.footer-header{font-weight:600;margin:0 0 8px}
.footer-column ul{list-style:none;margin:0;padding:0}
.footer-column a{display:block;padding:3px 0;color:var(--fg-muted)}
.footer-column a:hover,.socials a:hover{color:var(--fg)}
.drawer-head,.drawer-tabs{display:none}
.dev-overlay{position:fixed;inset:0;z-index:1000;background:rgba(15,23,42,.86);color:#fecaca;padding:40px;font:14px/1.6 var(--mono);overflow:auto}
.dev-overlay h2{color:#fff;font-family:var(--font)}
.dev-overlay pre{white-space:pre-wrap}
@media (max-width:1200px){.layout{grid-template-columns:var(--sidebar-w) minmax(0,1fr)}.toc-column{display:none}}
@media (max-width:860px){
.layout{grid-template-columns:minmax(0,1fr)}
.sidebar{position:fixed;z-index:45;top:0;bottom:0;left:0;width:min(86vw,320px);background:var(--bg);transform:translateX(-100%);transition:transform .2s;border-right:1px solid var(--border)}
.sidebar-open .sidebar{transform:none;box-shadow:0 0 0 100vmax rgba(0,0,0,.35)}
.sidebar{display:flex;flex-direction:column}
.sidebar-scroll,.tab-bar~.layout .sidebar-scroll{position:static;max-height:none;flex:1;min-height:0}
.drawer-head{display:flex;align-items:center;gap:8px;padding:10px 12px;border-bottom:1px solid var(--border)}
.drawer-switchers{display:flex;flex-wrap:wrap;gap:6px;flex:1;min-width:0}
.sidebar-close{margin-left:auto;font-size:22px;line-height:1}
.drawer-tabs{display:block;padding:6px 12px;border-bottom:1px solid var(--border)}
.drawer-tabs .tab-bar-inner{display:flex;flex-direction:column;gap:2px;padding:0}
.drawer-tabs .tab{display:flex;align-items:center;gap:8px;padding:8px 6px;border-radius:6px;color:var(--fg-muted)}
.drawer-tabs .tab[aria-current=page]{color:var(--primary);font-weight:600}
.sidebar-toggle{display:inline-flex}
.navbar-links a:not(.button-primary),.header-switchers{display:none}
.main{padding:24px 18px 48px}
.page-title{font-size:26px}
.header-inner{gap:10px;padding:0 12px}
.search{max-width:none}
}
@media (max-width:520px){.button-primary{display:none}.brand-name{display:none}}
`;
