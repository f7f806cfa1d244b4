const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const ATTRIBUTE_SPECIALS = /[&<>"']/g;
const TEXT_SPECIALS = /[&<>]/g;

/** Escape text for an HTML text node or a quoted attribute (`& < > " '`). */
export function escapeHtml(text: string): string {
  return text.replace(ATTRIBUTE_SPECIALS, (c) => ENTITIES[c]!);
}

/**
 * Escape text for a text node only (`& < >`, quotes kept), the way rehype-stringify and
 * Shiki write it: HTML produced by a shortcut must equal the HTML of the library it skips.
 */
export function escapeHtmlText(text: string): string {
  return text.replace(TEXT_SPECIALS, (c) => ENTITIES[c]!);
}
