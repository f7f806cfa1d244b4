/**
 * The "Was this page helpful?" widget at the end of pages (layout/content.tsx `PageFeedback`):
 * one row of title, thumbs and the edit/issue links, then the form: the thumb's preset reasons as
 * radio pills (a picked one marked by border and weight too), then the optional comment. Text uses
 * the layout's `--fg-soft`/`--fg` on `--bg` (at least 7:1 in both modes); a pressed thumb is
 * marked by its border and weight as well as its colour. `.code-feedback` is the control the beacon
 * puts under each code block (docs.json `feedback.codeSnippets`): an underlined text button, then the same form.
 */
const thumb = (flip: boolean) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'><g${flip ? " transform='rotate(180 12 12)'" : ''}><path d='M7 10v11H4V10zM7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7'/></g></svg>`).replace(/'/g, '%27')}")`;

export const FEEDBACK_CSS = String.raw`
.feedback{margin-top:48px;padding-top:20px;border-top:1px solid var(--border);font-size:14px;color:var(--fg-soft)}
.layout-custom .feedback{width:min(768px,calc(100% - 40px));margin:48px auto 40px}
.feedback-row{display:flex;flex-wrap:wrap;align-items:center;gap:8px 10px}
.feedback-title{margin:0 6px 0 0;font-size:14px;font-weight:500;color:var(--fg-soft);letter-spacing:0}
.feedback-thumb,.feedback-send{display:inline-flex;align-items:center;gap:6px;min-height:32px;padding:4px 12px;border:1px solid var(--border-strong);border-radius:999px;background:var(--bg);color:var(--fg-soft);font:inherit;cursor:pointer}
.feedback-thumb:hover,.feedback-send:hover{color:var(--fg);border-color:var(--fg-muted)}
.feedback-thumb[aria-pressed=true]{color:var(--fg);border-color:var(--fg);font-weight:600}
.feedback-icon{width:15px;height:15px;background:currentColor;-webkit-mask:var(--thumb) center/contain no-repeat;mask:var(--thumb) center/contain no-repeat}
.feedback-icon-up{--thumb:${thumb(false)}}
.feedback-icon-down{--thumb:${thumb(true)}}
.feedback-link{color:var(--fg-soft);text-decoration:underline;text-underline-offset:3px;padding:4px 2px}
.feedback-link:first-of-type{margin-left:auto}
.feedback-link:hover{color:var(--fg)}
.feedback-form{display:flex;flex-direction:column;align-items:flex-start;gap:8px;margin-top:14px;max-width:560px}
.feedback-form[hidden]{display:none}
.feedback-form label{color:var(--fg-soft)}
.feedback-reasons{margin:0 0 4px;padding:0;border:0;min-width:0}
.feedback-reasons[hidden]{display:none}
.feedback-reasons legend{padding:0;margin:0 0 8px;color:var(--fg-soft)}
.feedback-form .feedback-reason{display:inline-flex;align-items:center;gap:8px;min-height:32px;margin:0 8px 8px 0;padding:4px 12px 4px 10px;border:1px solid var(--border-strong);border-radius:999px;background:var(--bg);cursor:pointer}
.feedback-form .feedback-reason:hover{color:var(--fg);border-color:var(--fg-muted)}
.feedback-form .feedback-reason:has(:checked){color:var(--fg);border-color:var(--fg);font-weight:600}
.feedback-reason input{width:15px;height:15px;margin:0;accent-color:var(--fg)}
.feedback-form textarea{width:100%;padding:8px 10px;border:1px solid var(--border-strong);border-radius:8px;background:var(--bg);color:var(--fg);font:inherit;resize:vertical}
.feedback-thanks{margin:10px 0 0;color:var(--fg-soft)}
.feedback-thanks:empty{display:none}
.code-feedback{margin:-10px 0 16px;font-size:12.5px;color:var(--fg-soft);text-align:right}
.code-feedback-open{padding:2px 0;border:0;background:none;color:var(--fg-soft);font:inherit;text-decoration:underline;text-underline-offset:3px;cursor:pointer}
.code-feedback-open:hover{color:var(--fg)}
.code-feedback .feedback-form{margin-top:6px;text-align:left}
.code-feedback .feedback-form label{display:flex;flex-direction:column;gap:6px;width:100%}
.code-feedback .feedback-thanks{margin-top:4px}
`;
