/** The widget in Dutch (je/jij, zoals Nederlandse supportchats schrijven). */
import type { ChatCatalogue } from "./en";

const nl: ChatCatalogue = {
  title: "Supportchat",
  lastChat: "Je laatste chat",
  close: "Supportchat sluiten",
  resuming: "Je gesprek wordt weer geopend…",
  linkSpent:
    "Deze link is al gebruikt of is ouder dan 7 dagen. Vul je naam en e-mailadres in, dan sturen we je een code om je gesprek weer te openen.",
  reopenFailed: "We konden je gesprek niet opnieuw openen. Start de chat alsjeblieft opnieuw.",
  addressProven:
    "Je adres is bevestigd in deze browser: codes die je hier aanvraagt, komen bij je aan. Vul je naam en e-mailadres in om er een te krijgen.",
  languageLabel: "Taal",

  availUnknown:
    "Schrijf ons hier. Het team antwoordt in deze chat, of per e-mail als je al weg bent.",
  availOnline: "Het team is online. Start een chat, dan antwoorden we hier.",
  availNobody:
    "Er is nu niemand van het team online. Laat een bericht achter: we antwoorden hier, of per e-mail als je al weg bent.",
  availClosedUntil:
    "Het team is er weer vanaf {when}. Laat een bericht achter, dan krijg je het antwoord per e-mail.",
  availClosed:
    "Het team is er nu niet. Laat een bericht achter, dan krijg je het antwoord per e-mail.",

  closedHeading: "Chat beëindigd",
  endedAt: "Je hebt deze chat om {time} beëindigd.",
  endedByAgent: "Het supportteam van {brand} heeft deze chat om {time} beëindigd.",
  transcript: "We mailen het verslag naar {email}.",
  transcriptAhead: "We mailen het verslag straks naar {email}.",
  noTranscript: "Er is geen verslag gevraagd, dus er wordt niets gemaild.",
  noTranscriptAhead: "Je hebt geen verslag gevraagd, dus er wordt niets gemaild.",
  startNew: "Nieuwe chat starten",
  endTrigger: "Chat beëindigen",
  endTitle: "Deze chat beëindigen?",
  endKeep: "Verder chatten",
  endConfirm: "Chat beëindigen",

  ratingQuestion: "Hoe hebben we het gedaan?",
  ratingComment: "Nog iets toe te voegen? (optioneel)",
  ratingSend: "Beoordeling versturen",
  ratingDismiss: "Niet nu",
  ratingChoose: "Kies een score van 1 tot 5.",
  ratingThanks: "Bedankt voor je beoordeling.",
  rating1: "Heel slecht",
  rating2: "Slecht",
  rating3: "Redelijk",
  rating4: "Goed",
  rating5: "Uitstekend",

  connecting: "Verbinden…",
  reconnecting: "Opnieuw verbinden…",
  connected: "Verbonden",
  reconnectIn: {
    one: "Opnieuw verbinden over {count} seconde…",
    other: "Opnieuw verbinden over {count} seconden…",
  },
  offline: "Offline: berichten worden verstuurd zodra je weer online bent",
  tryNow: "Nu proberen",

  announceMessage: "Nieuw bericht van {name}: {text}",
  announceImage: "een afbeelding",
  announceConnecting: "Verbinden met support…",
  announceConnected: "Verbonden met support.",
  announceReconnected: "Weer verbonden. Berichten worden weer verstuurd.",
  announceLost: "Verbinding verbroken. Opnieuw verbinden…",
  announceOffline: "Je bent offline. Berichten worden verstuurd zodra je weer online bent.",
  announceTeamOnline: "Iemand van het team is nu online en antwoordt hier.",

  conversation: "Gesprek",
  messages: "Berichten",
  you: "Jij",
  emptyChat:
    "Zeg hallo en vertel ons waarmee we je kunnen helpen. Iemand van {brand} antwoordt hier.",
  typing: "Support is aan het typen…",
  sent: "Verstuurd",
  sending: "Versturen…",
  notSent: "Niet verstuurd",
  notSentBecause: "Niet verstuurd: {error}",
  retry: "Opnieuw",
  notAcked: "Nog niet afgeleverd. Controleer je verbinding en probeer het opnieuw.",
  chatEndedUnsent: "De chat was al beëindigd, dus dit bericht is niet verstuurd.",
  composer: "Een bericht sturen",
  editorLabel: "Bericht",
  editorPlaceholder: "Typ een bericht…",
  sendMessage: "Bericht versturen",
  editorHint: "Enter verstuurt, Shift+Enter begint een nieuwe regel.",
  sendImage: "Een afbeelding sturen",
  uploadingImage: "Afbeelding uploaden",
  uploadingYourImage: "Je afbeelding wordt geüpload…",
  imageLimit: "Je kunt één afbeelding van maximaal {size} sturen.",
  imageTooLarge: "Deze afbeelding is {actual}. Kies er een van maximaal {size}.",
  imageTooLargeServer: "Die afbeelding is groter dan {size}. Kies een kleinere.",
  imageWrongType: "Je kunt alleen afbeeldingen in {types} versturen.",
  imageUnreadable: "Dit bestand kon niet als afbeelding worden gelezen. Kies een ander bestand.",

  formTitle: "Start een gesprek",
  formIntro:
    "Vertel ons wie je bent en bevestig je e-mailadres één keer met een code, zodat alleen jij dit gesprek kunt lezen.",
  nameLabel: "Naam",
  emailLabel: "E-mailadres",
  nameRequired: "Vul je naam in.",
  nameTooLong: "Je naam mag maximaal {max} tekens lang zijn.",
  nameInvalid: "Gebruik alleen letters, spaties en leestekens.",
  emailRequired: "Vul je e-mailadres in.",
  emailInvalid: "Dit lijkt geen e-mailadres. Controleer het even.",
  nameProblem: "Naam: {problem}",
  emailProblem: "E-mailadres: {problem}",
  verified: "E-mailadres bevestigd",
  sendCode: "Code sturen",
  sendingCode: "Code wordt verstuurd…",
  sendCodeHint: "We mailen je een code van 6 cijfers om het adres te bevestigen.",
  codeLabel: "Code uit de e-mail",
  codeSent: "We hebben een code van 6 cijfers naar {email} gestuurd. Hij is {duration} geldig.",
  codeSentEarlier:
    "We hebben net een code naar {email} gestuurd. Vul hem hieronder in, of vraag een nieuwe aan als de wachttijd voorbij is.",
  codeRequired: "Vul de code uit de e-mail in.",
  codeFormat: "De code bestaat uit de 6 cijfers uit de e-mail.",
  verifyCode: "Code controleren",
  checking: "Controleren…",
  cooldown: "Je kunt over {wait} een nieuwe code aanvragen",
  tooManyTries: "Te veel pogingen in korte tijd. Probeer het over {wait} opnieuw.",
  noEmail: "Geen e-mail ontvangen? Kijk in je spammap, of",
  resendCode: "stuur de code opnieuw",
  verifyAgain: "Bevestig voor je veiligheid je e-mailadres opnieuw om verder te chatten.",
  transcriptLabel: "Mail mij een verslag",
  transcriptHint: "Als de chat is afgelopen, sturen we het hele gesprek naar je e-mailadres.",
  startChat: "Chat starten",
  starting: "Starten…",
  missingName: "Vul hierboven je naam in om de chat te starten.",
  missingEmail: "Vul hierboven je e-mailadres in en klik op ‘Code sturen’ om de chat te starten.",
  missingCode: "Vul de code uit de e-mail in en klik op ‘Code controleren’ om de chat te starten.",
  missingVerification:
    "Klik op ‘Code sturen’ en vul de code uit de e-mail in om de chat te starten.",
  sessionExpired: "Je chatsessie is verlopen. Bevestig je e-mailadres opnieuw.",
  tooManyImages:
    "Je hebt in korte tijd veel afbeeldingen gestuurd. Wacht een minuut en probeer het opnieuw.",
  unreachable:
    "We konden onze server niet bereiken. Controleer je verbinding en probeer het opnieuw.",
  serverError: "Er ging bij ons iets mis. Probeer het zo opnieuw.",
  codeWrong:
    "Die code klopt niet. Controleer de 6 cijfers in de laatste e-mail en probeer het opnieuw.",
  codeWrongTries: {
    one: "Die code klopt niet. Je hebt nog {count} poging.",
    other: "Die code klopt niet. Je hebt nog {count} pogingen.",
  },
  codeExpired: "Deze code is verlopen of vervangen door een nieuwere. Vraag een nieuwe code aan.",
  codeLocked:
    "Te vaak een verkeerde code, dus deze code werkt niet meer. Vraag een nieuwe code aan.",
  addressBlocked: "Met dit adres kun je geen chat starten. Stuur ons liever een e-mail.",
  tooManyRequests: "Te veel verzoeken. Probeer het over {wait} opnieuw.",
  requestRefused: "Dat lukte niet. Controleer wat je hebt ingevuld en probeer het opnieuw.",
  ratingLinkInvalid:
    "Deze beoordelingslink is niet geldig. Gebruik de link uit je meest recente e-mail.",
  ratingAlreadySent: "Met deze link is al een beoordeling verstuurd. Bedankt!",
  ratingLinkExpired:
    "Beoordelingslinks werken tot 7 dagen na de chat. Je kunt ons altijd schrijven.",
  sendTooFast: "Je verstuurt berichten te snel. Wacht even.",
  sendTooLong: "Dat bericht is te lang: maximaal {max} tekens.",
  sendPaused: "De chat kan even geen berichten opslaan. Je bericht wordt opnieuw verstuurd.",
  sendRefused: "Het bericht kon niet worden verstuurd.",
};

export default nl;
