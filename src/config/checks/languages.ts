/** Language codes from the product spec. */
export const SPEC_LANGUAGES = [
  'ar', 'ca', 'cs', 'cn', 'zh-Hant', 'da', 'nl', 'en', 'fi', 'fr', 'de', 'he', 'hi', 'hu', 'id', 'it', 'jp', 'ko', 'lv',
  'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'uk', 'uz', 'vi',
] as const;

/**
 * Aliases the real corpora use beyond the spec list: mintlify-docs ships a `zh`
 * language (zh.json). Anything else is an error, so a typo never becomes a new locale.
 */
export const LANGUAGE_ALIASES = ['zh'] as const;

export const SUPPORTED_LANGUAGES: ReadonlySet<string> = new Set<string>([...SPEC_LANGUAGES, ...LANGUAGE_ALIASES]);
