import { html, raw } from 'hono/html';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import type { LocalPullRequest } from '../../db/index.js';

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#f6f8fa}
main{max-width:1000px;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem;margin:.2rem 0}.meta{color:#59636e}
.badge{display:inline-block;padding:.15rem .6rem;border-radius:1rem;color:#fff;font-weight:600;font-size:.85rem}
.open{background:#1f883d}.merged{background:#8250df}.closed{background:#cf222e}
section{background:#fff;border:1px solid #d1d9e0;border-radius:6px;margin:1rem 0;padding:1rem}
pre{white-space:pre-wrap;margin:0;font:13px/1.45 ui-monospace,monospace}
.body>:first-child{margin-top:0}.body>:last-child{margin-bottom:0}.body h2{font-size:1.2rem;border-bottom:1px solid #d1d9e0}
code{font:13px ui-monospace,monospace;background:#eff1f3;padding:.1rem .3rem;border-radius:4px}
.diff{overflow-x:auto;padding:0}.diff pre{white-space:pre;padding:1rem}
.add{background:#dafbe1}.del{background:#ffebe9}.hunk{color:#59636e;background:#ddf4ff}.file{font-weight:700}
form{display:inline}button{font:inherit;padding:.4rem 1rem;border-radius:6px;border:1px solid #d1d9e0;cursor:pointer}
.merge{background:#1f883d;color:#fff;border-color:#1f883d}.notice{background:#fff8c5;border-color:#d4a72c}`;

/** One diff line as a span with a class by its kind (escaped by `html`). */
function diffLines(diff: string) {
  return diff.split('\n').map((line) => {
    const kind = line.startsWith('diff --git') ? 'file' : line.startsWith('@@') ? 'hunk' : line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : '';
    return html`<span class="${kind}">${line}</span>\n`;
  });
}

/**
 * The description as HTML. micromark is safe by default: raw HTML in the text is
 * escaped, and link and image URLs with other protocols than http(s), mailto and
 * relative ones are dropped, so a prompt cannot inject script into the page.
 */
export function pullRequestBodyHtml(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

/** The page served at a recorded pull request's `prLink`. */
export function pullRequestPage(pr: LocalPullRequest, notice?: string) {
  const actions =
    pr.status === 'open'
      ? html`<section><form method="post" action="/pulls/${pr.id}/merge"><button class="merge" type="submit">Merge into ${pr.baseBranch}</button></form>
          <form method="post" action="/pulls/${pr.id}/close"><button type="submit">Close</button></form></section>`
      : html`<section>This pull request is ${pr.status}${pr.mergeCommit ? html` (merge commit <code>${pr.mergeCommit.slice(0, 12)}</code>)` : ''}.</section>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${pr.title} · Folio pull request</title><style>${raw(STYLE)}</style></head>
<body><main>
<p class="meta"><span class="badge ${pr.status}">${pr.status}</span> wants to merge <code>${pr.headBranch}</code> into <code>${pr.baseBranch}</code> of <code>${pr.repository}</code></p>
<h1>${pr.title}</h1>
${notice ? html`<section class="notice">${notice}</section>` : ''}
<section class="body">${raw(pullRequestBodyHtml(pr.body))}</section>
${actions}
<section class="diff"><pre>${diffLines(pr.diff)}</pre></section>
<p class="meta">Raw diff: <a href="/pulls/${pr.id}/diff">/pulls/${pr.id}/diff</a></p>
</main></body></html>`;
}
