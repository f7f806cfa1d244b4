/**
 * A small built-in icon set drawn as CSS masks, so `span.folio-icon[data-icon=name]` shows a real
 * glyph with no icon font and no network. Names cover the most used Font Awesome/Lucide names in
 * docs.json sites (and their common aliases); any other name falls back to a neutral dot.
 * Each entry is the inner markup of a 24×24 stroke-drawn SVG.
 */
const SHAPES: Record<string, string> = {
  book: '<path d="M4 4h11a3 3 0 0 1 3 3v13H7a3 3 0 0 1-3-3z"/><path d="M4 17a3 3 0 0 1 3-3h11"/>',
  rocket: '<path d="M12 15l-3-3c1.5-4.5 4.5-8 10-9-1 5.5-4.5 8.5-9 10z"/><path d="M9 12H5l2-4h4M12 15v4l4-2v-4"/><path d="M6 16c-1.5 1-2 3-2 4 1 0 3-.5 4-2"/>',
  code: '<path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16"/>',
  terminal: '<path d="M4 6l6 6-6 6M12 18h8"/>',
  server: '<rect x="3" y="4" width="18" height="7" rx="2"/><rect x="3" y="13" width="18" height="7" rx="2"/><path d="M7 7.5h.01M7 16.5h.01"/>',
  database: '<ellipse cx="12" cy="5" rx="8" ry="3"/><path d="M4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3"/>',
  cloud: '<path d="M7 18a5 5 0 0 1-.5-10A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9z"/>',
  plug: '<path d="M9 2v6M15 2v6M6 8h12v3a6 6 0 0 1-12 0zM12 17v5"/>',
  list: '<path d="M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01"/>',
  users: '<circle cx="9" cy="8" r="4"/><path d="M2 21a7 7 0 0 1 14 0M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
  house: '<path d="M3 11l9-8 9 8M5 9v12h14V9M10 21v-6h4v6"/>',
  folder: '<path d="M3 6a2 2 0 0 1 2-2h5l2 3h7a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>',
  file: '<path d="M14 3H6v18h12V7zM14 3v4h4M9 13h6M9 17h6"/>',
  star: '<path d="M12 3l2.8 5.8 6.2.9-4.5 4.4 1 6.2L12 17.4l-5.5 2.9 1-6.2L3 9.7l6.2-.9z"/>',
  flag: '<path d="M5 21V4M5 4h11l-2 4 2 4H5"/>',
  lightbulb: '<path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z"/>',
  check: '<path d="M4 12l5 5L20 6"/>',
  'circle-check': '<circle cx="12" cy="12" r="9"/><path d="M8 12l3 3 5-6"/>',
  'circle-info': '<circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.5h.01"/>',
  'triangle-exclamation': '<path d="M12 3l10 18H2zM12 10v5M12 18h.01"/>',
  'octagon-exclamation': '<path d="M8 3h8l5 5v8l-5 5H8l-5-5V8zM12 8v5M12 16h.01"/>',
  link: '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
  signal: '<path d="M4 20v-3M9 20v-7M14 20v-11M19 20V4"/>',
  gear: '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"/>',
  blocks: '<rect x="3" y="3" width="8" height="8" rx="1"/><rect x="13" y="13" width="8" height="8" rx="1"/><rect x="3" y="13" width="8" height="8" rx="1"/><path d="M13 7h8M17 3v8"/>',
  layout: '<rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 9h18M9 9v12"/>',
  pen: '<path d="M4 20l4-1L19 8l-3-3L5 16zM14 7l3 3"/>',
  upload: '<path d="M12 16V4M7 9l5-5 5 5M4 20h16"/>',
  newspaper: '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M7 8h10M7 12h10M7 16h6"/>',
  robot: '<rect x="4" y="8" width="16" height="12" rx="3"/><path d="M12 4v4M9 13h.01M15 13h.01M9 17h6"/>',
  sparkles: '<path d="M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2zM19 3v4M17 5h4"/>',
  wrench: '<path d="M14.7 6.3a4 4 0 0 1 5 5L10 21l-3-3 9.7-9.7M14.7 6.3L17 4"/>',
  'arrow-right': '<path d="M4 12h16M14 6l6 6-6 6"/>',
  github: '<path d="M9 19c-4 1.5-4-2-6-2.5M15 21v-3.5a3 3 0 0 0-1-2.5c3 0 6-1.5 6-6a4.5 4.5 0 0 0-1.3-3.2 4 4 0 0 0-.1-3.3s-1.1-.3-3.6 1.3a12 12 0 0 0-6.4 0C6.1 2.2 5 2.5 5 2.5a4 4 0 0 0-.1 3.3A4.5 4.5 0 0 0 3.6 9c0 4.5 3 6 6 6a3 3 0 0 0-1 2.5V21"/>',
};

/** Aliases from other icon libraries to the shapes above. */
const ALIASES: Record<string, string> = {
  'book-open': 'book', home: 'house', 'house-chimney': 'house', 'file-text': 'file', 'file-lines': 'file', 'file-braces': 'file',
  'info': 'circle-info', 'circle-exclamation': 'triangle-exclamation', 'triangle-alert': 'triangle-exclamation', settings: 'gear', cog: 'gear',
  'layer-group': 'blocks', layers: 'blocks', cube: 'blocks', puzzle: 'blocks', 'pen-to-square': 'pen', pencil: 'pen', bot: 'robot',
  'message-bot': 'robot', brain: 'lightbulb', 'hard-drive': 'server', 'cloud-arrow-up': 'cloud', 'square-terminal': 'terminal',
  'list-ul': 'list', 'list-check': 'list', 'arrow-up-right-from-square': 'link', 'link-simple': 'link', 'chart-line': 'signal',
  'chart-simple': 'signal', 'circle-check-big': 'circle-check', webhook: 'link', sliders: 'gear', play: 'arrow-right',
};

const svgUrl = (inner: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</svg>`)}")`;

/** CSS giving every known icon name its mask image. */
export function iconCss(): string {
  const rules = Object.entries(SHAPES).map(([name, inner]) => {
    const names = [name, ...Object.entries(ALIASES).filter(([, target]) => target === name).map(([alias]) => alias)];
    const selector = names.map((n) => `.folio-icon[data-icon="${n}"]`).join(',');
    return `${selector}{--icon:${svgUrl(inner)}}`;
  });
  return (
    '.folio-icon[data-icon]{-webkit-mask:var(--icon,radial-gradient(circle,#000 30%,transparent 34%)) center/contain no-repeat;' +
    'mask:var(--icon,radial-gradient(circle,#000 30%,transparent 34%)) center/contain no-repeat;background:currentColor;opacity:.8;border-radius:0}\n' +
    rules.join('\n')
  );
}
