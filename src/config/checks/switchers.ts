import type { FieldPath } from '../load/source-map.js';
import { closest } from '../../shared/index.js';
import type { CheckContext } from './context.js';
import { checkLanguageCode, SPEC_LANGUAGES } from './languages.js';
import { isObject, walkNavigation } from './walk.js';

/** Versions and languages: one default each, unique language codes that are BCP 47 tags. */
export function checkSwitchers(c: CheckContext): void {
  const navigation = isObject(c.raw) ? c.raw.navigation : undefined;
  if (!isObject(navigation)) return;
  walkNavigation(navigation, ({ node, path }) => {
    if (Array.isArray(node.versions)) checkDefaults(c, node.versions, [...path, 'versions'], 'version', 'NAV_DUPLICATE_DEFAULT_VERSION');
    if (Array.isArray(node.languages)) {
      checkDefaults(c, node.languages, [...path, 'languages'], 'language', 'NAV_DUPLICATE_DEFAULT_LANGUAGE');
      checkLanguageCodes(c, node.languages, [...path, 'languages']);
    }
  });
  const global = navigation.global;
  if (isObject(global) && Array.isArray(global.languages)) checkLanguageCodes(c, global.languages, ['navigation', 'global', 'languages']);
}

function checkDefaults(c: CheckContext, list: unknown[], path: FieldPath, label: string, code: 'NAV_DUPLICATE_DEFAULT_VERSION' | 'NAV_DUPLICATE_DEFAULT_LANGUAGE'): void {
  let first: number | undefined;
  list.forEach((entry, i) => {
    if (!isObject(entry) || entry.default !== true) return;
    if (first === undefined) {
      first = i;
      return;
    }
    const firstName = isObject(list[first]) ? String((list[first] as Record<string, unknown>)[label]) : String(first);
    const message = `${label} "${String(entry[label])}" and ${label} "${firstName}" both have \`default: true\``;
    // The platform publishes two default versions and opens the first; two default languages stay an error.
    if (code === 'NAV_DUPLICATE_DEFAULT_VERSION') c.warn(code, [...path, i, 'default'], 'key', `${message}; the platform keeps both flags and opens the first, "${firstName}", and so does Folio; keep \`default: true\` on one version only`);
    else c.error(code, [...path, i, 'default'], 'key', `${message}; keep it on one ${label} only`);
  });
}

function checkLanguageCodes(c: CheckContext, list: unknown[], path: FieldPath): void {
  const seen = new Map<string, number>();
  list.forEach((entry, i) => {
    if (!isObject(entry) || typeof entry.language !== 'string') return;
    const code = entry.language;
    const at: FieldPath = [...path, i, 'language'];
    const check = checkLanguageCode(code);
    if (check.kind === 'malformed') {
      const guess = closest(code, SPEC_LANGUAGES);
      const hint = guess ? `did you mean "${guess}"?` : 'use a BCP 47 tag such as "en", "fr", "pt-BR" or "zh-Hans"';
      c.error('NAV_UNKNOWN_LANGUAGE', at, 'value', `\`${c.fmt(at)}\` "${code}" is not a language tag; ${hint}`);
    } else if (check.kind === 'unlabelled') {
      const guess = closest(code, SPEC_LANGUAGES);
      const hint = guess ? `did you mean "${guess}"?` : 'check the code (for example "ja", "zh-Hans", "pt-BR")';
      c.warn('NAV_UNLABELLED_LANGUAGE', at, 'value', `\`${c.fmt(at)}\` "${code}" is a well-formed language tag but names no language Folio knows, so the language switcher shows the code itself; ${hint}`);
    }
    const prev = seen.get(code);
    if (prev !== undefined) {
      c.error('NAV_DUPLICATE_LANGUAGE', at, 'value', `language "${code}" is listed twice (also at \`${c.fmt([...path, prev])}\`); merge the two entries or change one code`);
    } else seen.set(code, i);
  });
}
