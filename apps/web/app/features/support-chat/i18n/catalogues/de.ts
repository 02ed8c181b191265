/** The widget in German (Sie-Form, wie ein Support-Team schreibt). */
import type { ChatCatalogue } from "./en";

const de: ChatCatalogue = {
  title: "Support-Chat",
  lastChat: "Ihr letzter Chat",
  close: "Support-Chat schließen",
  resuming: "Ihre Unterhaltung wird wieder geöffnet …",
  linkSpent:
    "Dieser Link wurde bereits verwendet oder ist älter als 7 Tage. Geben Sie Ihren Namen und Ihre E-Mail-Adresse ein, dann schicken wir Ihnen einen Code, mit dem Sie Ihre Unterhaltung wieder öffnen.",
  reopenFailed:
    "Wir konnten Ihre Unterhaltung nicht wieder öffnen. Bitte starten Sie den Chat erneut.",
  addressProven:
    "Ihre Adresse ist in diesem Browser bestätigt: Codes, die Sie hier anfordern, erreichen Sie. Geben Sie Ihren Namen und Ihre E-Mail-Adresse ein, um einen zu erhalten.",
  languageLabel: "Sprache",

  availUnknown:
    "Schreiben Sie uns hier. Das Team antwortet in diesem Chat – oder per E-Mail, falls Sie schon weg sind.",
  availOnline: "Das Team ist online. Starten Sie einen Chat, wir antworten hier.",
  availNobody:
    "Gerade ist niemand aus dem Team online. Hinterlassen Sie eine Nachricht: Wir antworten hier – oder per E-Mail, falls Sie schon weg sind.",
  availClosedUntil:
    "Das Team ist bis {when} nicht erreichbar. Hinterlassen Sie eine Nachricht, die Antwort kommt per E-Mail.",
  availClosed:
    "Das Team ist gerade nicht erreichbar. Hinterlassen Sie eine Nachricht, die Antwort kommt per E-Mail.",

  closedHeading: "Chat beendet",
  endedAt: "Sie haben diesen Chat um {time} beendet.",
  endedByAgent: "Das Support-Team von {brand} hat diesen Chat um {time} beendet.",
  transcript: "Das Protokoll ist per E-Mail unterwegs an {email}.",
  transcriptAhead: "Wir schicken das Protokoll anschließend an {email}.",
  noTranscript: "Es wurde kein Protokoll angefordert, daher wird keins verschickt.",
  noTranscriptAhead: "Sie haben kein Protokoll angefordert, daher wird keins verschickt.",
  startNew: "Neuen Chat starten",
  endTrigger: "Chat beenden",
  endTitle: "Diesen Chat beenden?",
  endKeep: "Weiterchatten",
  endConfirm: "Chat beenden",

  ratingQuestion: "Wie zufrieden waren Sie?",
  ratingComment: "Möchten Sie noch etwas ergänzen? (optional)",
  ratingSend: "Bewertung senden",
  ratingDismiss: "Jetzt nicht",
  ratingChoose: "Wählen Sie eine Bewertung von 1 bis 5.",
  ratingThanks: "Vielen Dank für Ihre Bewertung.",
  rating1: "Sehr schlecht",
  rating2: "Schlecht",
  rating3: "Okay",
  rating4: "Gut",
  rating5: "Sehr gut",

  connecting: "Verbindung wird hergestellt …",
  reconnecting: "Verbindung wird wiederhergestellt …",
  connected: "Verbunden",
  reconnectIn: {
    one: "Neuer Verbindungsversuch in {count} Sekunde …",
    other: "Neuer Verbindungsversuch in {count} Sekunden …",
  },
  offline: "Offline – Nachrichten werden gesendet, sobald Sie wieder online sind",
  tryNow: "Jetzt versuchen",

  announceMessage: "Neue Nachricht von {name}: {text}",
  announceImage: "ein Bild",
  announceConnecting: "Verbindung zum Support wird hergestellt …",
  announceConnected: "Mit dem Support verbunden.",
  announceReconnected: "Wieder verbunden. Nachrichten werden wieder gesendet.",
  announceLost: "Verbindung unterbrochen. Neuer Versuch läuft …",
  announceOffline: "Sie sind offline. Nachrichten werden gesendet, sobald Sie wieder online sind.",
  announceTeamOnline: "Jemand aus dem Team ist jetzt online und antwortet hier.",

  conversation: "Unterhaltung",
  messages: "Nachrichten",
  you: "Sie",
  emptyChat:
    "Sagen Sie Hallo und schreiben Sie uns, worum es geht. Jemand aus dem Team von {brand} antwortet hier.",
  typing: "Der Support schreibt …",
  sent: "Gesendet",
  sending: "Wird gesendet …",
  notSent: "Nicht gesendet",
  notSentBecause: "Nicht gesendet: {error}",
  retry: "Erneut senden",
  notAcked: "Noch nicht zugestellt. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  chatEndedUnsent: "Der Chat war bereits beendet, daher wurde diese Nachricht nicht gesendet.",
  composer: "Nachricht senden",
  editorLabel: "Nachricht",
  editorPlaceholder: "Nachricht schreiben …",
  sendMessage: "Nachricht senden",
  editorHint: "Enter sendet, Umschalt+Enter beginnt eine neue Zeile.",
  sendImage: "Bild senden",
  uploadingImage: "Bild wird hochgeladen",
  uploadingYourImage: "Ihr Bild wird hochgeladen …",
  imageLimit: "Sie können ein Bild mit bis zu {size} senden.",
  imageTooLarge: "Dieses Bild hat {actual}. Bitte wählen Sie eines mit höchstens {size}.",
  imageTooLargeServer: "Das Bild ist größer als {size}. Bitte wählen Sie ein kleineres.",
  imageWrongType: "Es können nur Bilder im Format {types} gesendet werden.",
  imageUnreadable: "Diese Datei ließ sich nicht als Bild lesen. Bitte wählen Sie eine andere.",

  formTitle: "Unterhaltung beginnen",
  formIntro:
    "Sagen Sie uns, wer Sie sind, und bestätigen Sie Ihre E-Mail-Adresse einmal mit einem Code – so können nur Sie diese Unterhaltung lesen.",
  nameLabel: "Name",
  emailLabel: "E-Mail-Adresse",
  nameRequired: "Bitte geben Sie Ihren Namen ein.",
  nameTooLong: "Ihr Name darf höchstens {max} Zeichen lang sein.",
  nameInvalid: "Bitte verwenden Sie nur Buchstaben, Leerzeichen und Satzzeichen.",
  emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein.",
  emailInvalid: "Das sieht nicht wie eine E-Mail-Adresse aus. Bitte prüfen Sie die Eingabe.",
  nameProblem: "Name: {problem}",
  emailProblem: "E-Mail-Adresse: {problem}",
  verified: "E-Mail-Adresse bestätigt",
  sendCode: "Code senden",
  sendingCode: "Code wird gesendet …",
  sendCodeHint: "Wir schicken Ihnen einen 6-stelligen Code, um die Adresse zu bestätigen.",
  codeLabel: "Code aus der E-Mail",
  codeSent: "Wir haben einen 6-stelligen Code an {email} geschickt. Er ist {duration} gültig.",
  codeSentEarlier:
    "Wir haben gerade einen Code an {email} geschickt. Geben Sie ihn unten ein oder fordern Sie nach Ablauf der Wartezeit einen neuen an.",
  codeRequired: "Bitte geben Sie den Code aus der E-Mail ein.",
  codeFormat: "Der Code besteht aus den 6 Ziffern aus der E-Mail.",
  verifyCode: "Code prüfen",
  checking: "Wird geprüft …",
  cooldown: "Einen neuen Code können Sie in {wait} anfordern",
  tooManyTries: "Zu viele Versuche in kurzer Zeit. Bitte versuchen Sie es in {wait} erneut.",
  noEmail: "Keine E-Mail bekommen? Sehen Sie im Spam-Ordner nach, oder",
  resendCode: "Code erneut senden",
  verifyAgain:
    "Zu Ihrer Sicherheit bestätigen Sie bitte Ihre E-Mail-Adresse erneut, um den Chat fortzusetzen.",
  transcriptLabel: "Protokoll per E-Mail erhalten",
  transcriptHint: "Wenn der Chat endet, schicken wir Ihnen die ganze Unterhaltung per E-Mail.",
  startChat: "Chat starten",
  starting: "Wird gestartet …",
  missingName: "Geben Sie oben Ihren Namen ein, um den Chat zu starten.",
  missingEmail:
    "Geben Sie oben Ihre E-Mail-Adresse ein und klicken Sie auf „Code senden“, um den Chat zu starten.",
  missingCode:
    "Geben Sie den Code aus der E-Mail ein und klicken Sie auf „Code prüfen“, um den Chat zu starten.",
  missingVerification:
    "Klicken Sie auf „Code senden“ und geben Sie den Code aus der E-Mail ein, um den Chat zu starten.",
  sessionExpired:
    "Ihre Chat-Sitzung ist abgelaufen. Bitte bestätigen Sie Ihre E-Mail-Adresse erneut.",
  tooManyImages:
    "Sie haben in kurzer Zeit viele Bilder gesendet. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.",
  unreachable:
    "Wir konnten unseren Server nicht erreichen. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
  serverError: "Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es gleich noch einmal.",
  codeWrong:
    "Dieser Code stimmt nicht. Prüfen Sie die 6 Ziffern in der neuesten E-Mail und versuchen Sie es erneut.",
  codeWrongTries: {
    one: "Dieser Code stimmt nicht. Sie haben noch {count} Versuch.",
    other: "Dieser Code stimmt nicht. Sie haben noch {count} Versuche.",
  },
  codeExpired:
    "Dieser Code ist abgelaufen oder wurde durch einen neueren ersetzt. Bitte fordern Sie einen neuen Code an.",
  codeLocked:
    "Zu viele falsche Versuche – dieser Code gilt nicht mehr. Bitte fordern Sie einen neuen Code an.",
  addressBlocked:
    "Mit dieser Adresse kann kein Chat gestartet werden. Bitte schreiben Sie uns eine E-Mail.",
  tooManyRequests: "Zu viele Anfragen. Bitte versuchen Sie es in {wait} erneut.",
  requestRefused:
    "Das hat nicht geklappt. Bitte prüfen Sie Ihre Eingaben und versuchen Sie es erneut.",
  ratingLinkInvalid:
    "Dieser Bewertungslink ist ungültig. Bitte verwenden Sie den Link aus Ihrer neuesten E-Mail.",
  ratingAlreadySent: "Mit diesem Link wurde bereits eine Bewertung abgegeben. Vielen Dank!",
  ratingLinkExpired:
    "Bewertungslinks gelten 7 Tage nach dem Chat. Schreiben können Sie uns jederzeit.",
  sendTooFast: "Sie senden Nachrichten zu schnell. Bitte warten Sie einen Moment.",
  sendTooLong: "Diese Nachricht ist zu lang: höchstens {max} Zeichen.",
  sendPaused:
    "Der Chat kann gerade keine Nachrichten speichern. Ihre Nachricht wird gleich erneut gesendet.",
  sendRefused: "Die Nachricht konnte nicht gesendet werden.",
};

export default de;
