/**
 * The words of the page chrome (table of contents title, pager, search box, drawer buttons) in
 * the page's language: every code docs.json accepts for `navigation.languages`, plus the BCP 47
 * forms the corpora write (`zh`, `ja`, `pt`). Unknown codes read English.
 */
export interface UiStrings {
  onThisPage: string;
  previous: string;
  next: string;
  search: string;
  searchLabel: string;
  openNav: string;
  closeNav: string;
  skip: string;
  toggleTheme: string;
}

// onThisPage | previous | next | search | searchLabel | openNav | closeNav | skip | toggleTheme
const TABLE: Record<string, string> = {
  en: 'On this page|Previous|Next|Search…|Search the docs|Open navigation|Close navigation|Skip to content|Toggle dark mode',
  ar: 'في هذه الصفحة|السابق|التالي|بحث…|ابحث في الوثائق|فتح التنقل|إغلاق التنقل|انتقل إلى المحتوى|تبديل الوضع الداكن',
  ca: 'En aquesta pàgina|Anterior|Següent|Cerca…|Cerca a la documentació|Obre la navegació|Tanca la navegació|Vés al contingut|Canvia el mode fosc',
  cs: 'Na této stránce|Předchozí|Další|Hledat…|Hledat v dokumentaci|Otevřít navigaci|Zavřít navigaci|Přejít k obsahu|Přepnout tmavý režim',
  cn: '本页内容|上一页|下一页|搜索…|搜索文档|打开导航|关闭导航|跳到内容|切换深色模式',
  'zh-Hant': '本頁內容|上一頁|下一頁|搜尋…|搜尋文件|開啟導覽|關閉導覽|跳至內容|切換深色模式',
  da: 'På denne side|Forrige|Næste|Søg…|Søg i dokumentationen|Åbn navigation|Luk navigation|Gå til indhold|Skift mørk tilstand',
  nl: 'Op deze pagina|Vorige|Volgende|Zoeken…|Zoek in de documentatie|Navigatie openen|Navigatie sluiten|Naar de inhoud|Donkere modus wisselen',
  fi: 'Tällä sivulla|Edellinen|Seuraava|Hae…|Hae dokumentaatiosta|Avaa navigointi|Sulje navigointi|Siirry sisältöön|Vaihda tumma tila',
  fr: 'Sur cette page|Précédent|Suivant|Rechercher…|Rechercher dans la documentation|Ouvrir la navigation|Fermer la navigation|Aller au contenu|Basculer le mode sombre',
  de: 'Auf dieser Seite|Zurück|Weiter|Suchen…|Dokumentation durchsuchen|Navigation öffnen|Navigation schließen|Zum Inhalt springen|Dunkelmodus umschalten',
  he: 'בעמוד זה|הקודם|הבא|חיפוש…|חיפוש בתיעוד|פתיחת הניווט|סגירת הניווט|דלג לתוכן|החלפת מצב כהה',
  hi: 'इस पृष्ठ पर|पिछला|अगला|खोजें…|दस्तावेज़ खोजें|नेविगेशन खोलें|नेविगेशन बंद करें|सामग्री पर जाएँ|डार्क मोड बदलें',
  hu: 'Ezen az oldalon|Előző|Következő|Keresés…|Keresés a dokumentációban|Navigáció megnyitása|Navigáció bezárása|Ugrás a tartalomhoz|Sötét mód váltása',
  id: 'Di halaman ini|Sebelumnya|Berikutnya|Cari…|Cari di dokumentasi|Buka navigasi|Tutup navigasi|Lompat ke konten|Ganti mode gelap',
  it: 'In questa pagina|Precedente|Successivo|Cerca…|Cerca nella documentazione|Apri la navigazione|Chiudi la navigazione|Vai al contenuto|Attiva/disattiva la modalità scura',
  jp: 'このページの内容|前へ|次へ|検索…|ドキュメントを検索|ナビゲーションを開く|ナビゲーションを閉じる|本文へスキップ|ダークモードを切り替え',
  ko: '이 페이지의 내용|이전|다음|검색…|문서 검색|탐색 열기|탐색 닫기|본문으로 건너뛰기|다크 모드 전환',
  lv: 'Šajā lapā|Iepriekšējā|Nākamā|Meklēt…|Meklēt dokumentācijā|Atvērt navigāciju|Aizvērt navigāciju|Pāriet uz saturu|Pārslēgt tumšo režīmu',
  no: 'På denne siden|Forrige|Neste|Søk…|Søk i dokumentasjonen|Åpne navigasjon|Lukk navigasjon|Gå til innhold|Bytt mørk modus',
  pl: 'Na tej stronie|Poprzednia|Następna|Szukaj…|Szukaj w dokumentacji|Otwórz nawigację|Zamknij nawigację|Przejdź do treści|Przełącz tryb ciemny',
  'pt-BR': 'Nesta página|Anterior|Próximo|Pesquisar…|Pesquisar na documentação|Abrir navegação|Fechar navegação|Pular para o conteúdo|Alternar modo escuro',
  ro: 'Pe această pagină|Anterior|Următor|Caută…|Caută în documentație|Deschide navigarea|Închide navigarea|Salt la conținut|Comută modul întunecat',
  ru: 'На этой странице|Назад|Далее|Поиск…|Поиск по документации|Открыть навигацию|Закрыть навигацию|Перейти к содержимому|Переключить тёмную тему',
  es: 'En esta página|Anterior|Siguiente|Buscar…|Buscar en la documentación|Abrir navegación|Cerrar navegación|Saltar al contenido|Cambiar modo oscuro',
  sv: 'På den här sidan|Föregående|Nästa|Sök…|Sök i dokumentationen|Öppna navigering|Stäng navigering|Hoppa till innehållet|Växla mörkt läge',
  tr: 'Bu sayfada|Önceki|Sonraki|Ara…|Belgelerde ara|Gezinmeyi aç|Gezinmeyi kapat|İçeriğe geç|Karanlık modu değiştir',
  uk: 'На цій сторінці|Назад|Далі|Пошук…|Пошук у документації|Відкрити навігацію|Закрити навігацію|Перейти до вмісту|Перемкнути темну тему',
  uz: 'Bu sahifada|Oldingi|Keyingi|Qidirish…|Hujjatlardan qidirish|Navigatsiyani ochish|Navigatsiyani yopish|Tarkibga oʻtish|Qorongʻi rejimni almashtirish',
  vi: 'Trên trang này|Trước|Tiếp|Tìm kiếm…|Tìm trong tài liệu|Mở điều hướng|Đóng điều hướng|Chuyển đến nội dung|Bật/tắt chế độ tối',
};

