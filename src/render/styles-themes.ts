/**
 * The platform's nine layout themes as variants of one layout, keyed on `html[data-site-theme]`
 * (docs.json `theme`). Each follows the platform's own description of it (customize/themes.mdx):
 * `mint` is the base layout; the others change type, density, surfaces and navigation styling, not
 * the markup, so every component and island works in every theme. Plus `background.decoration`.
 * Each theme's traits, as its description names them: maple (modern, clean: pill tabs, neutral
 * current page, no rules), palm (fintech: a tinted sidebar panel, uppercase group labels, raised
 * current page), willow (stripped back: no rules, no eyebrow, a narrower column), linden (terminal:
 * monospace, square corners, inverted current page, `##` headings), almond (cards: sidebar and page
 * as cards on a tinted ground), aspen (complex navigation: ruled groups, filled current page,
 * segmented tabs), sequoia (large content: big light titles, roomy text, a bar on the current page),
 * luma (polished: rounded pills, borderless).
 */
export const THEMES_CSS = String.raw`
:root{--font-heading:var(--font)}
body{font-weight:var(--font-weight,400)}
.socials a .folio-icon{width:18px;height:18px}
.page-title,.prose h2,.prose h3,.prose h4{font-family:var(--font-heading)}
[data-site-theme=maple]{--radius:14px}
[data-site-theme=maple] .site-header,[data-site-theme=maple] .tab-bar{border-bottom-color:transparent}
[data-site-theme=maple] .tab-bar-inner{gap:6px;align-items:center}
[data-site-theme=maple] .tab{border:0;margin:0;padding:5px 12px;border-radius:999px;height:auto}
[data-site-theme=maple] .tab[aria-current=page]{background:var(--bg-muted);color:var(--fg)}
[data-site-theme=maple] .sidebar-group-title{font-size:12.5px;color:var(--fg-muted);font-weight:500}
[data-site-theme=maple] .nav-link{color:var(--fg-soft)}
[data-site-theme=maple] .nav-link[aria-current=page]{background:var(--bg-muted);color:var(--fg);font-weight:550}
[data-site-theme=maple] .page-title{font-size:34px;font-weight:600;letter-spacing:-.03em}
[data-site-theme=maple] .prose>h2,[data-site-theme=maple] .prose>h3{font-weight:600}
[data-site-theme=palm] .site-header{background:var(--bg)}
[data-site-theme=palm] .layout{padding-left:0}
[data-site-theme=palm] .sidebar{background:var(--bg-soft);border-right:1px solid var(--border)}
[data-site-theme=palm] .sidebar-scroll{padding:24px 16px 48px}
[data-site-theme=palm] .tab-bar{background:var(--bg)}
[data-site-theme=palm] .tab{font-weight:600}
[data-site-theme=palm] .tab[aria-current=page]{border-bottom-width:3px}
[data-site-theme=palm] .sidebar-group-title{text-transform:uppercase;font-size:11px;letter-spacing:.08em;color:var(--fg-muted)}
[data-site-theme=palm] .nav-link[aria-current=page]{background:var(--bg);box-shadow:0 1px 3px rgba(15,23,42,.1),0 0 0 1px var(--border);color:var(--fg)}
[data-site-theme=palm] .page-title{font-weight:600;letter-spacing:-.015em}
[data-site-theme=palm] .folio-card{box-shadow:0 1px 3px rgba(15,23,42,.06)}
[data-site-theme=willow] .site-header,[data-site-theme=willow] .tab-bar{border-bottom-color:transparent}
[data-site-theme=willow] .tab{border-bottom:0}
[data-site-theme=willow] .tab[aria-current=page]{color:var(--fg);font-weight:700}
[data-site-theme=willow] .content{max-width:680px}
[data-site-theme=willow] .eyebrow{display:none}
[data-site-theme=willow] .sidebar-group-title{font-weight:500;color:var(--fg-muted)}
[data-site-theme=willow] .nav-link[aria-current=page]{background:none;font-weight:700;color:var(--fg)}
[data-site-theme=willow] .anchor-tile{border:0;background:none;box-shadow:none}
[data-site-theme=linden]{--radius:0;--font-heading:var(--font)}
[data-site-theme=linden] body{font-size:14px}
[data-site-theme=linden] .nav-link,[data-site-theme=linden] .button-primary,[data-site-theme=linden] .search-trigger,[data-site-theme=linden] .icon-button,[data-site-theme=linden] .switcher>summary,[data-site-theme=linden] .tab,[data-site-theme=linden] .anchor-tile,[data-site-theme=linden] .page-actions,[data-site-theme=linden] .prose code{border-radius:0}
[data-site-theme=linden] .site-header,[data-site-theme=linden] .tab-bar{border-bottom-style:dashed}
[data-site-theme=linden] .nav-link[aria-current=page]{background:var(--accent);color:var(--on-accent)}
[data-site-theme=linden] .nav-link[aria-current=page]::before{content:">";margin-right:-2px}
[data-site-theme=linden] .sidebar-group-title{text-transform:uppercase;letter-spacing:.06em;font-size:12px}
[data-site-theme=linden] .page-title{text-transform:uppercase;letter-spacing:.02em;font-size:26px}
[data-site-theme=linden] .prose>h2::before{content:"## ";color:var(--fg-muted)}
[data-site-theme=linden] .prose>h3::before{content:"### ";color:var(--fg-muted)}
[data-site-theme=almond]{--radius:14px}
[data-site-theme=almond] body,[data-site-theme=almond] .site-header,[data-site-theme=almond] .tab-bar{background:var(--bg-soft)}
[data-site-theme=almond] .site-header,[data-site-theme=almond] .tab-bar{border-bottom-color:transparent}
[data-site-theme=almond] .layout{gap:16px;padding-top:8px;padding-bottom:24px}
[data-site-theme=almond] .sidebar-scroll{top:calc(var(--header-h) + 8px);background:var(--bg);border:1px solid var(--border);border-radius:16px;padding:18px 12px;margin-bottom:24px}
[data-site-theme=almond] .tab-bar~.layout .sidebar-scroll{top:calc(var(--header-h) + var(--tabs-h) + 8px);max-height:calc(100vh - var(--header-h) - var(--tabs-h) - 24px)}
[data-site-theme=almond] .main{background:var(--bg);border:1px solid var(--border);border-radius:16px;padding:40px 48px 56px}
[data-site-theme=almond] .toc-column{padding-left:8px}
[data-site-theme=almond] .nav-link[aria-current=page]{background:var(--bg-muted);color:var(--fg)}
[data-site-theme=almond] .folio-card{background:var(--bg-soft)}
[data-site-theme=aspen] .sidebar{border-right:1px solid var(--border)}
[data-site-theme=aspen] .sidebar-group{padding-top:14px;border-top:1px solid var(--border)}
[data-site-theme=aspen] .sidebar-nav>.sidebar-group:first-child,[data-site-theme=aspen] .nav-tree>.sidebar-group:first-child{border-top:0;padding-top:0}
[data-site-theme=aspen] .sidebar-group-title{text-transform:uppercase;font-size:11px;letter-spacing:.07em;color:var(--fg-muted)}
[data-site-theme=aspen] .nav-link[aria-current=page]{background:var(--accent);color:var(--on-accent)}
[data-site-theme=aspen] .tab-bar-inner{gap:4px;align-items:center}
[data-site-theme=aspen] .tab{height:auto;padding:5px 12px;border:1px solid transparent;border-radius:8px;margin:0}
[data-site-theme=aspen] .tab[aria-current=page]{border-color:var(--border);background:var(--bg-soft)}
[data-site-theme=aspen] .page-title{font-size:28px;font-weight:650}
[data-site-theme=sequoia] .content{max-width:820px}
[data-site-theme=sequoia] .prose{font-size:16.5px;line-height:1.8}
[data-site-theme=sequoia] .page-title{font-size:42px;font-weight:500;letter-spacing:-.04em;line-height:1.15}
[data-site-theme=sequoia] .page-description{font-size:19px}
[data-site-theme=sequoia] .prose>h2{font-size:27px;font-weight:550;letter-spacing:-.025em}
[data-site-theme=sequoia] .site-header,[data-site-theme=sequoia] .tab-bar{border-bottom-color:transparent}
[data-site-theme=sequoia] .nav-link{border-radius:0;padding-left:14px}
[data-site-theme=sequoia] .nav-link[aria-current=page]{background:none;box-shadow:inset 2px 0 0 var(--accent)}
[data-site-theme=sequoia] .sidebar-group-title{font-size:12px;text-transform:uppercase;letter-spacing:.09em;color:var(--fg-muted);font-weight:500}
[data-site-theme=luma]{--radius:16px}
[data-site-theme=luma] .site-header{border-bottom-color:transparent}
[data-site-theme=luma] .tab-bar{border-bottom-color:transparent}
[data-site-theme=luma] .tab-bar-inner{gap:4px;align-items:center}
[data-site-theme=luma] .tab{height:auto;border:0;margin:0;padding:6px 14px;border-radius:999px}
[data-site-theme=luma] .tab[aria-current=page]{background:color-mix(in srgb,var(--accent) 12%,transparent);color:var(--accent-text)}
[data-site-theme=luma] .nav-link{border-radius:999px;padding:6px 14px}
[data-site-theme=luma] .nav-link[aria-current=page]{background:var(--bg-muted);color:var(--fg)}
[data-site-theme=luma] .page-title{font-weight:600;letter-spacing:-.028em}
[data-site-theme=luma] .folio-card{box-shadow:0 2px 12px rgba(0,0,0,.04)}
@media (max-width:860px){[data-site-theme=almond] .main{border-radius:0;border-left:0;border-right:0;padding:24px 20px 48px}[data-site-theme=almond] .sidebar-scroll{border:0;border-radius:0;margin:0}[data-site-theme=palm] .layout{padding-left:0}}
html[data-decoration]{background:var(--bg)}
html[data-decoration] body{background-color:transparent}
[data-decoration] body::before{content:"";position:fixed;inset:0;z-index:-1;pointer-events:none}
[data-decoration=gradient] body::before{background:radial-gradient(60% 40% at 50% 0,color-mix(in srgb,var(--primary) 22%,transparent),transparent)}
[data-decoration=grid] body::before{background-image:linear-gradient(var(--border) 1px,transparent 1px),linear-gradient(90deg,var(--border) 1px,transparent 1px);background-size:40px 40px;mask-image:linear-gradient(#000,transparent 60%)}
[data-decoration=windows] body::before{background:linear-gradient(135deg,color-mix(in srgb,var(--primary) 14%,transparent) 0 20%,transparent 20% 40%,color-mix(in srgb,var(--primary) 8%,transparent) 40% 60%,transparent 60%)}
`;
