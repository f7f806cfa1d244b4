/**
 * The feedback widget's words in the page's language, beside the chrome's (`ui-strings.ts`, read
 * the same way: aliases, `fr-CA` → `fr`, unknown → English). The server writes them into the
 * widget's markup (and the code-snippet control's `<template>`), so the beacon carries no words.
 */
import { FEEDBACK_REASONS, type FeedbackReason } from '../shared/index.js';
import { uiLanguage } from './ui-strings.js';

export interface FeedbackStrings {
  title: string;
  yes: string;
  no: string;
  suggestEdit: string;
  raiseIssue: string;
  tellMore: string;
  send: string;
  thanks: string;
  codeButton: string;
  codeLabel: string;
  /** The legend of the reasons offered after a thumbs up, and after a thumbs down. */
  reasonsUp: string;
  reasonsDown: string;
  /** Each preset reason's label, by id (`FEEDBACK_REASONS`). */
  reasons: Record<FeedbackReason, string>;
}

// title | yes | no | suggestEdit | raiseIssue | tellMore | send | thanks | codeButton | codeLabel
const TABLE: Record<string, string> = {
  en: 'Was this page helpful?|Yes|No|Suggest edits|Raise issue|Tell us more (optional)|Send feedback|Thank you for your feedback.|Feedback on this code|What about this code could be better?',
  ar: 'هل كانت هذه الصفحة مفيدة؟|نعم|لا|اقتراح تعديلات|الإبلاغ عن مشكلة|أخبرنا بالمزيد (اختياري)|إرسال الملاحظات|شكرًا على ملاحظاتك.|ملاحظات على هذه الشيفرة|ما الذي يمكن تحسينه في هذه الشيفرة؟',
  ca: "Us ha estat útil aquesta pàgina?|Sí|No|Suggereix canvis|Informa d'un problema|Explica'ns-ho millor (opcional)|Envia els comentaris|Gràcies pels teus comentaris.|Comentaris sobre aquest codi|Què es podria millorar d'aquest codi?",
  cs: 'Byla tato stránka užitečná?|Ano|Ne|Navrhnout úpravy|Nahlásit problém|Řekněte nám více (nepovinné)|Odeslat zpětnou vazbu|Děkujeme za zpětnou vazbu.|Zpětná vazba k tomuto kódu|Co by se na tomto kódu dalo zlepšit?',
  cn: '此页面对您有帮助吗？|是|否|建议修改|报告问题|告诉我们更多（可选）|发送反馈|感谢您的反馈。|对此代码的反馈|这段代码有哪些可以改进之处？',
  'zh-Hant': '這個頁面對您有幫助嗎？|是|否|建議修改|回報問題|告訴我們更多（選填）|送出意見回饋|感謝您的意見回饋。|對此程式碼的意見回饋|這段程式碼有哪些可以改進之處？',
  da: 'Var denne side nyttig?|Ja|Nej|Foreslå ændringer|Rapportér et problem|Fortæl os mere (valgfrit)|Send feedback|Tak for din feedback.|Feedback på denne kode|Hvad kunne være bedre ved denne kode?',
  nl: 'Was deze pagina nuttig?|Ja|Nee|Wijzigingen voorstellen|Probleem melden|Vertel ons meer (optioneel)|Feedback versturen|Bedankt voor je feedback.|Feedback op deze code|Wat kan er beter aan deze code?',
  fi: 'Oliko tästä sivusta apua?|Kyllä|Ei|Ehdota muutoksia|Ilmoita ongelmasta|Kerro lisää (valinnainen)|Lähetä palaute|Kiitos palautteestasi.|Palaute tästä koodista|Mitä tässä koodissa voisi parantaa?',
  fr: "Cette page vous a-t-elle été utile ?|Oui|Non|Suggérer des modifications|Signaler un problème|Dites-nous en plus (facultatif)|Envoyer votre avis|Merci pour votre avis.|Un avis sur ce code|Qu'est-ce qui pourrait être amélioré dans ce code ?",
  de: 'War diese Seite hilfreich?|Ja|Nein|Änderungen vorschlagen|Problem melden|Erzählen Sie uns mehr (optional)|Feedback senden|Vielen Dank für Ihr Feedback.|Feedback zu diesem Code|Was könnte an diesem Code besser sein?',
  he: 'האם הדף הזה עזר לך?|כן|לא|הצעת עריכה|דיווח על בעיה|ספרו לנו עוד (לא חובה)|שליחת משוב|תודה על המשוב.|משוב על הקוד הזה|מה אפשר לשפר בקוד הזה?',
  hi: 'क्या यह पृष्ठ उपयोगी था?|हाँ|नहीं|बदलाव सुझाएँ|समस्या बताएँ|हमें और बताएँ (वैकल्पिक)|प्रतिक्रिया भेजें|आपकी प्रतिक्रिया के लिए धन्यवाद।|इस कोड पर प्रतिक्रिया|इस कोड में क्या बेहतर हो सकता है?',
  hu: 'Hasznos volt ez az oldal?|Igen|Nem|Módosítás javaslata|Probléma jelentése|Mondjon többet (nem kötelező)|Visszajelzés küldése|Köszönjük a visszajelzést.|Visszajelzés erről a kódról|Mi lehetne jobb ebben a kódban?',
  id: 'Apakah halaman ini membantu?|Ya|Tidak|Sarankan perubahan|Laporkan masalah|Ceritakan lebih lanjut (opsional)|Kirim masukan|Terima kasih atas masukan Anda.|Masukan untuk kode ini|Apa yang bisa diperbaiki dari kode ini?',
  it: 'Questa pagina ti è stata utile?|Sì|No|Suggerisci modifiche|Segnala un problema|Raccontaci di più (facoltativo)|Invia feedback|Grazie per il tuo feedback.|Feedback su questo codice|Cosa si potrebbe migliorare in questo codice?',
  jp: 'このページは役に立ちましたか？|はい|いいえ|編集を提案|問題を報告|詳しく教えてください（任意）|フィードバックを送信|フィードバックをありがとうございます。|このコードへのフィードバック|このコードで改善できる点は何ですか？',
  ko: '이 페이지가 도움이 되었나요?|예|아니요|수정 제안|문제 보고|자세히 알려 주세요(선택 사항)|피드백 보내기|피드백을 보내 주셔서 감사합니다.|이 코드에 대한 피드백|이 코드에서 개선할 점은 무엇인가요?',
  lv: 'Vai šī lapa bija noderīga?|Jā|Nē|Ieteikt labojumus|Ziņot par problēmu|Pastāstiet vairāk (nav obligāti)|Sūtīt atsauksmi|Paldies par atsauksmi.|Atsauksme par šo kodu|Ko šajā kodā varētu uzlabot?',
  no: 'Var denne siden nyttig?|Ja|Nei|Foreslå endringer|Meld fra om et problem|Fortell oss mer (valgfritt)|Send tilbakemelding|Takk for tilbakemeldingen.|Tilbakemelding på denne koden|Hva kunne vært bedre med denne koden?',
  pl: 'Czy ta strona była pomocna?|Tak|Nie|Zaproponuj zmiany|Zgłoś problem|Powiedz nam więcej (opcjonalnie)|Wyślij opinię|Dziękujemy za opinię.|Opinia o tym kodzie|Co można poprawić w tym kodzie?',
  'pt-BR': 'Esta página foi útil?|Sim|Não|Sugerir edições|Relatar problema|Conte-nos mais (opcional)|Enviar feedback|Obrigado pelo seu feedback.|Feedback sobre este código|O que poderia melhorar neste código?',
  ro: 'A fost utilă această pagină?|Da|Nu|Sugerează modificări|Raportează o problemă|Spune-ne mai multe (opțional)|Trimite feedback|Îți mulțumim pentru feedback.|Feedback despre acest cod|Ce s-ar putea îmbunătăți la acest cod?',
  ru: 'Была ли эта страница полезной?|Да|Нет|Предложить правки|Сообщить о проблеме|Расскажите подробнее (необязательно)|Отправить отзыв|Спасибо за отзыв.|Отзыв об этом коде|Что можно улучшить в этом коде?',
  es: '¿Te resultó útil esta página?|Sí|No|Sugerir cambios|Informar de un problema|Cuéntanos más (opcional)|Enviar comentarios|Gracias por tus comentarios.|Comentarios sobre este código|¿Qué se podría mejorar en este código?',
  sv: 'Var den här sidan till hjälp?|Ja|Nej|Föreslå ändringar|Rapportera ett problem|Berätta mer (valfritt)|Skicka feedback|Tack för din feedback.|Feedback på den här koden|Vad kunde vara bättre med den här koden?',
  tr: 'Bu sayfa yardımcı oldu mu?|Evet|Hayır|Düzenleme öner|Sorun bildir|Bize daha fazlasını anlatın (isteğe bağlı)|Geri bildirim gönder|Geri bildiriminiz için teşekkürler.|Bu kod hakkında geri bildirim|Bu kodda neler daha iyi olabilir?',
  uk: "Чи була ця сторінка корисною?|Так|Ні|Запропонувати зміни|Повідомити про проблему|Розкажіть більше (необов'язково)|Надіслати відгук|Дякуємо за відгук.|Відгук про цей код|Що можна покращити в цьому коді?",
  uz: 'Bu sahifa foydali boʻldimi?|Ha|Yoʻq|Tahrir taklif qilish|Muammo haqida xabar berish|Batafsilroq yozing (ixtiyoriy)|Fikr yuborish|Fikringiz uchun rahmat.|Bu kod haqida fikr|Bu kodda nimani yaxshilash mumkin?',
  vi: 'Trang này có hữu ích không?|Có|Không|Đề xuất chỉnh sửa|Báo cáo sự cố|Cho chúng tôi biết thêm (không bắt buộc)|Gửi phản hồi|Cảm ơn phản hồi của bạn.|Phản hồi về đoạn mã này|Đoạn mã này có thể cải thiện điều gì?',
};