// The BCP 47 forms some repositories write.
const ALIASES: Record<string, string> = { zh: 'cn', 'zh-Hans': 'cn', 'zh-CN': 'cn', 'zh-TW': 'zh-Hant', ja: 'jp', pt: 'pt-BR', 'pt-PT': 'pt-BR', nb: 'no' };

const KEYS = ['onThisPage', 'previous', 'next', 'search', 'searchLabel', 'openNav', 'closeNav', 'skip', 'toggleTheme'] as const;
const cache = new Map<string, UiStrings>();

/** The row of the chrome's words a docs.json language code reads (`zh` → `cn`, `fr-CA` → `fr`, unknown → `en`). */
export function uiLanguage(lang: string | undefined): string {
  return lang && TABLE[lang] ? lang : lang && ALIASES[lang] ? ALIASES[lang]! : lang && TABLE[lang.split('-')[0]!] ? lang.split('-')[0]! : 'en';
}

/** The chrome's words for a docs.json language code. */
export function uiStrings(lang: string | undefined): UiStrings {
  const code = uiLanguage(lang);
  let strings = cache.get(code);
  if (!strings) {
    const parts = TABLE[code]!.split('|');
    strings = Object.fromEntries(KEYS.map((k, i) => [k, parts[i]!])) as unknown as UiStrings;
    cache.set(code, strings);
  }
  return strings;
}

/** Every code with its own strings (tests check each row is complete). */
export const UI_LANGUAGES = Object.keys(TABLE);
