import type { FieldPath } from '../load/source-map.js';
import type { CheckContext } from './context.js';
import { isObject, walkNavigation } from './walk.js';

/**
 * Top-bar links and buttons need something to show. A link without `type` shows its label or
 * its icon (`"label": ""` with an icon is an icon-only link); a `button` shows its label. Without
 * either the site still builds, showing the link's address, so these are warnings.
 */
export function checkChrome(c: CheckContext): void {
  if (!isObject(c.raw)) return;
  checkNavbar(c, c.raw.navbar, ['navbar']);
  walkNavigation(c.raw.navigation, ({ kind, node, path }) => {
    if (kind === 'language') checkNavbar(c, node.navbar, [...path, 'navbar']);
  });
}

function checkNavbar(c: CheckContext, navbar: unknown, at: FieldPath): void {
  if (!isObject(navbar)) return;
  if (Array.isArray(navbar.links)) {
    navbar.links.forEach((link, i) => {
      if (!isObject(link) || link.type !== undefined || hasText(link.label) || link.icon !== undefined) return;
      c.warn('CONFIG_LABEL_MISSING', [...at, 'links', i], 'value', `\`${c.fmt([...at, 'links', i])}\` has no \`label\`, \`icon\` or \`type\`, so the link shows its address; add a \`label\``);
    });
  }
  const primary = navbar.primary;
  if (isObject(primary) && primary.type === 'button' && !hasText(primary.label)) {
    c.warn('CONFIG_LABEL_MISSING', [...at, 'primary'], 'value', `\`${c.fmt([...at, 'primary'])}\` is a \`button\` without \`label\`, so it shows the word "button"; add a \`label\``);
  }
}

const hasText = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';
