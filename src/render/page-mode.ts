/**
 * Page modes (frontmatter `mode`) as the platform documents them (organize/pages.mdx,
 * guides/custom-layouts.mdx): which parts of the layout a page keeps.
 *
 * | mode      | sidebar | table of contents | title block | footer | themes                       |
 * |-----------|---------|-------------------|-------------|--------|------------------------------|
 * | default   | yes     | yes               | yes         | yes    | all                          |
 * | wide      | yes     | no                | yes         | yes    | all                          |
 * | custom    | no      | no                | no          | no     | all                          |
 * | frame     | yes     | no                | no          | yes    | aspen, almond, luma, sequoia |
 * | center    | no      | no                | yes         | yes    | mint, linden, willow, maple  |
 * | assistant | no      | no                | own         | no     | all                          |
 *
 * A mode a theme does not support is drawn as the default layout, as the platform does.
 */

export type LayoutMode = 'default' | 'wide' | 'custom' | 'frame' | 'center' | 'assistant';

const FRAME_THEMES = new Set(['aspen', 'almond', 'luma', 'sequoia']);
const CENTER_THEMES = new Set(['mint', 'linden', 'willow', 'maple']);

/** The layout a page's `mode` gets under the site's theme. */
export function layoutMode(mode: string | undefined, theme = 'mint'): LayoutMode {
  switch (mode?.trim().toLowerCase()) {
    case 'wide':
      return 'wide';
    case 'custom':
      return 'custom';
    case 'assistant':
      return 'assistant';
    case 'frame':
      return FRAME_THEMES.has(theme) ? 'frame' : 'default';
    case 'center':
      return CENTER_THEMES.has(theme) ? 'center' : 'default';
    default:
      return 'default';
  }
}

/** What a layout mode draws besides the page body. */
export function modeParts(mode: LayoutMode): { titleBlock: boolean; toc: boolean; pager: boolean; footer: boolean } {
  return {
    titleBlock: mode === 'default' || mode === 'wide' || mode === 'center',
    toc: mode === 'default',
    pager: mode === 'default' || mode === 'wide' || mode === 'center',
    footer: mode !== 'custom' && mode !== 'assistant',
  };
}
