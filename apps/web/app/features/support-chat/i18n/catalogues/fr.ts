/** The widget in French (vouvoiement, as a support team writes). */
import type { ChatCatalogue } from "./en";

const fr: ChatCatalogue = {
  title: "Chat d’assistance",
  lastChat: "Votre dernière conversation",
  close: "Fermer le chat d’assistance",
  resuming: "Réouverture de votre conversation…",
  linkSpent:
    "Ce lien a déjà servi ou date de plus de 7 jours. Indiquez votre nom et votre adresse e-mail : nous vous enverrons un code pour rouvrir votre conversation.",
  reopenFailed: "Impossible de rouvrir votre conversation. Veuillez relancer le chat.",
  addressProven:
    "Votre adresse est confirmée dans ce navigateur : les codes que vous y demandez vous parviendront. Saisissez votre nom et votre e-mail pour en recevoir un.",
  languageLabel: "Langue",

  availUnknown:
    "Écrivez-nous ici. L’équipe vous répond dans ce chat, ou par e-mail si vous êtes parti entre-temps.",
  availOnline: "L’équipe est en ligne. Lancez une conversation, nous vous répondons ici.",
  availNobody:
    "Personne de l’équipe n’est en ligne pour le moment. Laissez-nous un message : nous vous répondrons ici, ou par e-mail si vous êtes parti entre-temps.",
  availClosedUntil:
    "L’équipe est absente jusqu’à {when}. Laissez un message, la réponse vous parviendra par e-mail.",
  availClosed:
    "L’équipe est absente pour le moment. Laissez un message, la réponse vous parviendra par e-mail.",

  closedHeading: "Conversation terminée",
  endedAt: "Vous avez mis fin à cette conversation à {time}.",
  endedByAgent: "L’équipe d’assistance {brand} a mis fin à cette conversation à {time}.",
  transcript: "Nous envoyons la transcription à {email}.",
  transcriptAhead: "Nous enverrons la transcription à {email}.",
  noTranscript: "Aucune transcription n’a été demandée : rien ne sera envoyé par e-mail.",
  noTranscriptAhead: "Vous n’avez pas demandé de transcription : rien ne sera envoyé par e-mail.",
  startNew: "Nouvelle conversation",
  endTrigger: "Terminer",
  endTitle: "Terminer cette conversation ?",
  endKeep: "Continuer",
  endConfirm: "Terminer",

  ratingQuestion: "Comment s’est passé l’échange ?",
  ratingComment: "Un commentaire ? (facultatif)",
  ratingSend: "Envoyer la note",
  ratingDismiss: "Plus tard",
  ratingChoose: "Choisissez une note de 1 à 5.",
  ratingThanks: "Merci pour votre note.",
  rating1: "Très mauvais",
  rating2: "Mauvais",
  rating3: "Correct",
  rating4: "Bien",
  rating5: "Excellent",

  connecting: "Connexion…",
  reconnecting: "Reconnexion…",
  connected: "Connecté",
  reconnectIn: {
    one: "Reconnexion dans {count} seconde…",
    many: "Reconnexion dans {count} secondes…",
    other: "Reconnexion dans {count} secondes…",
  },
  offline: "Hors ligne : vos messages partiront dès votre retour",
  tryNow: "Réessayer",

  announceMessage: "Nouveau message de {name} : {text}",
  announceImage: "une image",
  announceConnecting: "Connexion à l’assistance…",
  announceConnected: "Connecté à l’assistance.",
  announceReconnected: "Reconnecté. Les messages repartent.",
  announceLost: "Connexion perdue. Reconnexion…",
  announceOffline: "Vous êtes hors ligne. Vos messages partiront dès votre retour.",
  announceTeamOnline: "Quelqu’un de l’équipe est maintenant en ligne et vous répondra ici.",

  conversation: "Conversation",
  messages: "Messages",
  you: "Vous",
  emptyChat:
    "Dites-nous bonjour et expliquez-nous ce dont vous avez besoin. Un membre de l’équipe {brand} vous répond ici.",
  typing: "L’assistance écrit…",
  sent: "Envoyé",
  sending: "Envoi…",
  notSent: "Non envoyé",
  notSentBecause: "Non envoyé : {error}",
  retry: "Réessayer",
  notAcked: "Pas encore remis. Vérifiez votre connexion, puis réessayez.",
  chatEndedUnsent: "La conversation était terminée : ce message n’a pas été envoyé.",
  composer: "Envoyer un message",
  editorLabel: "Message",
  editorPlaceholder: "Écrivez un message…",
  sendMessage: "Envoyer le message",
  editorHint: "Entrée pour envoyer, Maj+Entrée pour aller à la ligne.",
  sendImage: "Envoyer une image",
  uploadingImage: "Envoi de l’image",
  uploadingYourImage: "Envoi de votre image…",
  imageLimit: "Vous pouvez envoyer une image de {size} maximum.",
  imageTooLarge: "Cette image pèse {actual}. Choisissez-en une de {size} maximum.",
  imageTooLargeServer: "Cette image dépasse {size}. Choisissez-en une plus légère.",
  imageWrongType: "Seules les images {types} peuvent être envoyées.",
  imageUnreadable: "Ce fichier n’a pas pu être lu comme une image. Choisissez-en un autre.",

  formTitle: "Démarrer une conversation",
  formIntro:
    "Présentez-vous et confirmez une fois votre adresse e-mail avec un code : vous seul pourrez lire cette conversation.",
  nameLabel: "Nom",
  emailLabel: "Adresse e-mail",
  nameRequired: "Veuillez indiquer votre nom.",
  nameTooLong: "Votre nom ne peut pas dépasser {max} caractères.",
  nameInvalid: "Utilisez uniquement des lettres, des espaces et de la ponctuation.",
  emailRequired: "Veuillez indiquer votre adresse e-mail.",
  emailInvalid: "Cette adresse e-mail ne semble pas valide. Merci de la vérifier.",
  nameProblem: "Nom : {problem}",
  emailProblem: "Adresse e-mail : {problem}",
  verified: "Adresse e-mail confirmée",
  sendCode: "Recevoir un code",
  sendingCode: "Envoi du code…",
  sendCodeHint: "Nous vous envoyons un code à 6 chiffres pour confirmer l’adresse.",
  codeLabel: "Code reçu par e-mail",
  codeSent: "Nous avons envoyé un code à 6 chiffres à {email}. Il est valable {duration}.",
  codeSentEarlier:
    "Nous venons d’envoyer un code à {email}. Saisissez-le ci-dessous, ou demandez-en un nouveau une fois le délai écoulé.",
  codeRequired: "Veuillez saisir le code reçu par e-mail.",
  codeFormat: "Le code se compose des 6 chiffres reçus par e-mail.",
  verifyCode: "Valider le code",
  checking: "Vérification…",
  cooldown: "Vous pourrez demander un nouveau code dans {wait}",
  tooManyTries: "Trop de tentatives en peu de temps. Réessayez dans {wait}.",
  noEmail: "Pas d’e-mail ? Regardez dans vos spams, ou",
  resendCode: "renvoyez le code",
  verifyAgain:
    "Pour votre sécurité, veuillez confirmer à nouveau votre adresse e-mail afin de poursuivre la conversation.",
  transcriptLabel: "Recevoir la transcription par e-mail",
  transcriptHint: "À la fin du chat, nous vous envoyons toute la conversation par e-mail.",
  startChat: "Démarrer le chat",
  starting: "Démarrage…",
  missingName: "Indiquez votre nom ci-dessus pour démarrer le chat.",
  missingEmail:
    "Indiquez votre adresse e-mail ci-dessus et appuyez sur « Recevoir un code » pour démarrer le chat.",
  missingCode:
    "Saisissez le code reçu par e-mail et appuyez sur « Valider le code » pour démarrer le chat.",
  missingVerification:
    "Appuyez sur « Recevoir un code », puis saisissez le code reçu par e-mail pour démarrer le chat.",
  sessionExpired:
    "Votre session de chat a expiré. Veuillez confirmer à nouveau votre adresse e-mail.",
  tooManyImages:
    "Vous avez envoyé beaucoup d’images en peu de temps. Patientez une minute, puis réessayez.",
  unreachable: "Impossible de joindre notre serveur. Vérifiez votre connexion, puis réessayez.",
  serverError: "Un problème est survenu de notre côté. Réessayez dans un instant.",
  codeWrong: "Ce code n’est pas le bon. Vérifiez les 6 chiffres du dernier e-mail et réessayez.",
  codeWrongTries: {
    one: "Ce code n’est pas le bon. Il vous reste {count} essai.",
    many: "Ce code n’est pas le bon. Il vous reste {count} essais.",
    other: "Ce code n’est pas le bon. Il vous reste {count} essais.",
  },
  codeExpired:
    "Ce code a expiré ou a été remplacé par un code plus récent. Demandez-en un nouveau.",
  codeLocked: "Trop d’essais erronés : ce code n’est plus valable. Demandez-en un nouveau.",
  addressBlocked: "Cette adresse ne peut pas ouvrir de chat. Écrivez-nous plutôt par e-mail.",
  tooManyRequests: "Trop de demandes. Réessayez dans {wait}.",
  requestRefused: "Cela n’a pas fonctionné. Vérifiez votre saisie et réessayez.",
  ratingLinkInvalid:
    "Ce lien d’évaluation n’est pas valide. Utilisez le lien de votre e-mail le plus récent.",
  ratingAlreadySent: "Une évaluation a déjà été envoyée avec ce lien. Merci !",
  ratingLinkExpired:
    "Les liens d’évaluation sont valables 7 jours après le chat. Vous pouvez toujours nous écrire.",
  sendTooFast: "Vous envoyez des messages trop vite. Patientez un instant.",
  sendTooLong: "Ce message est trop long : {max} caractères au maximum.",
  sendPaused:
    "Le chat ne peut pas enregistrer de messages pour le moment. Votre message sera renvoyé.",
  sendRefused: "Le message n’a pas pu être envoyé.",
};

export default fr;
