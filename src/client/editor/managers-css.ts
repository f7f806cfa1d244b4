/**
 * Styles of the site managers (`managers.ts`): the panel over the editor's main area, the asset
 * list with thumbnails, the redirects list and the configuration form. Colours are the dashboard's
 * variables, so light and dark follow its theme. Put on the page by the editor's script.
 */
const CSS = String.raw`
.ed-app[data-manager] .ed-main>:not(.ed-manager){display:none}
.ed-manager{flex:1;min-height:0;overflow:auto;padding:1rem 1.5rem 3rem;background:var(--bg)}
.ed-manager[hidden]{display:none}
.ed-mg-head{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;max-width:64rem;margin:0 auto .75rem}
.ed-mg-head .spacer{flex:1}
.ed-mg-title{font-size:1.15rem;margin:0;font-weight:650}
.ed-mg-title:focus{outline:none}
.ed-mg-tabs{display:inline-flex;gap:.25rem;padding:.2rem;border:1px solid var(--border);border-radius:10px;background:var(--panel)}
.ed-mg-tab{border:0;background:transparent;color:var(--muted);font:inherit;font-size:.9rem;padding:.35rem .75rem;border-radius:8px;cursor:pointer;min-height:32px}
.ed-mg-tab[aria-selected=true]{background:var(--bg);color:var(--text);font-weight:600;box-shadow:0 0 0 1px var(--border)}
.ed-mg-message{max-width:64rem;margin:0 auto .5rem;font-size:.9rem;color:var(--muted);overflow-wrap:anywhere}
.ed-mg-message:empty{display:none}
.ed-mg-message.error,.ed-mg-problem{color:var(--danger)}
.ed-mg-problem{margin:0;font-size:.88rem;overflow-wrap:anywhere}
.ed-mg-problem:empty{display:none}
.ed-mg-body{max-width:64rem;margin:0 auto}
.ed-mg-card{border:1px solid var(--border);border-radius:16px;background:var(--panel);padding:1rem 1.1rem;display:flex;flex-direction:column;gap:.75rem}
.ed-mg-card-head{display:flex;align-items:center;gap:.5rem;flex-wrap:wrap}
.ed-mg-card-head .spacer{flex:1}
.ed-mg-card-title{margin:0;font-size:1.05rem;font-weight:650}
.ed-mg-muted{color:var(--muted);margin:0;font-size:.88rem}
.ed-mg-icon{display:inline-flex;vertical-align:-3px}
.btn .ed-mg-icon{margin-right:.35rem}
.ed-mg-search{display:flex;align-items:center;gap:.5rem;border:1px solid var(--border);border-radius:10px;padding:0 .7rem;background:var(--bg);color:var(--muted)}
.ed-mg-search-input{flex:1;min-width:0;border:0;background:transparent;color:var(--text);font:inherit;padding:.55rem 0}
.ed-mg-search:focus-within{outline:2px solid var(--accent);outline-offset:1px}
.ed-mg-search-input:focus{outline:none}
.ed-mg-empty{border:1px dashed var(--border);border-radius:12px;padding:1.5rem 1rem;text-align:center;display:flex;flex-direction:column;align-items:center;gap:.75rem;color:var(--muted)}
.ed-mg-empty p{margin:0}
.ed-mg-folder{display:flex;align-items:center;gap:.45rem;margin:.5rem 0 .25rem;font-size:.95rem;font-weight:600;overflow-wrap:anywhere}
.ed-mg-file-list,.ed-mg-redirect-list,.ed-mg-uses{list-style:none;margin:0;padding:0}
.ed-mg-file-list{border-left:2px solid var(--border);margin-left:.45rem;padding-left:.6rem}
.ed-mg-file,.ed-mg-redirect{display:grid;grid-template-columns:auto minmax(0,1fr) auto;align-items:center;gap:.35rem .75rem;padding:.45rem .4rem;border-radius:10px}
.ed-mg-file:hover,.ed-mg-redirect:hover{background:var(--hover,rgba(0,0,0,.03))}
.ed-mg-redirect{grid-template-columns:minmax(0,1fr) auto}
.ed-mg-thumb{width:48px;height:48px;border-radius:8px;object-fit:contain;background:repeating-conic-gradient(var(--border) 0 25%,transparent 0 50%) 0 0/12px 12px;border:1px solid var(--border)}
.ed-mg-thumb-icon{display:inline-flex;align-items:center;justify-content:center;color:var(--muted);background:var(--bg)}
.ed-mg-file-main{display:flex;flex-direction:column;min-width:0}
.ed-mg-file-name{font-weight:600;overflow-wrap:anywhere}
.ed-mg-file-meta{color:var(--muted);font-size:.82rem;overflow-wrap:anywhere}
.ed-mg-badge{display:inline-block;margin-left:.4rem;padding:0 .45rem;border-radius:999px;border:1px solid var(--border);font-size:.75rem;font-weight:600;color:var(--text)}
.ed-mg-actions{display:flex;gap:.35rem;flex-wrap:wrap;justify-content:flex-end}
.ed-mg-danger{color:var(--danger)}
.ed-mg-file-extra{grid-column:1/-1}
.ed-mg-file-extra:empty{display:none}
.ed-mg-inline{border:1px solid var(--border);border-radius:12px;padding:.7rem .8rem;background:var(--bg);display:flex;flex-direction:column;gap:.5rem}
.ed-mg-inline p{margin:0}
.ed-mg-uses li{font-size:.85rem;overflow-wrap:anywhere;padding:.1rem 0}
.ed-mg-uses code{color:var(--muted)}
.ed-mg-redirect-main{display:flex;align-items:center;gap:.5rem;flex-wrap:wrap;min-width:0}
.ed-mg-path{font-family:var(--mono);font-size:.88rem;overflow-wrap:anywhere}
.ed-mg-redirect-form{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr) 11rem;gap:.5rem .75rem;align-items:end}
.ed-mg-redirect-form .ed-mg-wide,.ed-mg-redirect-form .ed-mg-problem{grid-column:1/-1}
.ed-mg-config{display:grid;grid-template-columns:12rem minmax(0,1fr);gap:2rem;align-items:start}
.ed-mg-toc{position:sticky;top:0;display:flex;flex-direction:column;gap:.15rem}
.ed-mg-toc a{color:var(--text);text-decoration:none;padding:.4rem .6rem;border-radius:8px;font-size:.92rem}
.ed-mg-toc a:hover{background:var(--hover,rgba(0,0,0,.04))}
.ed-mg-settings{display:flex;flex-direction:column;gap:1.5rem;min-width:0}
.ed-mg-section{display:flex;flex-direction:column;gap:1rem;scroll-margin-top:1rem}
.ed-mg-section-title{margin:0;padding-bottom:.5rem;border-bottom:1px solid var(--border);font-size:1.05rem;font-weight:650}
.ed-mg-field{display:flex;flex-direction:column;gap:.3rem;min-width:0}
.ed-mg-field>label,.ed-mg-label{font-weight:600;font-size:.92rem}
.ed-mg-help{margin:0;color:var(--muted);font-size:.85rem}
.ed-mg-field input[type=text],.ed-mg-field textarea,.ed-mg-field select,.ed-mg-rows-row input,.ed-mg-rows-row select,.ed-mg-inline input,.ed-mg-inline select{box-sizing:border-box;width:100%;min-width:0;font:inherit;border:1px solid var(--border-strong,var(--border));border-radius:10px;padding:.5rem .65rem;background:var(--bg);color:var(--text)}
.ed-mg-colour{display:flex;gap:.5rem;align-items:center}
.ed-mg-swatch{width:40px;height:38px;flex:none;padding:2px;border:1px solid var(--border-strong,var(--border));border-radius:10px;background:var(--bg)}
.ed-mg-switch{display:flex;align-items:center;gap:.55rem;font-size:.92rem;min-height:24px}
.ed-mg-switch input{width:18px;height:18px;margin:0}
.ed-mg-rows-list{display:flex;flex-direction:column;gap:.4rem}
.ed-mg-rows-row{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,2fr) auto;gap:.4rem;align-items:center}
.ed-mg-add{align-self:flex-start}
.ed-mg-empty .ed-mg-add{align-self:center}
.ed-mg-savebar{position:sticky;bottom:-3rem;display:flex;align-items:center;justify-content:flex-end;gap:.75rem;flex-wrap:wrap;padding:.75rem 0;background:var(--bg);border-top:1px solid var(--border)}
.ed-mg-nav{display:flex;flex-direction:column;gap:.1rem;margin-top:.5rem;padding-top:.5rem;border-top:1px solid var(--border)}
.ed-mg-nav-btn{display:flex;align-items:center;gap:.5rem;border:0;background:transparent;color:var(--text);font:inherit;font-size:.9rem;text-align:left;padding:.4rem .5rem;border-radius:8px;cursor:pointer;min-height:32px}
.ed-mg-nav-btn:hover{background:var(--hover,rgba(0,0,0,.04))}
.ed-mg-nav-btn[aria-current]{font-weight:600;background:var(--hover,rgba(0,0,0,.05))}
.ed-mg-site{display:inline-flex;align-items:center;justify-content:center;gap:.35rem;min-height:36px}
.ed-mg-site[aria-pressed=true]{background:var(--hover,rgba(0,0,0,.06))}
@media (max-width:700px){
.ed-manager{padding:.75rem .75rem 2rem}
.ed-mg-config{grid-template-columns:1fr;gap:1rem}
.ed-mg-toc{position:static;flex-direction:row;flex-wrap:wrap}
.ed-mg-file{grid-template-columns:auto minmax(0,1fr)}
.ed-mg-file .ed-mg-actions,.ed-mg-redirect .ed-mg-actions{grid-column:1/-1;justify-content:flex-start}
.ed-mg-redirect{grid-template-columns:minmax(0,1fr)}
.ed-mg-redirect-form{grid-template-columns:1fr}
.ed-mg-rows-row{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}
.ed-mg-rows-row .btn{grid-column:1/-1;justify-self:start}
.ed-mg-tabs{order:3;width:100%;box-sizing:border-box}
.ed-mg-tab{flex:1}
}
`;

export function installManagerStyles(): void {
  if (document.getElementById('ed-manager-style')) return;
  const style = document.createElement('style');
  style.id = 'ed-manager-style';
  style.textContent = CSS;
  document.head.append(style);
}
