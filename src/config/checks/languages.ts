/** Language codes from the product spec; `cn` and `jp` are not BCP 47 but the spec names them. */
export const SPEC_LANGUAGES = [
  'ar', 'ca', 'cs', 'cn', 'zh-Hant', 'da', 'nl', 'en', 'fi', 'fr', 'de', 'he', 'hi', 'hu', 'id', 'it', 'jp', 'ko', 'lv',
  'no', 'pl', 'pt-BR', 'ro', 'ru', 'es', 'sv', 'tr', 'uk', 'uz', 'vi',
] as const;

const SPEC_SET: ReadonlySet<string> = new Set<string>(SPEC_LANGUAGES);
const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** How a `language` code of docs.json reads. */
export type LanguageCheck =
  /** A spec code or a BCP 47 tag with a known name (`ja`, `zh-Hans`, `pt-br`). */
  | { kind: 'known'; name: string }
  /** Well-formed BCP 47 but no language Folio can name (`xx`, `qaa`): shown as the code. */
  | { kind: 'unlabelled'; canonical: string }
  /** Not a language tag at all (`english us`). */
  | { kind: 'malformed' };

/**
 * The platform accepts more codes than the spec's 30 (`ja`, `zh`, `zh-Hans`, `ko`...), so any
 * BCP 47 tag is accepted, case-insensitively as BCP 47 says.
 */
export function checkLanguageCode(code: string): LanguageCheck {
  if (SPEC_SET.has(code)) return { kind: 'known', name: code };
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(code)[0] ?? '';
  } catch {
    return { kind: 'malformed' };
  }
  if (canonical === '') return { kind: 'malformed' };
  const name = englishNames.of(canonical);
  return name ? { kind: 'known', name } : { kind: 'unlabelled', canonical };
}
