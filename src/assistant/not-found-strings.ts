/**
 * The not-found answer in the reader's language: the server writes it (it is kept with the thread
 * and counted in analytics), so it follows the language of the pages searched, not the browser's.
 * Codes are docs.json's, read as the chrome reads them (`uiLanguage`); a code without a row is English.
 * Each row: the sentence | the support link's sentence (`[word]({url})`) | the email sentence (`{email}`).
 */
import { uiLanguage } from '../render/index.js';

const TABLE: Record<string, string> = {
  en: 'I could not find this in the docs.|You can ask the team through [support]({url}).|You can write to {email}.',
  ar: 'لم أجد هذا في الوثائق.|يمكنك سؤال الفريق عبر [الدعم]({url}).|يمكنك الكتابة إلى {email}.',
  ca: "No he trobat això a la documentació.|Pots preguntar a l'equip a través del [suport]({url}).|Pots escriure a {email}.",
  cs: 'V dokumentaci jsem to nenašel.|Můžete se zeptat týmu přes [podporu]({url}).|Můžete napsat na {email}.',
  cn: '我在文档中没有找到相关内容。|您可以通过[支持]({url})向团队提问。|您可以发送邮件至 {email}。',
  'zh-Hant': '我在文件中找不到相關內容。|您可以透過[支援]({url})向團隊提問。|您可以寄信至 {email}。',
  da: 'Jeg kunne ikke finde dette i dokumentationen.|Du kan spørge teamet via [support]({url}).|Du kan skrive til {email}.',
  nl: 'Ik kon dit niet vinden in de documentatie.|Je kunt het team vragen via [support]({url}).|Je kunt schrijven naar {email}.',
  fi: 'En löytänyt tätä dokumentaatiosta.|Voit kysyä tiimiltä [tuen]({url}) kautta.|Voit kirjoittaa osoitteeseen {email}.',
  fr: "Je n'ai pas trouvé cela dans la documentation.|Vous pouvez poser la question à l'équipe via le [support]({url}).|Vous pouvez écrire à {email}.",
  de: 'Dazu habe ich in der Dokumentation nichts gefunden.|Sie können das Team über den [Support]({url}) fragen.|Sie können an {email} schreiben.',
  he: 'לא מצאתי את זה בתיעוד.|אפשר לשאול את הצוות דרך [התמיכה]({url}).|אפשר לכתוב אל {email}.',
  hi: 'मुझे यह दस्तावेज़ों में नहीं मिला।|आप [सहायता]({url}) के माध्यम से टीम से पूछ सकते हैं।|आप {email} पर लिख सकते हैं।',
  hu: 'Ezt nem találtam meg a dokumentációban.|A csapattól a [támogatáson]({url}) keresztül kérdezhet.|Írhat a(z) {email} címre.',
  id: 'Saya tidak menemukan ini di dokumentasi.|Anda dapat bertanya kepada tim melalui [dukungan]({url}).|Anda dapat menulis ke {email}.',
  it: "Non ho trovato questa informazione nella documentazione.|Puoi chiedere al team tramite l'[assistenza]({url}).|Puoi scrivere a {email}.",
  jp: 'ドキュメントには見つかりませんでした。|[サポート]({url})からチームに質問できます。|{email} 宛てにメールを送ることもできます。',
  ko: '문서에서 찾을 수 없었습니다.|[지원]({url})을 통해 팀에 문의할 수 있습니다.|{email}(으)로 메일을 보낼 수 있습니다.',
  lv: 'Dokumentācijā to neatradu.|Varat jautāt komandai, izmantojot [atbalstu]({url}).|Varat rakstīt uz {email}.',
  no: 'Jeg fant ikke dette i dokumentasjonen.|Du kan spørre teamet via [support]({url}).|Du kan skrive til {email}.',
  pl: 'Nie znalazłem tego w dokumentacji.|Możesz zapytać zespół przez [pomoc techniczną]({url}).|Możesz napisać na adres {email}.',
  'pt-BR': 'Não encontrei isso na documentação.|Você pode perguntar à equipe pelo [suporte]({url}).|Você pode escrever para {email}.',
  ro: 'Nu am găsit acest lucru în documentație.|Puteți întreba echipa prin [asistență]({url}).|Puteți scrie la {email}.',
  ru: 'Я не нашёл этого в документации.|Вы можете спросить команду через [поддержку]({url}).|Вы можете написать на {email}.',
  es: 'No encontré esto en la documentación.|Puedes preguntar al equipo a través del [soporte]({url}).|Puedes escribir a {email}.',
  sv: 'Jag hittade inte detta i dokumentationen.|Du kan fråga teamet via [supporten]({url}).|Du kan skriva till {email}.',
  tr: 'Bunu belgelerde bulamadım.|Ekibe [destek]({url}) üzerinden sorabilirsiniz.|{email} adresine yazabilirsiniz.',
  uk: 'Я не знайшов цього в документації.|Ви можете запитати команду через [підтримку]({url}).|Ви можете написати на {email}.',
  uz: 'Buni hujjatlardan topa olmadim.|Jamoadan [yordam xizmati]({url}) orqali soʻrashingiz mumkin.|{email} manziliga yozishingiz mumkin.',
  vi: 'Tôi không tìm thấy thông tin này trong tài liệu.|Bạn có thể hỏi nhóm qua [bộ phận hỗ trợ]({url}).|Bạn có thể viết thư đến {email}.',
};

export interface NotFoundStrings {
  notFound: string;
  /** With `{url}` inside a Markdown link. */
  support: string;
  /** With `{email}` where the address goes. */
  email: string;
}

/** The not-found answer's sentences for a docs.json language code (English when it has no row). */
export function notFoundStrings(lang: string | undefined): NotFoundStrings {
  const [notFound, support, email] = (TABLE[uiLanguage(lang)] ?? TABLE.en!).split('|') as [string, string, string];
  return { notFound, support, email };
}

/** Every code with its own row (a test checks each against the chrome's codes). */
export const NOT_FOUND_LANGUAGES = Object.keys(TABLE);
