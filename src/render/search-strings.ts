/**
 * The search dialog's own words in the page's language, beside the chrome's (`ui-strings.ts`
 * gives the box's placeholder and label). The dialog is drawn in the browser, so the header's
 * search button carries them (`data-search-open`, JSON). `{n}` is a count: "Results: 3" reads
 * right for any count in every language, where "3 results" would need plural rules.
 */
import { uiLanguage } from './ui-strings.js';

export interface SearchStrings {
  recent: string;
  clear: string;
  noResults: string;
  results: string;
  close: string;
  unavailable: string;
  /** Shown while the index loads and the first answer is on its way. */
  searching: string;
}

// recent | clear | noResults | results | close | unavailable | searching
const TABLE: Record<string, string> = {
  en: 'Recent searches|Clear|No results|Results: {n}|Close|Search is not available.|Searching…',
  ar: 'عمليات البحث الأخيرة|مسح|لا توجد نتائج|النتائج: {n}|إغلاق|البحث غير متاح.|جارٍ البحث…',
  ca: 'Cerques recents|Esborra|Cap resultat|Resultats: {n}|Tanca|La cerca no està disponible.|S’està cercant…',
  cs: 'Nedávná hledání|Vymazat|Žádné výsledky|Výsledky: {n}|Zavřít|Hledání není k dispozici.|Hledání…',
  cn: '最近搜索|清除|无结果|结果：{n}|关闭|搜索不可用。|正在搜索…',
  'zh-Hant': '最近搜尋|清除|沒有結果|結果：{n}|關閉|無法使用搜尋。|正在搜尋…',
  da: 'Seneste søgninger|Ryd|Ingen resultater|Resultater: {n}|Luk|Søgning er ikke tilgængelig.|Søger…',
  nl: 'Recente zoekopdrachten|Wissen|Geen resultaten|Resultaten: {n}|Sluiten|Zoeken is niet beschikbaar.|Zoeken…',
  fi: 'Viimeisimmät haut|Tyhjennä|Ei tuloksia|Tuloksia: {n}|Sulje|Haku ei ole käytettävissä.|Haetaan…',
  fr: 'Recherches récentes|Effacer|Aucun résultat|Résultats : {n}|Fermer|La recherche n’est pas disponible.|Recherche en cours…',
  de: 'Letzte Suchen|Löschen|Keine Ergebnisse|Ergebnisse: {n}|Schließen|Die Suche ist nicht verfügbar.|Suche läuft…',
  he: 'חיפושים אחרונים|ניקוי|אין תוצאות|תוצאות: {n}|סגירה|החיפוש אינו זמין.|מחפש…',
  hi: 'हाल की खोजें|साफ़ करें|कोई परिणाम नहीं|परिणाम: {n}|बंद करें|खोज उपलब्ध नहीं है।|खोज जारी है…',
  hu: 'Legutóbbi keresések|Törlés|Nincs találat|Találatok: {n}|Bezárás|A keresés nem érhető el.|Keresés…',
  id: 'Pencarian terbaru|Hapus|Tidak ada hasil|Hasil: {n}|Tutup|Pencarian tidak tersedia.|Mencari…',
  it: 'Ricerche recenti|Cancella|Nessun risultato|Risultati: {n}|Chiudi|La ricerca non è disponibile.|Ricerca in corso…',
  jp: '最近の検索|クリア|結果がありません|結果：{n}|閉じる|検索は利用できません。|検索中…',
  ko: '최근 검색|지우기|결과 없음|결과: {n}|닫기|검색을 사용할 수 없습니다.|검색 중…',
  lv: 'Nesenie meklējumi|Notīrīt|Nav rezultātu|Rezultāti: {n}|Aizvērt|Meklēšana nav pieejama.|Meklē…',
  no: 'Nylige søk|Tøm|Ingen resultater|Resultater: {n}|Lukk|Søk er ikke tilgjengelig.|Søker…',
  pl: 'Ostatnie wyszukiwania|Wyczyść|Brak wyników|Wyniki: {n}|Zamknij|Wyszukiwanie jest niedostępne.|Wyszukiwanie…',
  'pt-BR': 'Pesquisas recentes|Limpar|Nenhum resultado|Resultados: {n}|Fechar|A pesquisa não está disponível.|Pesquisando…',
  ro: 'Căutări recente|Șterge|Niciun rezultat|Rezultate: {n}|Închide|Căutarea nu este disponibilă.|Se caută…',
  ru: 'Недавние запросы|Очистить|Ничего не найдено|Результаты: {n}|Закрыть|Поиск недоступен.|Поиск…',
  es: 'Búsquedas recientes|Borrar|Sin resultados|Resultados: {n}|Cerrar|La búsqueda no está disponible.|Buscando…',
  sv: 'Senaste sökningar|Rensa|Inga resultat|Resultat: {n}|Stäng|Sökning är inte tillgänglig.|Söker…',
  tr: 'Son aramalar|Temizle|Sonuç yok|Sonuçlar: {n}|Kapat|Arama kullanılamıyor.|Aranıyor…',
  uk: 'Нещодавні пошуки|Очистити|Нічого не знайдено|Результати: {n}|Закрити|Пошук недоступний.|Пошук…',
  uz: 'Soʻnggi qidiruvlar|Tozalash|Natija yoʻq|Natijalar: {n}|Yopish|Qidiruv mavjud emas.|Qidirilmoqda…',
  vi: 'Tìm kiếm gần đây|Xóa|Không có kết quả|Kết quả: {n}|Đóng|Tìm kiếm không khả dụng.|Đang tìm kiếm…',
};

const KEYS = ['recent', 'clear', 'noResults', 'results', 'close', 'unavailable', 'searching'] as const;

/** The search dialog's words for a docs.json language code (read as `uiStrings` reads it). */
export function searchStrings(lang: string | undefined): SearchStrings {
  const parts = (TABLE[uiLanguage(lang)] ?? TABLE.en!).split('|');
  return Object.fromEntries(KEYS.map((k, i) => [k, parts[i]!])) as unknown as SearchStrings;
}

/** Every code with its own row (tests check each is complete and matches the chrome's). */
export const SEARCH_LANGUAGES = Object.keys(TABLE);
