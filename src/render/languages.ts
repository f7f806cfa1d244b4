/** Display names of the language codes docs.json accepts, in their own language. */
const NAMES: Record<string, string> = {
  ar: 'العربية', ca: 'Català', cs: 'Čeština', cn: '简体中文', 'zh-Hant': '繁體中文', da: 'Dansk', nl: 'Nederlands',
  en: 'English', fi: 'Suomi', fr: 'Français', de: 'Deutsch', he: 'עברית', hi: 'हिन्दी', hu: 'Magyar',
  id: 'Bahasa Indonesia', it: 'Italiano', jp: '日本語', ko: '한국어', lv: 'Latviešu', no: 'Norsk', pl: 'Polski',
  'pt-BR': 'Português (Brasil)', ro: 'Română', ru: 'Русский', es: 'Español', sv: 'Svenska', tr: 'Türkçe',
  uk: 'Українська', uz: 'Oʻzbek', vi: 'Tiếng Việt',
};

/** The reader-facing name of a language code; the code itself when unknown. */
export function languageName(code: string): string {
  return NAMES[code] ?? code;
}

/** The BCP 47 tag for `<html lang>` (docs.json uses `cn` and `jp`). */
export function htmlLang(code: string): string {
  return code === 'cn' ? 'zh-Hans' : code === 'jp' ? 'ja' : code;
}
