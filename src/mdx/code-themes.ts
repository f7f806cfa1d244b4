/**
 * docs.json `styling.codeblocks` → the Shiki themes of code blocks. `system` (the default) is light
 * blocks in light mode and dark ones in dark mode; `dark` is dark blocks in both; any other string,
 * or `{ theme }`, names a Shiki theme for both modes or `{ light, dark }`. A name Shiki does not
 * bundle is an `MDX_CODE_THEME_UNKNOWN` warning at the value and the default theme is kept.
 * `css-variables` (not a bundled theme) is the platform's: colours from `--mint-` CSS variables.
 */
import { bundledThemes } from 'shiki';
import type { Diagnostic, SourcePosition } from '../shared/index.js';
import { closest } from '../shared/index.js';
import type { MdxCode } from './codes.js';
import { CSS_VARIABLES_THEME, DARK_THEME, DEFAULT_CODE_THEMES, type CodeThemes } from './highlight.js';

type Locate = (path: readonly (string | number)[]) => SourcePosition;

/** The code block themes of a site and the problems with the names it gives. */
export function codeThemesOf(codeblocks: unknown, locate?: Locate): { themes: CodeThemes; diagnostics: Diagnostic<MdxCode>[] } {
  const diagnostics: Diagnostic<MdxCode>[] = [];
  const base = ['styling', 'codeblocks'];
  const check = (name: unknown, at: (string | number)[], fallback: string): string => {
    if (typeof name !== 'string' || name === '') return fallback;
    if (name in bundledThemes || name === CSS_VARIABLES_THEME) return name;
    const near = closest(name, Object.keys(bundledThemes));
    const where = locate?.(at) ?? { file: 'docs.json', line: 1, column: 1 };
    diagnostics.push({
      ...where, severity: 'warning', code: 'MDX_CODE_THEME_UNKNOWN', path: at.join('.'),
      message: `Code block theme \`${name}\` is not a Shiki theme; the default (${fallback || `${DEFAULT_CODE_THEMES.light} / ${DEFAULT_CODE_THEMES.dark}`}) is used.${near ? ` Did you mean \`${near}\`?` : ''} See https://shiki.style/themes for the names.`,
    });
    return fallback;
  };
  if (codeblocks === undefined || codeblocks === 'system') return { themes: DEFAULT_CODE_THEMES, diagnostics };
  if (codeblocks === 'dark') return { themes: { light: DARK_THEME, dark: DARK_THEME }, diagnostics };
  if (typeof codeblocks === 'string') {
    const name = check(codeblocks, base, '');
    return { themes: name ? { light: name, dark: name } : DEFAULT_CODE_THEMES, diagnostics };
  }
  const theme = (codeblocks as { theme?: unknown }).theme;
  if (typeof theme === 'string') {
    const name = check(theme, [...base, 'theme'], '');
    return { themes: name ? { light: name, dark: name } : DEFAULT_CODE_THEMES, diagnostics };
  }
  if (theme && typeof theme === 'object') {
    const t = theme as { light?: unknown; dark?: unknown };
    return {
      themes: { light: check(t.light, [...base, 'theme', 'light'], DEFAULT_CODE_THEMES.light), dark: check(t.dark, [...base, 'theme', 'dark'], DEFAULT_CODE_THEMES.dark) },
      diagnostics,
    };
  }
  return { themes: DEFAULT_CODE_THEMES, diagnostics };
}
