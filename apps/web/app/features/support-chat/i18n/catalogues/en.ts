/**
 * The widget's words in English: the default, bundled with the widget. Every other language is a
 * catalogue of this type in its own module, loaded on demand (../chat-language.ts). A `{name}` is
 * filled in at run time; a plural message has one form per Intl.PluralRules category of its
 * language (`count` picks it).
 */

/** One message per plural category the language uses (Intl.PluralRules); `other` always. */
export interface PluralMessage {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

const en = {
  // The widget's frame
  title: "Support Chat",
  lastChat: "Your last chat",
  close: "Close support chat",
  resuming: "Reopening your conversation…",
  linkSpent:
    "That link has been used or is more than 7 days old. Enter your name and e-mail, and we will send you a code to open your conversation again.",
  reopenFailed: "We could not reopen your conversation. Please start the chat again.",
  addressProven:
    "Your address is confirmed in this browser: the codes you ask for here will reach you. Enter your name and e-mail to get one.",
  languageLabel: "Language",

  // When the team answers
  availUnknown: "Write to us here. The team answers in this chat, or by e-mail if you have left.",
  availOnline: "The team is online. Start a chat and we will answer here.",
  availNobody:
    "Nobody from the team is online right now. Leave a message: we will answer here, or by e-mail if you have left.",
  availClosedUntil:
    "The team is away until {when}. Leave a message and the reply will come by e-mail.",
  availClosed: "The team is away right now. Leave a message and the reply will come by e-mail.",

  // The end of a chat
  closedHeading: "Chat ended",
  endedAt: "You ended this chat at {time}.",
  endedByAgent: "The {brand} support team ended this chat at {time}.",
  transcript: "We are e-mailing the transcript to {email}.",
  transcriptAhead: "We will e-mail the transcript to {email}.",
  noTranscript: "No transcript was asked for, so none will be e-mailed.",
  noTranscriptAhead: "You did not ask for a transcript, so none will be e-mailed.",
  startNew: "Start a new chat",
  endTrigger: "End chat",
  endTitle: "End this chat?",
  endKeep: "Keep chatting",
  endConfirm: "End chat",

  // The rating
  ratingQuestion: "How did we do?",
  ratingComment: "Anything to add? (optional)",
  ratingSend: "Send rating",
  ratingDismiss: "Not now",
  ratingChoose: "Choose a score from 1 to 5.",
  ratingThanks: "Thank you for your rating.",
  rating1: "Very poor",
  rating2: "Poor",
  rating3: "Okay",
  rating4: "Good",
  rating5: "Excellent",

  // The connection
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  connected: "Connected",
  reconnectIn: {
    one: "Reconnecting in {count} s…",
    other: "Reconnecting in {count} s…",
  } satisfies PluralMessage,
  offline: "Offline — messages will be sent when you are back",
  tryNow: "Try now",

  // What a screen reader hears
  announceMessage: "New message from {name}: {text}",
  announceImage: "an image",
  announceConnecting: "Connecting to support…",
  announceConnected: "Connected to support.",
  announceReconnected: "Reconnected. Messages are being sent again.",
  announceLost: "Connection lost. Reconnecting…",
  announceOffline: "You are offline. Messages will be sent when you are back.",
  announceTeamOnline: "Someone from the team is online now and will answer here.",

  // The conversation
  conversation: "Conversation",
  messages: "Messages",
  you: "You",
  emptyChat: "Say hello and tell us what you need. A member of the {brand} team answers here.",
  typing: "Support is typing…",
  sent: "Sent",
  sending: "Sending…",
  notSent: "Not sent",
  notSentBecause: "Not sent: {error}",
  retry: "Retry",
  notAcked: "Not delivered yet. Check your connection and try again.",
  chatEndedUnsent: "The chat had ended, so this message was not sent.",
  composer: "Send a message",
  editorLabel: "Message",
  editorPlaceholder: "Write a message…",
  sendMessage: "Send message",
  editorHint: "Enter sends, Shift+Enter starts a new line.",
  sendImage: "Send an image",
  uploadingImage: "Uploading image",
  uploadingYourImage: "Uploading your image…",
  imageLimit: "You can send one image of up to {size}.",
  imageTooLarge: "This image is {actual}. Please choose one of up to {size}.",
  imageTooLargeServer: "That image is larger than {size}. Please choose a smaller one.",
  imageWrongType: "Only {types} images can be sent.",
  imageUnreadable: "That file could not be read as an image. Please choose another.",

  // The registration form
  formTitle: "Start a conversation",
  formIntro:
    "Tell us who you are and prove your e-mail once with a code, so only you can read this conversation.",
  nameLabel: "Name",
  emailLabel: "E-mail",
  nameRequired: "Name is required.",
  nameTooLong: "Please keep your name to {max} characters or fewer.",
  nameInvalid: "Please use only letters, spaces and punctuation.",
  emailRequired: "This field is required",
  emailInvalid: "Invalid email format",
  nameProblem: "Name: {problem}",
  emailProblem: "E-mail: {problem}",
  verified: "E-mail verified",
  sendCode: "Send code",
  sendingCode: "Sending the code…",
  sendCodeHint: "We e-mail you a 6-digit code to prove the address.",
  codeLabel: "Code from the e-mail",
  codeSent: "We sent a 6-digit code to {email}. It is valid for {duration}.",
  codeSentEarlier:
    "We sent a code to {email} a moment ago. Enter it below, or ask for a new one when the wait is over.",
  codeRequired: "Please enter the code from the e-mail.",
  codeFormat: "The code is the 6 digits from the e-mail.",
  verifyCode: "Verify code",
  checking: "Checking…",
  cooldown: "You can ask for a new code in {wait}",
  tooManyTries: "Too many tries in a short time. Please try again in {wait}.",
  noEmail: "No e-mail? Check your spam folder, or",
  resendCode: "Resend code",
  verifyAgain: "For your security, please verify your e-mail again to continue your chat.",
  transcriptLabel: "E-mail me a transcript",
  transcriptHint: "When the chat ends, we send the whole conversation to your e-mail.",
  startChat: "Start Chat",
  starting: "Starting…",
  missingName: "Enter your name above to start the chat.",
  missingEmail: "Enter your e-mail above and press Send code to start the chat.",
  missingCode: "Enter the code from the e-mail and press Verify code to start the chat.",
  missingVerification: "Press Send code and enter the code from the e-mail to start the chat.",
  sessionExpired: "Your chat session has expired. Please verify your e-mail again.",
  tooManyImages: "You have sent many images in a short time. Please wait a minute and try again.",
  unreachable: "We could not reach our server. Check your connection and try again.",
  serverError: "Something went wrong on our side. Please try again in a moment.",

  // The server's refusals, said in the widget's words (api/error-words.ts)
  codeWrong: "That code is not right. Check the 6 digits in the latest e-mail and try again.",
  codeWrongTries: {
    one: "That code is not right. You have {count} try left.",
    other: "That code is not right. You have {count} tries left.",
  } satisfies PluralMessage,
  codeExpired: "This code has expired or was replaced by a newer one. Please ask for a new code.",
  codeLocked: "Too many wrong tries, so this code no longer works. Please ask for a new code.",
  addressBlocked: "This address cannot start a chat. Please write to us by e-mail.",
  tooManyRequests: "Too many requests. Please try again in {wait}.",
  requestRefused: "That did not work. Please check what you entered and try again.",
  ratingLinkInvalid:
    "This rating link is not valid. Please use the link from your most recent e-mail.",
  ratingAlreadySent: "This rating was already sent with this link. Thank you!",
  ratingLinkExpired:
    "Rating links work for 7 days after the chat. You can still write to us any time.",
  sendTooFast: "You are sending messages too fast. Please wait a moment.",
  sendTooLong: "That message is too long: at most {max} characters.",
  sendPaused: "The chat cannot save messages for a moment. Your message will be sent again.",
  sendRefused: "The message could not be sent.",
};

/** A language's catalogue: every key English has, a plural message where English has one. */
export type ChatCatalogue = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : PluralMessage;
};

export type ChatTextKey = {
  [K in keyof ChatCatalogue]: ChatCatalogue[K] extends string ? K : never;
}[keyof ChatCatalogue];
export type ChatPluralKey = Exclude<keyof ChatCatalogue, ChatTextKey>;

export const english: ChatCatalogue = en;
export default english;
