/** Language codes from the product spec. */
export const SPEC_LANGUAGES = [
  'ar', 'ca', 'cs', 'cn', 'zh-Hant', 'da', 'nl', 'en', 'fi', 'fr', 'de', 'he', 'hi', 'hu', 'id', 'it', 'jp', 'ko', 'lv',
  'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'uk', 'uz', 'vi',
] as const;

/**
 * Aliases the real corpora use or document: mintlify-docs ships `zh` in its
 * docs.json and its settings reference lists the others as accepted codes.
 */
export const LANGUAGE_ALIASES = ['zh', 'zh-CN', 'zh-Hans', 'zh-TW', 'ja', 'ja-JP', 'fr-CA', 'pt'] as const;

export const SUPPORTED_LANGUAGES: ReadonlySet<string> = new Set<string>([...SPEC_LANGUAGES, ...LANGUAGE_ALIASES]);
