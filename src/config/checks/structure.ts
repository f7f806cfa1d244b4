import type { CheckContext } from './context.js';
import { childKeysOf, isObject, walkNavigation } from './walk.js';

const ELEMENT_NAME: Record<string, string> = {
  root: '`navigation`',
  group: 'a group',
  tab: 'a tab',
  anchor: 'an anchor',
  dropdown: 'a dropdown',
  product: 'a product',
  version: 'a version',
  language: 'a language',
  item: 'a menu item',
};

/**
 * One primary pattern at the root and one child type per element: the closed
 * platform keeps the first and silently drops the rest, so both are errors here.
 */
export function checkStructure(c: CheckContext): void {
  const navigation = isObject(c.raw) ? c.raw.navigation : undefined;
  if (!isObject(navigation)) return;
  walkNavigation(navigation, ({ kind, node, path }) => {
    if (kind === 'group') return;
    const keys = childKeysOf(node);
    if (kind === 'root') {
      const primary = keys.filter((k) => k !== 'menu');
      if (primary.length === 0) {
        c.error('NAV_NO_PRIMARY', path, 'value', '`navigation` has no pages; add one primary pattern: `pages`, `groups`, `tabs`, `anchors`, `dropdowns`, `products`, `versions` or `languages`');
      }
      for (const extra of primary.slice(1)) {
        c.error(
          'NAV_MULTIPLE_PRIMARY',
          [...path, extra],
          'key',
          `\`navigation\` has two primary patterns, \`${primary[0]}\` and \`${extra}\`; keep one (for example move \`${extra}\` inside an entry of \`${primary[0]}\`), otherwise \`${extra}\` would be dropped`,
        );
      }
      return;
    }
    for (const extra of keys.slice(1)) {
      c.error(
        'NAV_MIXED_CHILDREN',
        [...path, extra],
        'key',
        `${ELEMENT_NAME[kind]} at \`${c.fmt(path)}\` holds both \`${keys[0]}\` and \`${extra}\`; an element holds one child type per level, so nest one inside the other`,
      );
    }
  });
}
