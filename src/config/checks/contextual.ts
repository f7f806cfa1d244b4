import type { CheckContext } from './context.js';
import { isObject } from './walk.js';

/**
 * Options of the contextual menu that the platform documents and Folio does not offer, and why.
 * They are valid values (the schema accepts them) and are left out of the menu with a warning.
 */
export const UNSUPPORTED_CONTEXTUAL_OPTIONS: Readonly<Record<string, string>> = {
  assistant: 'Folio has no built-in assistant',
  devin: 'Folio has no Devin integration',
  'devin-desktop': 'Folio has no Devin Desktop integration',
  'devin-mcp': 'Folio has no Devin integration',
  windsurf: 'Folio has no Windsurf integration',
};

/** A warning for each `contextual.options` entry Folio leaves out of the menu. */
export function checkContextual(c: CheckContext): void {
  if (!isObject(c.raw) || !isObject(c.raw.contextual) || !Array.isArray(c.raw.contextual.options)) return;
  c.raw.contextual.options.forEach((option, i) => {
    if (typeof option !== 'string' || !(option in UNSUPPORTED_CONTEXTUAL_OPTIONS)) return;
    const at = ['contextual', 'options', i];
    c.warn('CONFIG_OPTION_UNSUPPORTED', at, 'value', `\`${c.fmt(at)}\` is "${option}": ${UNSUPPORTED_CONTEXTUAL_OPTIONS[option]}, so the option is left out of the page menu; remove it or use a custom option with an \`href\``);
  });
}
