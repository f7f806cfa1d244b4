/**
 * The platform's nine layout themes as variants of one layout, keyed on `html[data-site-theme]`
 * (docs.json `theme`). Each follows the platform's own description of it (customize/themes.mdx):
 * `mint` is the base layout; the others change type, density, surfaces and navigation styling, not
 * the markup, so every component and island works in every theme. Plus `background.decoration`.
 */
export const THEMES_CSS = String.raw`
:root{--font-heading:var(--font);--font-fallback:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
body{font-weight:var(--font-weight,400)}
.navbar-link,.button-primary{display:inline-flex;align-items:center;gap:6px}
.socials a .folio-icon{width:18px;height:18px}
.page-title,.prose h2,.prose h3,.prose h4{font-family:var(--font-heading)}
[data-site-theme=maple]{--radius:14px}
[data-site-theme=maple] .sidebar{border-right:0}
[data-site-theme=maple] .site-header{border-bottom-color:transparent;box-shadow:0 1px 0 var(--border)}
[data-site-theme=maple] .page-title{font-size:36px;font-weight:650;letter-spacing:-.03em}
[data-site-theme=maple] .nav-link[aria-current=page]{background:var(--bg-muted);color:var(--fg)}
[data-site-theme=palm] .sidebar{background:var(--bg-soft)}
[data-site-theme=palm] .site-header{background:var(--bg);border-bottom:1px solid var(--border)}
[data-site-theme=palm] .tab-bar{background:var(--bg-soft)}
[data-site-theme=palm] .tab[aria-current=page]{color:var(--fg);border-bottom-color:var(--primary)}
[data-site-theme=palm] .nav-link[aria-current=page]{background:var(--bg);box-shadow:0 1px 2px rgba(15,23,42,.08);color:var(--fg)}
[data-site-theme=palm] .page-title{font-weight:600}
[data-site-theme=willow] .sidebar{border-right:0}
[data-site-theme=willow] .tab-bar,[data-site-theme=willow] .site-header{border-bottom:0}
[data-site-theme=willow] .content{max-width:680px}
[data-site-theme=willow] .nav-link[aria-current=page]{background:none;font-weight:600;color:var(--fg)}
[data-site-theme=willow] .eyebrow{display:none}
[data-site-theme=linden]{--font:var(--mono);--font-heading:var(--mono);--radius:0}
[data-site-theme=linden] body{font-size:14px}
[data-site-theme=linden] .nav-link,[data-site-theme=linden] .button-primary,[data-site-theme=linden] .search input,[data-site-theme=linden] .icon-button{border-radius:0}
[data-site-theme=linden] .nav-link[aria-current=page]{background:var(--accent);color:var(--bg)}
[data-site-theme=linden] .page-title{text-transform:uppercase;letter-spacing:.02em;font-size:26px}
[data-site-theme=almond]{--radius:12px}
[data-site-theme=almond] .main{background:var(--bg-soft)}
[data-site-theme=almond] .content{background:var(--bg);border:1px solid var(--border);border-radius:16px;padding:32px 40px}
[data-site-theme=almond] .nav-link[aria-current=page]{background:var(--bg);border:1px solid var(--border)}
[data-site-theme=aspen] .sidebar{background:var(--bg-soft)}
[data-site-theme=aspen] .nav-link[aria-current=page]{background:var(--primary);color:#fff}
[data-site-theme=aspen] .sidebar-group-title{text-transform:uppercase;font-size:11px;letter-spacing:.06em;color:var(--fg-muted)}
[data-site-theme=aspen] .page-title{font-size:30px}
[data-site-theme=sequoia] .content{max-width:820px}
[data-site-theme=sequoia] .prose{font-size:16px;line-height:1.75}
[data-site-theme=sequoia] .page-title{font-size:40px;font-weight:500;letter-spacing:-.035em}
[data-site-theme=sequoia] .sidebar{border-right:0}
[data-site-theme=sequoia] .nav-link[aria-current=page]{background:none;box-shadow:inset 2px 0 0 var(--accent);border-radius:0}
[data-site-theme=luma]{--radius:16px}
[data-site-theme=luma] .sidebar,[data-site-theme=luma] .site-header{border:0}
[data-site-theme=luma] .nav-link{border-radius:999px;padding:6px 12px}
[data-site-theme=luma] .nav-link[aria-current=page]{background:var(--bg-muted);color:var(--fg)}
[data-site-theme=luma] .page-title{font-weight:600;letter-spacing:-.025em}
html[data-decoration]{background:var(--bg)}
html[data-decoration] body{background-color:transparent}
[data-decoration] body::before{content:"";position:fixed;inset:0;z-index:-1;pointer-events:none}
[data-decoration=gradient] body::before{background:radial-gradient(60% 40% at 50% 0,color-mix(in srgb,var(--primary) 22%,transparent),transparent)}
[data-decoration=grid] body::before{background-image:linear-gradient(var(--border) 1px,transparent 1px),linear-gradient(90deg,var(--border) 1px,transparent 1px);background-size:40px 40px;mask-image:linear-gradient(#000,transparent 60%)}
[data-decoration=windows] body::before{background:linear-gradient(135deg,color-mix(in srgb,var(--primary) 14%,transparent) 0 20%,transparent 20% 40%,color-mix(in srgb,var(--primary) 8%,transparent) 40% 60%,transparent 60%)}
`;
