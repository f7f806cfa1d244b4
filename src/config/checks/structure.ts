import type { FieldPath } from '../load/source-map.js';
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

const noun = (kind: string): string => (ELEMENT_NAME[kind] ?? kind).replace(/^an? /, '');

const LABEL_KEY: Record<string, string> = {
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
  item: 'item',
};

/**
 * Elements that show nothing, group settings that do nothing, and a navigation without pages.
 * Two primary patterns or two child types in one element were resolved before (`shapes.ts`).
 */
export function checkStructure(c: CheckContext): void {
  const navigation = isObject(c.raw) ? c.raw.navigation : undefined;
  if (!isObject(navigation)) return;
  walkNavigation(navigation, ({ kind, node, path, parent }) => {
    if (kind === 'group') {
      checkGroupSettings(c, node, path, parent === 'group');
      const filled = node.openapi !== undefined || node.asyncapi !== undefined || (Array.isArray(node.groups) && node.groups.length > 0);
      if (node.pages === undefined && !filled) {
        c.warn('NAV_EMPTY_ELEMENT', path, 'value', `group "${String(node.group)}" has no \`pages\`, so it shows nothing; add a \`pages\` array (or set \`openapi\` to fill the group with its endpoints), or remove the group`);
      }
      if (Array.isArray(node.pages) && node.pages.length === 0 && !filled) {
        c.warn('NAV_EMPTY_ELEMENT', [...path, 'pages'], 'value', `group "${String(node.group)}" has no pages and would not appear; add pages or remove the group`);
      }
      return;
    }
    const keys = childKeysOf(node);
    if (kind !== 'root' && keys.length === 0 && node.href === undefined && node.openapi === undefined && node.asyncapi === undefined) {
      const label = node[LABEL_KEY[kind] ?? ''];
      c.warn('NAV_EMPTY_ELEMENT', path, 'value', `${noun(kind)} "${String(label)}" has no pages, groups, link or OpenAPI spec, so it shows nothing; add content or an \`href\`, or remove it`);
    }
    if (kind === 'root' && keys.filter((k) => k !== 'menu').length === 0) {
      c.error('NAV_NO_PRIMARY', path, 'value', '`navigation` has no pages; add one primary pattern: `pages`, `groups`, `tabs`, `anchors`, `dropdowns`, `products`, `versions` or `languages`');
    }
  });
}

/** Group settings that would silently do nothing: a directory listing without a root page, collapsing a top-level group. */
function checkGroupSettings(c: CheckContext, node: Record<string, unknown>, path: FieldPath, nested: boolean): void {
  if (typeof node.directory === 'string' && node.directory !== 'none' && node.root === undefined) {
    c.warn('NAV_DIRECTORY_WITHOUT_ROOT', [...path, 'directory'], 'key', `group "${String(node.group)}" sets \`directory: ${node.directory}\` but has no \`root\` page, so no listing can appear; add \`root\` or remove \`directory\``);
  }
  if (!nested && node.expanded === false) {
    c.warn('NAV_TOP_LEVEL_COLLAPSED', [...path, 'expanded'], 'key', `group "${String(node.group)}" is a top-level group, which is always expanded, so \`expanded: false\` is ignored; nest it in another group to make it collapsible, or remove \`expanded\``);
  }
}
