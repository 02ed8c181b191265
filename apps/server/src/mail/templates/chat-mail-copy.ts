/**
 * What the chat's mails to a visitor say, in each chat language (contracts chat-languages). A
 * `{name}` is filled in by chat-mails.ts: with text in the plain body, with escaped text or a link
 * in the HTML body. Every language has every key with the same placeholders (chat-mail-copy.test).
 * Written as a native speaker writes a support mail, not word for word from the English.
 */
import type { ChatLanguage } from "@hourline/contracts/chat-languages";

const en = {
  otpSubject: "Your {brand} chat code",
  otpIntro: "Your code to start a support chat with {brand}:",
  otpValidity:
    "It is valid for {duration} and works once. If you did not ask for it, you can ignore this e-mail: nobody can chat as you without it.",
  proveText:
    "Codes held back because someone else keeps asking for your address? Open this link in the browser you chat from, and codes asked for there will always reach you (it works for 7 days): {url}",
  proveHtml:
    "Codes held back because someone else keeps asking for your address? {link} in the browser you chat from, and codes asked for there will always reach you (the link works for 7 days).",
  proveLabel: "Open this link",
  greeting: "Hello {name},",
  missedSubject: "{agent} from {brand} Support replied to your chat",
  missedIntro: "{agent} answered in your support chat while you were away:",
  continueText: "Continue the conversation: {url}",
  continueHtml: "{link} on our website; your chat is kept open for you.",
  continueLabel: "Continue the conversation",
  answerSubject: "{agent} from {brand} Support answered your chat",
  answerIntro: "You wrote to us in the support chat before anyone could answer. {agent} writes:",
  answerReply: "Reply to this e-mail to continue.",
  transcriptSubject: "Your support chat with {brand}",
  transcriptIntro:
    "Hello {name}, here is your support chat with {brand} from {start} to {end}, as you asked.",
  transcriptEmpty: "(no messages)",
  transcriptOmitted:
    "Messages left out at the start: {count}. The whole conversation is too long for one e-mail.",
  ratingText: "How did we do? Rate this chat (no sign-in needed; the link works for 7 days): {url}",
  ratingHtml: "How did we do? {link}: no sign-in needed, and the link works for 7 days.",
  ratingLabel: "Rate this chat",
  againText:
    "Something still open? Chat with us again (this link signs you in once, for 7 days): {url}",
  againHtml:
    "Something still open? {link}: this link signs you in once, for 7 days. Or reply to our support address any time.",
  againLabel: "Chat with us again",
};

export type ChatMailCopy = Record<keyof typeof en, string>;

