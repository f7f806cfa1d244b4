/**
 * The stale-translation notice's words in the page's language (docs.json `translations.staleNotice`),
 * read as the chrome's are (`ui-strings.ts`: aliases, `fr-CA` → `fr`, unknown → English).
 */
import { uiLanguage } from './ui-strings.js';

export interface TranslationNoticeStrings {
  /** The sentence before the link. */
  message: string;
  /** The link to the source page. */
  link: string;
}

// message | link
const TABLE: Record<string, string> = {
  en: 'This translation has not caught up with the latest changes to its source page.|Read the source page',
  ar: 'لم تُحدَّث هذه الترجمة بآخر التغييرات على صفحتها الأصلية.|اقرأ الصفحة الأصلية',
  ca: 'Aquesta traducció no recull els darrers canvis de la pàgina original.|Llegeix la pàgina original',
  cs: 'Tento překlad ještě nezahrnuje poslední změny původní stránky.|Přečíst původní stránku',
  cn: '此译文尚未包含原文页面的最新更改。|阅读原文页面',
  'zh-Hant': '此譯文尚未包含原文頁面的最新變更。|閱讀原文頁面',
  da: 'Denne oversættelse mangler de seneste ændringer af originalsiden.|Læs originalsiden',
  nl: 'Deze vertaling bevat de laatste wijzigingen van de bronpagina nog niet.|Lees de bronpagina',
  fi: 'Tästä käännöksestä puuttuvat alkuperäisen sivun viimeisimmät muutokset.|Lue alkuperäinen sivu',
  fr: 'Cette traduction ne reprend pas encore les dernières modifications de la page d’origine.|Lire la page d’origine',
  de: 'Diese Übersetzung enthält die letzten Änderungen der Originalseite noch nicht.|Originalseite lesen',
  he: 'תרגום זה אינו כולל עדיין את השינויים האחרונים בדף המקור.|קריאת דף המקור',
  hi: 'इस अनुवाद में मूल पृष्ठ के नवीनतम बदलाव अभी शामिल नहीं हैं।|मूल पृष्ठ पढ़ें',
  hu: 'Ez a fordítás még nem követi az eredeti oldal legutóbbi változásait.|Az eredeti oldal olvasása',
  id: 'Terjemahan ini belum memuat perubahan terbaru pada halaman sumbernya.|Baca halaman sumber',
  it: 'Questa traduzione non include ancora le ultime modifiche della pagina originale.|Leggi la pagina originale',
  jp: 'この翻訳には元のページの最新の変更がまだ反映されていません。|元のページを読む',
  ko: '이 번역에는 원본 페이지의 최신 변경 사항이 아직 반영되지 않았습니다.|원본 페이지 읽기',
  lv: 'Šajā tulkojumā vēl nav iekļautas jaunākās oriģinālās lapas izmaiņas.|Lasīt oriģinālo lapu',
  no: 'Denne oversettelsen mangler de siste endringene på originalsiden.|Les originalsiden',
  pl: 'To tłumaczenie nie uwzględnia jeszcze najnowszych zmian strony źródłowej.|Przeczytaj stronę źródłową',
  'pt-BR': 'Esta tradução ainda não inclui as últimas alterações da página original.|Ler a página original',
  ro: 'Această traducere nu include încă ultimele modificări ale paginii originale.|Citește pagina originală',
  ru: 'В этом переводе ещё нет последних изменений исходной страницы.|Читать исходную страницу',
  es: 'Esta traducción aún no incluye los últimos cambios de la página original.|Leer la página original',
  sv: 'Den här översättningen saknar de senaste ändringarna på originalsidan.|Läs originalsidan',
  tr: 'Bu çeviri, kaynak sayfadaki son değişiklikleri henüz içermiyor.|Kaynak sayfayı oku',
  uk: 'Цей переклад ще не містить останніх змін вихідної сторінки.|Читати вихідну сторінку',
  uz: 'Bu tarjimada asl sahifadagi soʻnggi oʻzgarishlar hali yoʻq.|Asl sahifani oʻqish',
  vi: 'Bản dịch này chưa có những thay đổi mới nhất của trang gốc.|Đọc trang gốc',
};

const cache = new Map<string, TranslationNoticeStrings>();

/** The notice's words for a docs.json language code. */
export function translationNoticeStrings(lang: string | undefined): TranslationNoticeStrings {
  const code = uiLanguage(lang);
  let words = cache.get(code);
  if (!words) {
    const [message, link] = (TABLE[code] ?? TABLE.en!).split('|') as [string, string];
    cache.set(code, (words = { message, link }));
  }
  return words;
}

/** Every language row, for the test that each has both words. */
export const TRANSLATION_NOTICE_LANGUAGES = Object.keys(TABLE);
