/**
 * The layout's own glyphs (search, sun, moon, menu, chevrons, copy...) as CSS masks in the shared
 * stylesheet: `<span class="ui-icon ui-icon-sun">` takes the colour of its text, costs no bytes per
 * page and no request (the sheet is cached once for the site). Drawn here on a 24-unit grid with
 * round 2-unit strokes, in the style of the outline icon sets readers know.
 */

const GLYPHS: Record<string, string> = {
  search: "<circle cx='11' cy='11' r='7'/><path d='m20 20-3.6-3.6'/>",
  sun: "<circle cx='12' cy='12' r='4'/><path d='M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4'/>",
  moon: "<path d='M20.5 14.1A8.5 8.5 0 1 1 9.9 3.5a6.6 6.6 0 0 0 10.6 10.6z'/>",
  menu: "<path d='M4 7h16M4 12h16M4 17h16'/>",
  close: "<path d='M6 6l12 12M18 6 6 18'/>",
  'chevron-right': "<path d='m9 6 6 6-6 6'/>",
  'chevron-down': "<path d='m6 9 6 6 6-6'/>",
  list: "<path d='M4 6h16M4 12h11M4 18h14'/>",
  copy: "<rect x='8' y='8' width='13' height='13' rx='2.5'/><path d='M16 8V5.5A2.5 2.5 0 0 0 13.5 3h-8A2.5 2.5 0 0 0 3 5.5v8A2.5 2.5 0 0 0 5.5 16H8'/>",
  'arrow-right': "<path d='M5 12h14M13 6l6 6-6 6'/>",
  external: "<path d='M7 17 17 7M9 7h8v8'/>",
  // The contextual menu's tiles: Markdown (M and a down arrow), a chat bubble, a plug, a download, a link, a printer.
  markdown: "<rect x='2' y='5' width='20' height='14' rx='2.5'/><path d='M6 15V9l2.5 3L11 9v6M17 9v6M14.5 12.5 17 15l2.5-2.5'/>",
  chat: "<path d='M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 21l1.9-5.6A8.5 8.5 0 1 1 21 11.5z'/>",
  plug: "<path d='M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0zM12 17v5'/>",
  download: "<path d='M12 3v12M7 10l5 5 5-5M4 20h16'/>",
  link: "<path d='M10 14a5 5 0 0 0 7.1 0l3-3a5 5 0 0 0-7.1-7.1l-1.5 1.5'/><path d='M14 10a5 5 0 0 0-7.1 0l-3 3a5 5 0 0 0 7.1 7.1l1.5-1.5'/>",
  printer: "<path d='M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2'/><rect x='6' y='14' width='12' height='7' rx='1'/>",
  sparkles: "<path d='M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z'/><path d='M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z'/>",
};

const svgUrl = (inner: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'>${inner}</svg>`).replace(/'/g, '%27')}")`;

/** Names of the glyphs, for the layout's components. */
export type UiIconName = keyof typeof GLYPHS;

/** The stylesheet rules: one base rule and one mask per glyph. */
export function uiIconCss(): string {
  let css = '.ui-icon{display:inline-block;flex:none;width:16px;height:16px;background:currentColor;-webkit-mask:var(--ui) center/contain no-repeat;mask:var(--ui) center/contain no-repeat}';
  for (const [name, inner] of Object.entries(GLYPHS)) css += `.ui-icon-${name}{--ui:${svgUrl(inner)}}`;
  return css;
}

/** The markup of one glyph (decorative: screen readers hear the control's label instead). */
export function uiIconHtml(name: UiIconName, className = ''): string {
  return `<span class="ui-icon ui-icon-${name}${className ? ' ' + className : ''}" aria-hidden="true"></span>`;
}
