import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * A job summary (Markdown written by the agent, quoting prompts and model output) as HTML. micromark
 * is safe by default: raw HTML in the text is escaped and links with protocols other than http(s),
 * mailto or relative are dropped, so a prompt cannot put script into the dashboard.
 */
export function summaryHtml(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}
