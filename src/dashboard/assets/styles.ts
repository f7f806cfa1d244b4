// The dashboard's whole stylesheet, shipped inside the package so users need no build step.
// Colours meet WCAG AA contrast (text ≥ 4.5:1) in both light and dark schemes.
export const DASHBOARD_CSS = `
:root{color-scheme:light dark;--bg:#f7f7f8;--panel:#fff;--text:#16181d;--muted:#555b66;--border:#dfe1e6;
--accent:#3d4ed8;--accent-text:#fff;--accent-soft:#eceefe;--danger:#b42318;--danger-soft:#fdecea;
--ok:#067647;--ok-soft:#e3f6ec;--warn:#93370d;--warn-soft:#fef0e0;--info:#1d4ed8;--info-soft:#e6eeff;
--radius:10px;--shadow:0 1px 2px rgba(16,24,40,.06),0 1px 3px rgba(16,24,40,.08);
--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--panel:#171a21;--text:#eceef2;--muted:#a3a9b6;--border:#2b303b;
--accent:#8b9cff;--accent-text:#0f1115;--accent-soft:#232a4d;--danger:#ff8a80;--danger-soft:#3a1d1b;--ok:#6ee7a8;
--ok-soft:#15301f;--warn:#fdba74;--warn-soft:#3a2812;--info:#93b4ff;--info-soft:#1b2645;--shadow:none}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:4px}
.skip{position:absolute;left:-999px;top:0;background:var(--panel);padding:.5rem 1rem;z-index:10}
.skip:focus{left:1rem}
.topbar{background:var(--panel);border-bottom:1px solid var(--border)}
.topbar-inner{max-width:1100px;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:1rem;flex-wrap:wrap}
.brand{font-weight:700;font-size:1.1rem;color:var(--text);text-decoration:none;display:flex;align-items:center;gap:.5rem}
.brand-mark{width:24px;height:24px;border-radius:6px;background:linear-gradient(135deg,#6172f3,#3d4ed8);display:inline-block}
.topbar .spacer{flex:1}
.user{color:var(--muted);font-size:.9rem;display:flex;gap:.75rem;align-items:center}
.tabs{max-width:1100px;margin:0 auto;padding:0 1rem;display:flex;gap:.25rem;overflow-x:auto}
.tabs a{padding:.6rem .8rem;color:var(--muted);text-decoration:none;border-bottom:2px solid transparent;white-space:nowrap}
.tabs a[aria-current=page]{color:var(--text);border-bottom-color:var(--accent);font-weight:600}
main{max-width:1100px;margin:0 auto;padding:1.5rem 1rem 4rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.1rem;margin:0 0 .75rem}
.sub{color:var(--muted);margin:0 0 1.5rem}
.panel{background:var(--panel);border:1px solid var(--border);border-radius:var(--radius);box-shadow:var(--shadow);padding:1.25rem;margin-bottom:1.25rem}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.card{display:block;background:var(--panel);border:1px solid var(--border);border-radius:var(--radius);padding:1rem;color:var(--text);text-decoration:none;box-shadow:var(--shadow)}
.card:hover{border-color:var(--accent)}
.card .meta{color:var(--muted);font-size:.85rem;word-break:break-all}
form.stack{display:grid;gap:.9rem;max-width:560px}
.row{display:flex;gap:.75rem;flex-wrap:wrap;align-items:flex-end}
.row>.field{flex:1 1 180px}
.field{display:grid;gap:.3rem}
label{font-weight:600;font-size:.9rem}
.hint{color:var(--muted);font-size:.85rem;font-weight:400}
input,select,textarea{font:inherit;color:var(--text);background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:.55rem .7rem;width:100%;min-height:44px}
textarea{min-height:110px;resize:vertical}
input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid var(--accent);outline-offset:0}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:.4rem;font:inherit;font-weight:600;border-radius:8px;padding:.55rem 1rem;min-height:44px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-text);cursor:pointer;text-decoration:none}
.btn.secondary{background:transparent;color:var(--accent)}
.btn.danger{background:transparent;color:var(--danger);border-color:var(--danger)}
.btn.small{min-height:34px;padding:.3rem .7rem;font-size:.85rem}
.linklike{background:none;border:0;color:var(--accent);font:inherit;cursor:pointer;padding:0;text-decoration:underline}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.6rem .5rem;border-bottom:1px solid var(--border);vertical-align:top}
th{color:var(--muted);font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;font-weight:600}
td.num{font-variant-numeric:tabular-nums}
code,.mono{font-family:var(--mono);font-size:.9em}
.badge{display:inline-block;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600;background:var(--accent-soft);color:var(--info)}
.badge.active,.badge.in_progress,.badge.queued{background:var(--info-soft);color:var(--info)}
.badge.completed,.badge.success,.badge.usable{background:var(--ok-soft);color:var(--ok)}
.badge.failed,.badge.failure,.badge.revoked,.badge.expired{background:var(--danger-soft);color:var(--danger)}
.badge.archived{background:var(--border);color:var(--muted)}
.badge.active::before,.badge.in_progress::before,.badge.queued::before{content:"";display:inline-block;width:.5rem;height:.5rem;border-radius:50%;background:currentColor;margin-right:.35rem;animation:pulse 1.2s ease-in-out infinite}
@keyframes pulse{50%{opacity:.3}}
@media (prefers-reduced-motion:reduce){.badge::before{animation:none!important}}
.notice{border-radius:8px;padding:.75rem 1rem;margin-bottom:1rem;border:1px solid}
.notice.ok{background:var(--ok-soft);color:var(--ok);border-color:currentColor}
.notice.error{background:var(--danger-soft);color:var(--danger);border-color:currentColor}
.notice.warn{background:var(--warn-soft);color:var(--warn);border-color:currentColor}
.copy{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.copy code{background:var(--bg);border:1px solid var(--border);border-radius:6px;padding:.45rem .6rem;word-break:break-all}
.secret{font-family:var(--mono);font-size:.95rem;background:var(--bg);border:1px dashed var(--warn);border-radius:8px;padding:.75rem;word-break:break-all}
pre.log{background:#0f1115;color:#e6e8ee;border-radius:8px;padding:1rem;max-height:420px;overflow:auto;font:13px/1.45 var(--mono);white-space:pre-wrap;word-break:break-word;margin:0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem;margin:0}
dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;word-break:break-word}
.messages{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.messages li{border-left:3px solid var(--accent);padding:.25rem .75rem;background:var(--bg);border-radius:0 8px 8px 0}
.messages .when{color:var(--muted);font-size:.8rem}
.filters{display:flex;gap:.5rem;flex-wrap:wrap;margin-bottom:1rem}
.filters a{padding:.3rem .8rem;border:1px solid var(--border);border-radius:999px;text-decoration:none;color:var(--text);font-size:.9rem}
.filters a[aria-current=true]{background:var(--accent);color:var(--accent-text);border-color:var(--accent)}
.prewrap{white-space:pre-wrap}.markdown>:first-child{margin-top:0}.markdown>:last-child{margin-bottom:0}.markdown p,.markdown ul,.markdown ol{margin:.5em 0}
.spaced{margin-top:1rem}
ul.plain{list-style:none;padding:0;margin:0 0 1.5rem}
.auth{max-width:400px;margin:8vh auto;padding:0 1rem}
.auth-brand{justify-content:center;font-size:1.3rem;margin:0 0 1.25rem}
.empty{color:var(--muted);text-align:center;padding:2rem 1rem}
/* Members page: a member's edit rights, folded unless they are an editor. */
details.rights summary{cursor:pointer;font-weight:600;font-size:.9rem;padding:.35rem 0}
fieldset.checks{border:1px solid var(--border);border-radius:8px;padding:.5rem .75rem;margin:.25rem 0 0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
@media (max-width:640px){table.members td>*{flex:1 1 auto;min-width:0}table.members td>.row{justify-content:flex-end}}
fieldset.checks label{display:flex;gap:.4rem;align-items:center;font-weight:400;min-height:34px}
fieldset.checks input{width:auto;min-height:0}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:640px){
 table.responsive thead{display:none}
 table.responsive tr{display:block;border-bottom:1px solid var(--border);padding:.5rem 0}
 table.responsive td{display:flex;justify-content:space-between;gap:1rem;border:0;padding:.25rem 0}
 table.responsive td::before{content:attr(data-label);color:var(--muted);font:400 .85rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
 .tabs{padding:0 .5rem}
 .tabs a{padding:.6rem .45rem;font-size:.92rem}
 .panel{padding:1rem}
 dl.facts{grid-template-columns:1fr}
 dl.facts dd{margin-bottom:.5rem}
}
/* Analytics page: the traffic chart (humans in the accent colour, agents dashed in the warning colour) and totals. */
.chart{margin:0 0 1rem}
.chart svg{width:100%;height:auto;max-width:720px;display:block}
.chart-axis{stroke:var(--muted);stroke-width:1}
.chart-grid{stroke:var(--border);stroke-width:1;stroke-dasharray:3 3}
.chart-label{fill:var(--muted);font-size:11px}
.chart-human{fill:none;stroke:var(--accent);stroke-width:2}
.chart-agent{fill:none;stroke:var(--warn);stroke-width:2;stroke-dasharray:6 3}
.chart figcaption{color:var(--muted);font-size:.9rem}
.key{display:inline-block;width:1.2rem;height:0;border-top:2px solid var(--accent);vertical-align:middle;margin-left:.5rem}
.key-agent{border-top:2px dashed var(--warn)}
.stats{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;list-style:none;padding:0}
.stats strong{font-size:1.3rem;margin-right:.25rem}
.range{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin-bottom:1rem}
.feedback-list{list-style:none;padding:0}
.feedback-list li{border-top:1px solid var(--border);padding:.5rem 0}
.feedback-list blockquote{margin:.25rem 0 .5rem;padding-left:.75rem;border-left:3px solid var(--border)}
.subnav{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0 0 1rem}
.subnav a{padding:.25rem 0;text-decoration:none;border-bottom:2px solid transparent}
.subnav a[aria-current=page]{color:var(--text);border-bottom-color:var(--accent);font-weight:600}
table caption{caption-side:top;text-align:left;color:var(--muted);font-size:.9rem;padding:0 0 .5rem}
.conversations td:first-child{max-width:32rem;overflow-wrap:anywhere}
.conversations .tag{display:inline-block;margin-left:.5rem;padding:0 .4rem;border:1px solid var(--border);border-radius:999px;color:var(--muted);font-size:.8rem}
.cited{list-style:none;margin:0;padding:0;font-size:.9rem;overflow-wrap:anywhere}
.pager{display:flex;gap:1rem}
.thread{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:.75rem}
.message{padding:.75rem 1rem;border:1px solid var(--border);border-radius:8px;background:var(--panel)}
.message-user{background:var(--accent-soft)}
.message .who{margin:0 0 .35rem;color:var(--muted);font-size:.85rem}
.message>p.prewrap{margin:0}
pre.snippet{margin:.25rem 0;padding:.5rem .75rem;background:var(--panel);border:1px solid var(--border);border-radius:6px;overflow:auto;font:13px/1.45 var(--mono);max-height:12rem}
`;