export const chatMailCopy: Record<ChatLanguage, ChatMailCopy> = {
  en,
  es: {
    otpSubject: "Tu código para el chat de {brand}",
    otpIntro: "Este es tu código para iniciar un chat de soporte con {brand}:",
    otpValidity:
      "Es válido durante {duration} y solo se puede usar una vez. Si no lo has pedido tú, ignora este correo: nadie puede chatear en tu nombre sin él.",
    proveText:
      "¿No te llegan los códigos porque otra persona los pide para tu dirección? Abre este enlace en el navegador desde el que chateas y los códigos que pidas allí te llegarán siempre (funciona durante 7 días): {url}",
    proveHtml:
      "¿No te llegan los códigos porque otra persona los pide para tu dirección? {link} en el navegador desde el que chateas y los códigos que pidas allí te llegarán siempre (el enlace funciona durante 7 días).",
    proveLabel: "Abre este enlace",
    greeting: "Hola, {name}:",
    missedSubject: "{agent}, del equipo de soporte de {brand}, ha respondido a tu chat",
    missedIntro: "{agent} te ha respondido en el chat de soporte mientras no estabas:",
    continueText: "Sigue la conversación: {url}",
    continueHtml: "{link} en nuestra web; tu chat sigue abierto.",
    continueLabel: "Sigue la conversación",
    answerSubject: "{agent}, del equipo de soporte de {brand}, ha respondido a tu chat",
    answerIntro:
      "Nos escribiste por el chat de soporte antes de que nadie pudiera contestarte. {agent} te responde:",
    answerReply: "Responde a este correo para seguir hablando.",
    transcriptSubject: "Tu chat de soporte con {brand}",
    transcriptIntro:
      "Hola, {name}: aquí tienes, como pediste, tu chat de soporte con {brand} del {start} al {end}.",
    transcriptEmpty: "(sin mensajes)",
    transcriptOmitted:
      "Mensajes omitidos al principio: {count}. La conversación completa es demasiado larga para un solo correo.",
    ratingText:
      "¿Qué tal lo hicimos? Valora este chat (sin iniciar sesión; el enlace funciona durante 7 días): {url}",
    ratingHtml:
      "¿Qué tal lo hicimos? {link}: sin iniciar sesión, y el enlace funciona durante 7 días.",
    ratingLabel: "Valora este chat",
    againText:
      "¿Te queda algo pendiente? Vuelve a escribirnos por el chat (este enlace inicia tu sesión una vez, durante 7 días): {url}",
    againHtml:
      "¿Te queda algo pendiente? {link}: este enlace inicia tu sesión una vez, durante 7 días. También puedes escribir a nuestra dirección de soporte cuando quieras.",
    againLabel: "Vuelve a escribirnos por el chat",
  },
  "pt-BR": {
    otpSubject: "Seu código para o chat da {brand}",
    otpIntro: "Seu código para iniciar um chat de suporte com a {brand}:",
    otpValidity:
      "Ele vale por {duration} e só pode ser usado uma vez. Se você não pediu este código, pode ignorar este e-mail: ninguém consegue conversar em seu nome sem ele.",
    proveText:
      "Os códigos não chegam porque outra pessoa fica pedindo para o seu endereço? Abra este link no navegador em que você conversa, e os códigos pedidos nele sempre chegarão até você (funciona por 7 dias): {url}",
    proveHtml:
      "Os códigos não chegam porque outra pessoa fica pedindo para o seu endereço? {link} no navegador em que você conversa, e os códigos pedidos nele sempre chegarão até você (o link funciona por 7 dias).",
    proveLabel: "Abra este link",
    greeting: "Olá, {name},",
    missedSubject: "{agent}, do suporte da {brand}, respondeu ao seu chat",
    missedIntro: "{agent} respondeu no seu chat de suporte enquanto você estava fora:",
    continueText: "Continue a conversa: {url}",
    continueHtml: "{link} no nosso site; seu chat continua aberto para você.",
    continueLabel: "Continue a conversa",
    answerSubject: "{agent}, do suporte da {brand}, respondeu ao seu chat",
    answerIntro:
      "Você nos escreveu pelo chat de suporte antes que alguém pudesse responder. {agent} escreve:",
    answerReply: "Responda a este e-mail para continuar.",
    transcriptSubject: "Seu chat de suporte com a {brand}",
    transcriptIntro:
      "Olá, {name}! Como você pediu, aqui está seu chat de suporte com a {brand}, de {start} a {end}.",
    transcriptEmpty: "(nenhuma mensagem)",
    transcriptOmitted:
      "Mensagens omitidas do início: {count}. A conversa inteira é longa demais para um único e-mail.",
    ratingText:
      "Como foi o atendimento? Avalie este chat (sem precisar entrar; o link vale por 7 dias): {url}",
    ratingHtml: "Como foi o atendimento? {link}: sem precisar entrar, e o link vale por 7 dias.",
    ratingLabel: "Avalie este chat",
    againText:
      "Ficou alguma dúvida? Fale com a gente de novo pelo chat (este link faz seu login uma vez, por 7 dias): {url}",
    againHtml:
      "Ficou alguma dúvida? {link}: este link faz seu login uma vez, por 7 dias. Ou responda para o nosso endereço de suporte quando quiser.",
    againLabel: "Fale com a gente de novo",
  },
  fr: {
    otpSubject: "Votre code pour le chat {brand}",
    otpIntro: "Voici votre code pour démarrer une conversation avec le support {brand} :",
    otpValidity:
      "Il est valable {duration} et ne sert qu’une fois. Si vous ne l’avez pas demandé, ignorez simplement cet e-mail : personne ne peut discuter en votre nom sans ce code.",
    proveText:
      "Vos codes sont bloqués parce que quelqu’un d’autre en demande pour votre adresse ? Ouvrez ce lien dans le navigateur depuis lequel vous discutez : les codes demandés depuis ce navigateur vous parviendront toujours (valable 7 jours) : {url}",
    proveHtml:
      "Vos codes sont bloqués parce que quelqu’un d’autre en demande pour votre adresse ? {link} dans le navigateur depuis lequel vous discutez : les codes demandés depuis ce navigateur vous parviendront toujours (le lien est valable 7 jours).",
    proveLabel: "Ouvrez ce lien",
    greeting: "Bonjour {name},",
    missedSubject: "{agent}, du support {brand}, a répondu à votre message",
    missedIntro: "{agent} vous a répondu dans le chat pendant votre absence :",
    continueText: "Reprendre la conversation : {url}",
    continueHtml: "{link} sur notre site ; votre conversation reste ouverte.",
    continueLabel: "Reprendre la conversation",
    answerSubject: "{agent}, du support {brand}, a répondu à votre message",
    answerIntro:
      "Vous nous avez écrit dans le chat avant que quelqu’un puisse vous répondre. Voici la réponse de {agent} :",
    answerReply: "Répondez simplement à cet e-mail pour poursuivre l’échange.",
    transcriptSubject: "Votre conversation avec le support {brand}",
    transcriptIntro:
      "Bonjour {name}, comme demandé, voici votre conversation avec le support {brand}, du {start} au {end}.",
    transcriptEmpty: "(aucun message)",
    transcriptOmitted:
      "Messages non repris au début : {count}. La conversation complète est trop longue pour un seul e-mail.",
    ratingText:
      "Votre avis compte : notez cette conversation (sans connexion ; le lien est valable 7 jours) : {url}",
    ratingHtml: "Votre avis compte : {link}, sans connexion ; le lien est valable 7 jours.",
    ratingLabel: "notez cette conversation",
    againText:
      "Une question en suspens ? Écrivez-nous à nouveau dans le chat (ce lien vous connecte une seule fois, pendant 7 jours) : {url}",
    againHtml:
      "Une question en suspens ? {link} : ce lien vous connecte une seule fois, pendant 7 jours. Vous pouvez aussi écrire à notre adresse de support à tout moment.",
    againLabel: "Écrivez-nous à nouveau dans le chat",
  },
  de: {
    otpSubject: "Ihr Code für den {brand}-Chat",
    otpIntro: "Mit diesem Code starten Sie einen Support-Chat mit {brand}:",
    otpValidity:
      "Er gilt {duration} lang und nur ein einziges Mal. Falls Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren: Ohne den Code kann niemand in Ihrem Namen chatten.",
    proveText:
      "Kommen keine Codes an, weil jemand anderes ständig Codes für Ihre Adresse anfordert? Öffnen Sie diesen Link in dem Browser, in dem Sie chatten: Dort angeforderte Codes erreichen Sie dann immer (der Link gilt 7 Tage): {url}",
    proveHtml:
      "Kommen keine Codes an, weil jemand anderes ständig Codes für Ihre Adresse anfordert? {link} in dem Browser, in dem Sie chatten: Dort angeforderte Codes erreichen Sie dann immer (der Link gilt 7 Tage).",
    proveLabel: "Öffnen Sie diesen Link",
    greeting: "Hallo {name},",
    missedSubject: "{agent} vom {brand}-Support hat auf Ihren Chat geantwortet",
    missedIntro: "{agent} hat Ihnen im Support-Chat geantwortet, während Sie nicht da waren:",
    continueText: "Zum Gespräch: {url}",
    continueHtml: "{link} auf unserer Website – Ihr Chat bleibt für Sie offen.",
    continueLabel: "Gespräch fortsetzen",
    answerSubject: "{agent} vom {brand}-Support hat auf Ihren Chat geantwortet",
    answerIntro:
      "Sie haben uns im Support-Chat geschrieben, bevor jemand antworten konnte. {agent} schreibt:",
    answerReply: "Antworten Sie einfach auf diese E-Mail, um das Gespräch fortzusetzen.",
    transcriptSubject: "Ihr Support-Chat mit {brand}",
    transcriptIntro:
      "Hallo {name}, wie gewünscht erhalten Sie hier Ihren Support-Chat mit {brand} vom {start} bis {end}.",
    transcriptEmpty: "(keine Nachrichten)",
    transcriptOmitted:
      "Am Anfang ausgelassene Nachrichten: {count}. Das ganze Gespräch ist zu lang für eine E-Mail.",
    ratingText:
      "Wie waren wir? Bewerten Sie diesen Chat (ohne Anmeldung; der Link gilt 7 Tage): {url}",
    ratingHtml: "Wie waren wir? {link} – ohne Anmeldung, der Link gilt 7 Tage.",
    ratingLabel: "Chat bewerten",
    againText:
      "Noch etwas offen? Schreiben Sie uns wieder im Chat (dieser Link meldet Sie einmal an und gilt 7 Tage): {url}",
    againHtml:
      "Noch etwas offen? {link} – dieser Link meldet Sie einmal an und gilt 7 Tage. Oder schreiben Sie jederzeit an unsere Support-Adresse.",
    againLabel: "Wieder im Chat schreiben",
  },
  it: {
    otpSubject: "Il tuo codice per la chat di {brand}",
    otpIntro: "Ecco il tuo codice per avviare una chat con l’assistenza di {brand}:",
    otpValidity:
      "È valido per {duration} e si può usare una sola volta. Se non l’hai richiesto tu, ignora pure questa email: senza il codice nessuno può scrivere in chat al posto tuo.",
    proveText:
      "I codici non arrivano perché qualcun altro continua a chiederli per il tuo indirizzo? Apri questo link nel browser da cui usi la chat: i codici richiesti da lì ti arriveranno sempre (il link vale 7 giorni): {url}",
    proveHtml:
      "I codici non arrivano perché qualcun altro continua a chiederli per il tuo indirizzo? {link} nel browser da cui usi la chat: i codici richiesti da lì ti arriveranno sempre (il link vale 7 giorni).",
    proveLabel: "Apri questo link",
    greeting: "Ciao {name},",
    missedSubject: "{agent} dell’assistenza {brand} ha risposto alla tua chat",
    missedIntro: "{agent} ti ha risposto nella chat di assistenza mentre eri via:",
    continueText: "Riprendi la conversazione: {url}",
    continueHtml: "{link} sul nostro sito: la tua chat resta aperta.",
    continueLabel: "Riprendi la conversazione",
    answerSubject: "{agent} dell’assistenza {brand} ha risposto alla tua chat",
    answerIntro:
      "Ci hai scritto in chat prima che qualcuno potesse risponderti. Ecco cosa scrive {agent}:",
    answerReply: "Rispondi a questa email per continuare.",
    transcriptSubject: "La tua chat con l’assistenza {brand}",
    transcriptIntro:
      "Ciao {name}, come richiesto ecco la tua chat con l’assistenza {brand}, dal {start} al {end}.",
    transcriptEmpty: "(nessun messaggio)",
    transcriptOmitted:
      "Messaggi iniziali non inclusi: {count}. L’intera conversazione è troppo lunga per una sola email.",
    ratingText: "Com’è andata? Valuta questa chat (senza accedere; il link vale 7 giorni): {url}",
    ratingHtml: "Com’è andata? {link}: senza accedere, e il link vale 7 giorni.",
    ratingLabel: "Valuta questa chat",
    againText:
      "Hai ancora bisogno di aiuto? Scrivici di nuovo in chat (questo link ti fa accedere una volta, entro 7 giorni): {url}",
    againHtml:
      "Hai ancora bisogno di aiuto? {link}: questo link ti fa accedere una volta, entro 7 giorni. Oppure scrivi al nostro indirizzo di assistenza quando vuoi.",
    againLabel: "Scrivici di nuovo in chat",
  },
  nl: {
    otpSubject: "Je code voor de chat van {brand}",
    otpIntro: "Met deze code start je een supportchat met {brand}:",
    otpValidity:
      "De code is {duration} geldig en werkt één keer. Heb je hem niet aangevraagd? Dan kun je deze e-mail negeren: zonder de code kan niemand namens jou chatten.",
    proveText:
      "Komen er geen codes aan omdat iemand anders steeds codes voor jouw adres aanvraagt? Open deze link in de browser waarin je chat: codes die je daar aanvraagt, komen dan altijd aan (de link werkt 7 dagen): {url}",
    proveHtml:
      "Komen er geen codes aan omdat iemand anders steeds codes voor jouw adres aanvraagt? {link} in de browser waarin je chat: codes die je daar aanvraagt, komen dan altijd aan (de link werkt 7 dagen).",
    proveLabel: "Open deze link",
    greeting: "Hallo {name},",
    missedSubject: "{agent} van {brand} Support heeft op je chat gereageerd",
    missedIntro: "{agent} heeft in je supportchat geantwoord terwijl je weg was:",
    continueText: "Ga verder met het gesprek: {url}",
    continueHtml: "{link} op onze website; je chat blijft voor je openstaan.",
    continueLabel: "Ga verder met het gesprek",
    answerSubject: "{agent} van {brand} Support heeft op je chat gereageerd",
    answerIntro:
      "Je schreef ons in de supportchat voordat iemand kon antwoorden. {agent} schrijft:",
    answerReply: "Beantwoord deze e-mail om verder te gaan.",
    transcriptSubject: "Je supportchat met {brand}",
    transcriptIntro:
      "Hallo {name}, zoals gevraagd vind je hier je supportchat met {brand} van {start} tot {end}.",
    transcriptEmpty: "(geen berichten)",
    transcriptOmitted:
      "Weggelaten berichten aan het begin: {count}. Het hele gesprek is te lang voor één e-mail.",
    ratingText:
      "Hoe hebben we het gedaan? Beoordeel deze chat (zonder in te loggen; de link werkt 7 dagen): {url}",
    ratingHtml: "Hoe hebben we het gedaan? {link}: zonder in te loggen, en de link werkt 7 dagen.",
    ratingLabel: "Beoordeel deze chat",
    againText:
      "Nog iets niet opgelost? Chat opnieuw met ons (deze link logt je één keer in, 7 dagen lang): {url}",
    againHtml:
      "Nog iets niet opgelost? {link}: deze link logt je één keer in, 7 dagen lang. Of mail ons supportadres wanneer je wilt.",
    againLabel: "Chat opnieuw met ons",
  },
  pl: {
    otpSubject: "Twój kod do czatu {brand}",
    otpIntro: "Oto Twój kod do rozpoczęcia czatu z pomocą techniczną {brand}:",
    otpValidity:
      "Kod jest ważny przez {duration} i działa tylko raz. Jeśli nie prosiłeś o niego, zignoruj tę wiadomość: bez kodu nikt nie może pisać na czacie w Twoim imieniu.",
    proveText:
      "Kody nie dochodzą, bo ktoś inny ciągle prosi o nie dla Twojego adresu? Otwórz ten link w przeglądarce, w której korzystasz z czatu, a kody zamówione w niej zawsze do Ciebie dotrą (link działa przez 7 dni): {url}",
    proveHtml:
      "Kody nie dochodzą, bo ktoś inny ciągle prosi o nie dla Twojego adresu? {link} w przeglądarce, w której korzystasz z czatu, a kody zamówione w niej zawsze do Ciebie dotrą (link działa przez 7 dni).",
    proveLabel: "Otwórz ten link",
    greeting: "Dzień dobry, {name},",
    missedSubject: "{agent} z pomocy technicznej {brand} odpowiada na Twój czat",
    missedIntro: "Gdy Cię nie było, {agent} odpisał(a) na czacie:",
    continueText: "Wróć do rozmowy: {url}",
    continueHtml: "{link} na naszej stronie – Twój czat wciąż na Ciebie czeka.",
    continueLabel: "Wróć do rozmowy",
    answerSubject: "{agent} z pomocy technicznej {brand} odpowiada na Twój czat",
    answerIntro:
      "Napisałeś(-aś) do nas na czacie, zanim ktokolwiek zdążył odpowiedzieć. {agent} odpisuje:",
    answerReply: "Odpowiedz na tę wiadomość, aby kontynuować.",
    transcriptSubject: "Twój czat z pomocą techniczną {brand}",
    transcriptIntro:
      "Dzień dobry, {name}, zgodnie z prośbą przesyłamy zapis Twojego czatu z {brand} od {start} do {end}.",
    transcriptEmpty: "(brak wiadomości)",
    transcriptOmitted:
      "Pominięte wiadomości z początku: {count}. Cała rozmowa jest za długa na jeden e-mail.",
    ratingText: "Jak nam poszło? Oceń ten czat (bez logowania; link działa przez 7 dni): {url}",
    ratingHtml: "Jak nam poszło? {link}: bez logowania, a link działa przez 7 dni.",
    ratingLabel: "Oceń ten czat",
    againText:
      "Coś jeszcze do wyjaśnienia? Napisz do nas ponownie na czacie (ten link zaloguje Cię raz, przez 7 dni): {url}",
    againHtml:
      "Coś jeszcze do wyjaśnienia? {link}: ten link zaloguje Cię raz, przez 7 dni. Możesz też w każdej chwili napisać na nasz adres pomocy technicznej.",
    againLabel: "Napisz do nas ponownie",
  },
  tr: {
    otpSubject: "{brand} sohbet kodunuz",
    otpIntro: "{brand} ile destek sohbeti başlatmak için kodunuz:",
    otpValidity:
      "Kod {duration} boyunca geçerlidir ve yalnızca bir kez kullanılabilir. Kodu siz istemediyseniz bu e-postayı dikkate almayın: Kod olmadan kimse sizin adınıza sohbet edemez.",
    proveText:
      "Başka biri adresiniz için sürekli kod istediği için kodlarınız mı gelmiyor? Bu bağlantıyı sohbet ettiğiniz tarayıcıda açın; orada istediğiniz kodlar size her zaman ulaşır (bağlantı 7 gün geçerlidir): {url}",
    proveHtml:
      "Başka biri adresiniz için sürekli kod istediği için kodlarınız mı gelmiyor? Sohbet ettiğiniz tarayıcıda {link}; orada istediğiniz kodlar size her zaman ulaşır (bağlantı 7 gün geçerlidir).",
    proveLabel: "bu bağlantıyı açın",
    greeting: "Merhaba {name},",
    missedSubject: "{brand} Destek ekibinden {agent} sohbetinize yanıt verdi",
    missedIntro: "Siz yokken {agent} destek sohbetinizde yanıt verdi:",
    continueText: "Sohbete devam edin: {url}",
    continueHtml: "Web sitemizde {link}; sohbetiniz sizin için açık tutuluyor.",
    continueLabel: "sohbete devam edin",
    answerSubject: "{brand} Destek ekibinden {agent} sohbetinize yanıt verdi",
    answerIntro:
      "Destek sohbetinde, kimse yanıt veremeden önce bize yazmıştınız. {agent} şöyle yazıyor:",
    answerReply: "Devam etmek için bu e-postayı yanıtlayın.",
    transcriptSubject: "{brand} ile destek sohbetiniz",
    transcriptIntro:
      "Merhaba {name}, istediğiniz gibi {brand} ile {start} – {end} arasındaki destek sohbetiniz aşağıdadır.",
    transcriptEmpty: "(mesaj yok)",
    transcriptOmitted:
      "Baştan çıkarılan mesaj sayısı: {count}. Sohbetin tamamı tek bir e-posta için çok uzun.",
    ratingText:
      "Nasıldık? Bu sohbeti değerlendirin (oturum açmanız gerekmez; bağlantı 7 gün geçerlidir): {url}",
    ratingHtml: "Nasıldık? {link}: oturum açmanız gerekmez, bağlantı 7 gün geçerlidir.",
    ratingLabel: "Bu sohbeti değerlendirin",
    againText:
      "Hâlâ çözülmeyen bir şey mi var? Bizimle yeniden sohbet edin (bu bağlantı 7 gün içinde bir kez oturum açar): {url}",
    againHtml:
      "Hâlâ çözülmeyen bir şey mi var? {link}: bu bağlantı 7 gün içinde bir kez oturum açar. Dilediğiniz zaman destek adresimize de yazabilirsiniz.",
    againLabel: "Bizimle yeniden sohbet edin",
  },
  hi: {
    otpSubject: "आपका {brand} चैट कोड",
    otpIntro: "{brand} के साथ सपोर्ट चैट शुरू करने के लिए आपका कोड:",
    otpValidity:
      "यह कोड {duration} तक मान्य है और सिर्फ़ एक बार काम करता है। अगर आपने यह कोड नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें: इसके बिना कोई भी आपके नाम से चैट नहीं कर सकता।",
    proveText:
      "क्या कोई और बार-बार आपके पते के लिए कोड माँग रहा है, इसलिए आपके कोड नहीं आ रहे? यह लिंक उसी ब्राउज़र में खोलें जिससे आप चैट करते हैं; वहाँ से माँगे गए कोड आप तक हमेशा पहुँचेंगे (लिंक 7 दिन तक काम करता है): {url}",
    proveHtml:
      "क्या कोई और बार-बार आपके पते के लिए कोड माँग रहा है, इसलिए आपके कोड नहीं आ रहे? {link}, उसी ब्राउज़र में जिससे आप चैट करते हैं; वहाँ से माँगे गए कोड आप तक हमेशा पहुँचेंगे (लिंक 7 दिन तक काम करता है)।",
    proveLabel: "यह लिंक खोलें",
    greeting: "नमस्ते {name},",
    missedSubject: "{brand} सपोर्ट से {agent} ने आपकी चैट का जवाब दिया है",
    missedIntro: "जब आप मौजूद नहीं थे, तब {agent} ने आपकी सपोर्ट चैट में जवाब दिया:",
    continueText: "बातचीत जारी रखें: {url}",
    continueHtml: "हमारी वेबसाइट पर {link}; आपकी चैट आपके लिए खुली रखी गई है।",
    continueLabel: "बातचीत जारी रखें",
    answerSubject: "{brand} सपोर्ट से {agent} ने आपकी चैट का जवाब दिया है",
    answerIntro: "आपने सपोर्ट चैट में हमें लिखा था, लेकिन तब कोई जवाब नहीं दे पाया। {agent} लिखते हैं:",
    answerReply: "बातचीत जारी रखने के लिए इस ईमेल का जवाब दें।",
    transcriptSubject: "{brand} के साथ आपकी सपोर्ट चैट",
    transcriptIntro:
      "नमस्ते {name}, आपके अनुरोध के अनुसार {start} से {end} तक की {brand} के साथ आपकी सपोर्ट चैट यह रही।",
    transcriptEmpty: "(कोई संदेश नहीं)",
    transcriptOmitted: "शुरुआत के छोड़े गए संदेश: {count}। पूरी बातचीत एक ईमेल के लिए बहुत लंबी है।",
    ratingText:
      "हमारी सेवा कैसी रही? इस चैट को रेटिंग दें (साइन इन की ज़रूरत नहीं; लिंक 7 दिन तक काम करता है): {url}",
    ratingHtml: "हमारी सेवा कैसी रही? {link}: साइन इन की ज़रूरत नहीं, और लिंक 7 दिन तक काम करता है।",
    ratingLabel: "इस चैट को रेटिंग दें",
    againText: "कुछ और पूछना है? हमसे फिर चैट करें (यह लिंक 7 दिनों के भीतर एक बार साइन इन करता है): {url}",
    againHtml:
      "कुछ और पूछना है? {link}: यह लिंक 7 दिनों के भीतर एक बार साइन इन करता है। आप कभी भी हमारे सपोर्ट पते पर भी लिख सकते हैं।",
    againLabel: "हमसे फिर चैट करें",
  },
  ar: {
    otpSubject: "رمز الدردشة الخاص بك من {brand}",
    otpIntro: "هذا هو رمزك لبدء محادثة مع فريق دعم {brand}:",
    otpValidity:
      "الرمز صالح لمدة {duration} ويُستخدم مرة واحدة فقط. إن لم تطلبه، فتجاهل هذه الرسالة: لا يمكن لأحد أن يتحدث باسمك من دونه.",
    proveText:
      "هل تتوقف الرموز عن الوصول لأن شخصًا آخر يطلبها لعنوانك باستمرار؟ افتح هذا الرابط في المتصفح الذي تتحدث منه، وستصلك دائمًا الرموز التي تطلبها منه (يعمل الرابط 7 أيام): {url}",
    proveHtml:
      "هل تتوقف الرموز عن الوصول لأن شخصًا آخر يطلبها لعنوانك باستمرار؟ {link} في المتصفح الذي تتحدث منه، وستصلك دائمًا الرموز التي تطلبها منه (يعمل الرابط 7 أيام).",
    proveLabel: "افتح هذا الرابط",
    greeting: "مرحبًا {name}،",
    missedSubject: "ردّ {agent} من فريق دعم {brand} على محادثتك",
    missedIntro: "ردّ {agent} في محادثة الدعم أثناء غيابك:",
    continueText: "تابع المحادثة: {url}",
    continueHtml: "{link} على موقعنا؛ محادثتك ما زالت مفتوحة.",
    continueLabel: "تابع المحادثة",
    answerSubject: "ردّ {agent} من فريق دعم {brand} على محادثتك",
    answerIntro: "راسلتنا عبر محادثة الدعم قبل أن يتمكن أحد من الرد. إليك ما كتبه {agent}:",
    answerReply: "ردّ على هذه الرسالة لمتابعة الحديث.",
    transcriptSubject: "محادثتك مع فريق دعم {brand}",
    transcriptIntro:
      "مرحبًا {name}، إليك نص محادثتك مع فريق دعم {brand} من {start} إلى {end}، كما طلبت.",
    transcriptEmpty: "(لا توجد رسائل)",
    transcriptOmitted:
      "رسائل محذوفة من البداية: {count}. المحادثة كاملةً أطول من أن تتسع لرسالة واحدة.",
    ratingText: "ما رأيك في خدمتنا؟ قيّم هذه المحادثة (دون تسجيل دخول؛ الرابط صالح 7 أيام): {url}",
    ratingHtml: "ما رأيك في خدمتنا؟ {link}: دون تسجيل دخول، والرابط صالح 7 أيام.",
    ratingLabel: "قيّم هذه المحادثة",
    againText:
      "هل بقي شيء لم يُحل؟ تحدّث معنا مجددًا (يسجّل هذا الرابط دخولك مرة واحدة خلال 7 أيام): {url}",
    againHtml:
      "هل بقي شيء لم يُحل؟ {link}: يسجّل هذا الرابط دخولك مرة واحدة خلال 7 أيام. ويمكنك أيضًا مراسلة عنوان الدعم في أي وقت.",
    againLabel: "تحدّث معنا مجددًا",
  },
  he: {
    otpSubject: "קוד הצ׳אט שלך ב-{brand}",
    otpIntro: "הקוד לפתיחת צ׳אט עם התמיכה של {brand}:",
    otpValidity:
      "הקוד תקף ל-{duration} ופועל פעם אחת בלבד. אם לא ביקשת אותו, אפשר להתעלם מהמייל הזה: בלי הקוד אף אחד לא יכול לשוחח בשמך.",
    proveText:
      "הקודים לא מגיעים כי מישהו אחר מבקש אותם שוב ושוב לכתובת שלך? כדאי לפתוח את הקישור הזה בדפדפן שממנו משוחחים איתנו, וקודים שיתבקשו ממנו תמיד יגיעו אליך (הקישור תקף 7 ימים): {url}",
    proveHtml:
      "הקודים לא מגיעים כי מישהו אחר מבקש אותם שוב ושוב לכתובת שלך? {link} בדפדפן שממנו משוחחים איתנו, וקודים שיתבקשו ממנו תמיד יגיעו אליך (הקישור תקף 7 ימים).",
    proveLabel: "כדאי לפתוח את הקישור הזה",
    greeting: "שלום {name},",
    missedSubject: "{agent} מהתמיכה של {brand} השיב/ה בצ׳אט",
    missedIntro: "בזמן שלא היית כאן, הגיעה תשובה בצ׳אט מ-{agent}:",
    continueText: "להמשך השיחה: {url}",
    continueHtml: "{link} באתר שלנו; הצ׳אט נשאר פתוח בשבילך.",
    continueLabel: "להמשך השיחה",
    answerSubject: "{agent} מהתמיכה של {brand} השיב/ה בצ׳אט",
    answerIntro: "פנית אלינו בצ׳אט לפני שמישהו הספיק לענות. הנה התשובה מ-{agent}:",
    answerReply: "אפשר להשיב למייל הזה כדי להמשיך.",
    transcriptSubject: "שיחת התמיכה שלך עם {brand}",
    transcriptIntro: "שלום {name}, לבקשתך, זו שיחת התמיכה שלך עם {brand} מ-{start} עד {end}.",
    transcriptEmpty: "(אין הודעות)",
    transcriptOmitted: "הודעות שהושמטו מההתחלה: {count}. השיחה כולה ארוכה מדי למייל אחד.",
    ratingText: "איך היה? נשמח לדירוג של הצ׳אט (בלי להתחבר; הקישור תקף 7 ימים): {url}",
    ratingHtml: "איך היה? {link}: בלי להתחבר, והקישור תקף 7 ימים.",
    ratingLabel: "לדירוג הצ׳אט",
    againText:
      "נשאר משהו פתוח? אפשר לחזור לצ׳אט איתנו (הקישור מחבר אותך פעם אחת, למשך 7 ימים): {url}",
    againHtml:
      "נשאר משהו פתוח? {link}: הקישור מחבר אותך פעם אחת, למשך 7 ימים. ואפשר גם לכתוב לכתובת התמיכה שלנו בכל עת.",
    againLabel: "לחזרה לצ׳אט",
  },
};
