/**
 * The Ask button beside the search field and the assistant panel (`client/assistant-panel.ts`): a
 * side sheet on wide screens, full screen on phones (≤768px), inline on `mode: assistant` pages.
 * Colours from the site's variables, so themes and dark mode apply; text is `--fg`/`--fg-soft` on
 * `--bg`/`--bg-soft`, links `--accent-text` as in pages.
 */
const svg = (body: string) => `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${body}</svg>`)}")`;
const SPARK = svg("<path d='M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z'/><path d='M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z'/>");
const ARROW = svg("<path d='M12 19V5'/><path d='m5 12 7-7 7 7'/>");

export const ASSISTANT_CSS = String.raw`
.search{display:flex;gap:8px;align-items:center}
.assistant-trigger{display:inline-flex;flex:none;align-items:center;gap:6px;height:36px;padding:0 12px;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg);color:var(--fg-soft);font:inherit;font-size:14px;cursor:pointer;white-space:nowrap}
.assistant-trigger[hidden]{display:none}
.assistant-trigger:hover{color:var(--fg);border-color:color-mix(in srgb,var(--fg-muted) 45%,var(--border))}
.assistant-trigger:focus-visible,.assistant-panel button:focus-visible,.assistant-input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.assistant-spark{width:16px;height:16px;background:var(--accent-text);-webkit-mask:${SPARK} center/contain no-repeat;mask:${SPARK} center/contain no-repeat}
.assistant-dialog{position:fixed;inset:0 0 0 auto;width:min(440px,100%);height:100%;max-width:none;max-height:none;margin:0;padding:0;border:0;border-left:1px solid var(--border);background:var(--bg);color:var(--fg);box-shadow:-12px 0 40px rgba(0,0,0,.16)}
[data-theme=dark] .assistant-dialog{background:var(--bg-soft)}
.assistant-dialog::backdrop{background:rgba(15,23,42,.25)}
.assistant-panel{display:flex;flex-direction:column;height:100%;font:15px/1.6 var(--font)}
.assistant-head{display:flex;align-items:center;gap:8px;flex:none;padding:10px 12px 10px 18px;border-bottom:1px solid var(--border)}
.assistant-title{flex:1;margin:0;font-size:15px;font-weight:600}
.assistant-new,.assistant-close{padding:4px 10px;border:0;border-radius:8px;background:none;color:var(--fg-soft);font:inherit;font-size:14px;cursor:pointer}
.assistant-close{font-size:22px;line-height:1;padding:2px 8px}
.assistant-new:hover,.assistant-close:hover{background:var(--bg-muted);color:var(--fg)}
.assistant-log{flex:1;min-height:0;overflow:auto;overscroll-behavior:contain;padding:16px 18px;display:flex;flex-direction:column;gap:14px}
.assistant-intro p{margin:0 0 12px;color:var(--fg-soft)}
.assistant-starters{display:flex;flex-direction:column;gap:8px;align-items:flex-start}
.assistant-starter{padding:7px 12px;border:1px solid var(--border);border-radius:999px;background:var(--bg);color:var(--fg);font:inherit;font-size:14px;text-align:left;cursor:pointer}
.assistant-starter:hover{border-color:var(--accent)}
.assistant-msg{max-width:100%;overflow-wrap:anywhere}
.assistant-user{align-self:flex-end;max-width:85%;padding:8px 14px;border-radius:16px;background:var(--bg-muted);color:var(--fg);white-space:pre-wrap}
.assistant-text p{margin:0 0 10px}
.assistant-text ul,.assistant-text ol{margin:0 0 10px;padding-left:22px}
.assistant-text a,.assistant-sources a{color:var(--accent-text);text-decoration:underline;text-underline-offset:2px}
.assistant-text code{font-family:var(--mono);font-size:.88em;padding:1px 5px;border-radius:6px;background:var(--bg-muted)}
.assistant-code{margin:0 0 12px;border:1px solid var(--border);border-radius:min(12px,var(--radius));overflow:hidden;background:var(--code-bg)}
.assistant-code-bar{display:flex;justify-content:space-between;align-items:center;padding:4px 6px 4px 12px;border-bottom:1px solid var(--border);color:var(--fg-soft);font-size:12px}
.assistant-copy{padding:2px 8px;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg-soft);font:inherit;font-size:12px;cursor:pointer}
.assistant-code pre{margin:0;padding:10px 12px;overflow:auto;font:13px/1.55 var(--mono);color:var(--fg)}
.assistant-code pre code{padding:0;background:none;font-size:inherit}
.assistant-typing{color:var(--fg-muted);font-size:14px}
.assistant-sources{margin-top:4px;padding-top:8px;border-top:1px solid var(--border);font-size:14px}
.assistant-sources p{margin:0 0 4px;color:var(--fg-soft);font-weight:600;font-size:13px}
.assistant-sources ul{margin:0;padding-left:18px}
.assistant-error{margin:6px 0 0;padding:8px 12px;border-radius:8px;background:color-mix(in srgb,#dc2626 10%,var(--bg));color:var(--fg);font-size:14px}
.assistant-form{display:flex;align-items:flex-end;gap:8px;flex:none;margin:0 14px;padding:8px 8px 8px 16px;border:1px solid var(--border-strong,var(--border));border-radius:20px;background:var(--bg)}
.assistant-form:focus-within{border-color:var(--accent)}
.assistant-input{flex:1;min-width:0;min-height:24px;max-height:160px;padding:6px 0;border:0;outline:0;resize:none;background:transparent;color:var(--fg);font:inherit;font-size:16px;line-height:24px}
.assistant-input::placeholder{color:var(--fg-muted);opacity:1}
.assistant-input:focus-visible{outline:0}
.assistant-kbd{flex:none;align-self:center;color:var(--fg-muted);font:500 12px var(--font)}
.assistant-send{flex:none;width:36px;height:36px;border:0;border-radius:999px;background:var(--accent);cursor:pointer;position:relative}
.assistant-send::after{content:'';position:absolute;inset:9px;background:var(--on-accent);-webkit-mask:${ARROW} center/contain no-repeat;mask:${ARROW} center/contain no-repeat}
.assistant-send:disabled{opacity:.5;cursor:default}
.assistant-foot{flex:none;margin:6px 14px 10px;color:var(--fg-muted);font-size:12px;text-align:center}
.assistant-inline{height:auto;min-height:0;margin-top:8px;text-align:left}
.assistant-inline .assistant-log{padding:0 0 12px;overflow:visible}
.assistant-inline .assistant-form{margin:0}
@media (max-width:768px){
.assistant-trigger{width:36px;padding:0;justify-content:center;border-radius:999px;background:var(--bg-soft)}
.assistant-trigger-text{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.assistant-dialog{width:100%;border-left:0}
.assistant-kbd{display:none}
}
`;