// The preset reasons (the platform's contextual feedback options), the same codes:
// reasonsUp | reasonsDown | accurate | solved_problem | easy_to_understand | inaccurate | not_found | out_of_date | hard_to_understand | other
const REASONS: Record<string, string> = {
  en: "What did you like?|What went wrong?|Accurate|Solved my problem|Easy to understand|Inaccurate|Couldn't find what I was looking for|Out of date|Hard to understand|Other",
  ar: 'ما الذي أعجبك؟|ما المشكلة؟|دقيقة|حلّت مشكلتي|سهلة الفهم|غير دقيقة|لم أجد ما أبحث عنه|قديمة|صعبة الفهم|سبب آخر',
  ca: "Què t'ha agradat?|Què ha fallat?|Precisa|M'ha resolt el problema|Fàcil d'entendre|Imprecisa|No he trobat el que buscava|Desactualitzada|Difícil d'entendre|Altres",
  cs: 'Co se vám líbilo?|Co bylo špatně?|Přesná|Vyřešila můj problém|Snadno pochopitelná|Nepřesná|Nenašel jsem, co jsem hledal|Zastaralá|Těžko pochopitelná|Jiné',
  cn: '您喜欢哪些方面？|出了什么问题？|内容准确|解决了我的问题|易于理解|内容不准确|没有找到我要找的内容|内容过时|难以理解|其他',
  'zh-Hant': '您喜歡哪些方面？|出了什麼問題？|內容準確|解決了我的問題|容易理解|內容不準確|找不到我要找的內容|內容過時|難以理解|其他',
  da: 'Hvad kunne du lide?|Hvad gik galt?|Præcis|Løste mit problem|Let at forstå|Upræcis|Kunne ikke finde det, jeg ledte efter|Forældet|Svær at forstå|Andet',
  nl: 'Wat vond je goed?|Wat ging er mis?|Nauwkeurig|Heeft mijn probleem opgelost|Makkelijk te begrijpen|Onnauwkeurig|Kon niet vinden wat ik zocht|Verouderd|Moeilijk te begrijpen|Anders',
  fi: 'Mistä pidit?|Mikä meni vikaan?|Tarkka|Ratkaisi ongelmani|Helppo ymmärtää|Epätarkka|En löytänyt etsimääni|Vanhentunut|Vaikea ymmärtää|Muu',
  fr: "Qu'avez-vous apprécié ?|Qu'est-ce qui n'allait pas ?|Exacte|A résolu mon problème|Facile à comprendre|Inexacte|Je n'ai pas trouvé ce que je cherchais|Obsolète|Difficile à comprendre|Autre",
  de: 'Was hat Ihnen gefallen?|Was war nicht in Ordnung?|Korrekt|Hat mein Problem gelöst|Leicht verständlich|Ungenau|Nicht gefunden, was ich gesucht habe|Veraltet|Schwer verständlich|Sonstiges',
  he: 'מה אהבת?|מה השתבש?|מדויק|פתר את הבעיה שלי|קל להבנה|לא מדויק|לא מצאתי את מה שחיפשתי|לא עדכני|קשה להבנה|אחר',
  hi: 'आपको क्या पसंद आया?|क्या गलत था?|सटीक|मेरी समस्या हल हो गई|समझने में आसान|गलत जानकारी|जो खोज रहा था वह नहीं मिला|पुराना|समझने में कठिन|अन्य',
  hu: 'Mi tetszett?|Mi volt a gond?|Pontos|Megoldotta a problémámat|Könnyen érthető|Pontatlan|Nem találtam, amit kerestem|Elavult|Nehezen érthető|Egyéb',
  id: 'Apa yang Anda sukai?|Apa yang salah?|Akurat|Menyelesaikan masalah saya|Mudah dipahami|Tidak akurat|Tidak menemukan yang saya cari|Kedaluwarsa|Sulit dipahami|Lainnya',
  it: 'Cosa ti è piaciuto?|Cosa non andava?|Accurata|Ha risolto il mio problema|Facile da capire|Imprecisa|Non ho trovato ciò che cercavo|Non aggiornata|Difficile da capire|Altro',
  jp: '良かった点は何ですか？|何が問題でしたか？|正確だった|問題が解決した|わかりやすかった|不正確だった|探している情報が見つからなかった|情報が古かった|わかりにくかった|その他',
  ko: '어떤 점이 좋았나요?|어떤 점이 문제였나요?|정확함|문제가 해결됨|이해하기 쉬움|부정확함|찾던 내용을 찾지 못함|오래된 내용|이해하기 어려움|기타',
  lv: 'Kas jums patika?|Kas nebija kārtībā?|Precīza|Atrisināja manu problēmu|Viegli saprotama|Neprecīza|Neatradu to, ko meklēju|Novecojusi|Grūti saprotama|Cits',
  no: 'Hva likte du?|Hva var galt?|Nøyaktig|Løste problemet mitt|Lett å forstå|Unøyaktig|Fant ikke det jeg lette etter|Utdatert|Vanskelig å forstå|Annet',
  pl: 'Co Ci się podobało?|Co było nie tak?|Dokładna|Rozwiązała mój problem|Łatwa do zrozumienia|Niedokładna|Nie znalazłem tego, czego szukałem|Nieaktualna|Trudna do zrozumienia|Inne',
  'pt-BR': 'Do que você gostou?|O que deu errado?|Precisa|Resolveu meu problema|Fácil de entender|Imprecisa|Não encontrei o que procurava|Desatualizada|Difícil de entender|Outro',
  ro: 'Ce v-a plăcut?|Ce nu a fost în regulă?|Corectă|Mi-a rezolvat problema|Ușor de înțeles|Inexactă|Nu am găsit ce căutam|Învechită|Greu de înțeles|Altceva',
  ru: 'Что вам понравилось?|Что было не так?|Точная информация|Решила мою проблему|Понятно написано|Неточная информация|Не нашёл то, что искал|Устарела|Трудно понять|Другое',
  es: '¿Qué te gustó?|¿Qué salió mal?|Precisa|Resolvió mi problema|Fácil de entender|Imprecisa|No encontré lo que buscaba|Desactualizada|Difícil de entender|Otro',
  sv: 'Vad tyckte du om?|Vad var fel?|Korrekt|Löste mitt problem|Lätt att förstå|Felaktig|Hittade inte det jag letade efter|Inaktuell|Svår att förstå|Annat',
  tr: 'Neyi beğendiniz?|Sorun neydi?|Doğru|Sorunumu çözdü|Anlaşılması kolay|Hatalı|Aradığımı bulamadım|Güncel değil|Anlaşılması zor|Diğer',
  uk: 'Що вам сподобалося?|Що було не так?|Точна інформація|Вирішила мою проблему|Зрозуміло написано|Неточна інформація|Не знайшов того, що шукав|Застаріла|Важко зрозуміти|Інше',
  uz: 'Sizga nima yoqdi?|Nima notoʻgʻri edi?|Aniq|Muammomni hal qildi|Tushunish oson|Notoʻgʻri|Izlaganimni topa olmadim|Eskirgan|Tushunish qiyin|Boshqa',
  vi: 'Bạn thích điều gì?|Có vấn đề gì?|Chính xác|Đã giải quyết vấn đề của tôi|Dễ hiểu|Không chính xác|Không tìm thấy điều tôi cần|Đã lỗi thời|Khó hiểu|Khác',
};

const KEYS = ['title', 'yes', 'no', 'suggestEdit', 'raiseIssue', 'tellMore', 'send', 'thanks', 'codeButton', 'codeLabel'] as const;
const REASON_IDS: FeedbackReason[] = ['accurate', 'solved_problem', 'easy_to_understand', 'inaccurate', 'not_found', 'out_of_date', 'hard_to_understand', 'other'];

/** The feedback widget's words for a docs.json language code (read as `uiStrings` reads it). */
export function feedbackStrings(lang: string | undefined): FeedbackStrings {
  const code = uiLanguage(lang);
  const parts = (TABLE[code] ?? TABLE.en!).split('|');
  const [reasonsUp, reasonsDown, ...labels] = (REASONS[code] ?? REASONS.en!).split('|');
  const words = Object.fromEntries(KEYS.map((k, i) => [k, parts[i]!])) as Omit<FeedbackStrings, 'reasonsUp' | 'reasonsDown' | 'reasons'>;
  return { ...words, reasonsUp: reasonsUp!, reasonsDown: reasonsDown!, reasons: Object.fromEntries(REASON_IDS.map((id, i) => [id, labels[i]!])) as Record<FeedbackReason, string> };
}

/** The reasons offered after a thumb, in order, with their labels. */
export function reasonChoices(words: FeedbackStrings, helpful: boolean): { id: FeedbackReason; label: string }[] {
  return FEEDBACK_REASONS[helpful ? 'up' : 'down'].map((id) => ({ id, label: words.reasons[id] }));
}

/** Every code with its own row (tests check each is complete and matches the chrome's). */
export const FEEDBACK_LANGUAGES = Object.keys(TABLE);
/** Every code with its own row of reasons. */
export const REASON_LANGUAGES = Object.keys(REASONS);
