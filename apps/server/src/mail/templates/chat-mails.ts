/**
 * The support chat's e-mails: the one-time code, the support inbox's alert about a conversation
 * that started while no agent was online, and the visitor's copy of a reply they have not seen.
 * Plain text and HTML carry the same content; everything a person typed is escaped.
 */
import { stripFormatControls } from "@hourline/contracts/text";
import { escapeHtml } from "@hourline/contracts/escape-html";
import { brandName } from "../brand-sender";
import type { OutgoingMail } from "../outgoing-mail";
import {
  type ChatLanguage,
  chatLanguageDirection,
  defaultChatLanguage,
} from "@hourline/contracts/chat-languages";
import { fillMessage, formatMessage } from "@hourline/contracts/message-template";
import { chatMailCopy, type ChatMailCopy } from "./chat-mail-copy";

/** A visitor mail's sentence, plain. */
function say(
  language: ChatLanguage,
  key: keyof ChatMailCopy,
  values: Record<string, string> = {},
): string {
  return formatMessage(chatMailCopy[language][key], { brand: brandName, ...values });
}

/** A visitor mail's sentence as HTML: text escaped, `html` values (links, bold) kept as they are. */
function sayHtml(
  language: ChatLanguage,
  key: keyof ChatMailCopy,
  values: Record<string, { html: string } | string> = {},
): string {
  const all: Record<string, string> = { brand: escapeHtml(brandName) };
  for (const [name, value] of Object.entries(values)) {
    all[name] = typeof value === "string" ? escapeHtml(value) : value.html;
  }
  return fillMessage(chatMailCopy[language][key], all, escapeHtml).join("");
}

/** "10 minutes" in the visitor's language, plural and all (Intl knows the unit's forms). */
function minutesIn(language: ChatLanguage, minutes: number): string {
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: "minute",
    unitDisplay: "long",
  }).format(minutes);
}

interface Block {
  text: string;
  /** HTML for the block; when absent the text is escaped. */
  html?: string;
  quote?: boolean;
}

function layout(
  title: string,
  blocks: Block[],
  language: ChatLanguage = defaultChatLanguage,
): { text: string; html: string } {
  const dir = chatLanguageDirection(language);
  // Right to left, the quote's bar sits on the start side, which is the right.
  const bar = dir === "rtl" ? "border-right" : "border-left";
  const pad = dir === "rtl" ? "8px 16px 8px 0" : "8px 0 8px 16px";
  const text = `${blocks.map((b) => b.text).join("\n\n")}\n\n-- \n${brandName}\n`;
  const body = blocks
    .map((b) => {
      const inner = b.html ?? escapeHtml(b.text).replace(/\n/g, "<br>");
      return b.quote
        ? `<div style="${bar}:3px solid #4338ca;padding:${pad};margin:0 0 16px">${inner}</div>`
        : `<p style="margin:0 0 16px">${inner}</p>`;
    })
    .join("\n");
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body dir="${dir}" style="margin:0;padding:24px;background:#fbfaf7;color:#161826;font:15px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e3e0d8;border-radius:12px;padding:24px">
${body}
<p style="margin:0;color:#4d5366;font-size:13px">${escapeHtml(brandName)}</p>
</div>
</body>
</html>
`;
  return { text, html };
}

function link(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="color:#4338ca">${escapeHtml(label)}</a>`;
}

export function chatOtpMail(
  to: string,
  code: string,
  validMinutes: number,
  language: ChatLanguage = defaultChatLanguage,
  /** The link that proves the address in the browser that opens it (GET /chat/prove). */
  proofUrl?: string,
): OutgoingMail {
  // Not in the subject: subjects show on lock screens and in logs and mail lists.
  const subject = say(language, "otpSubject");
  const { text, html } = layout(
    subject,
    [
      { text: say(language, "otpIntro") },
      {
        text: code,
        // The digits read left to right in every language.
        html: `<strong dir="ltr" style="font-size:28px;letter-spacing:6px;font-family:ui-monospace,monospace">${code}</strong>`,
      },
      { text: say(language, "otpValidity", { duration: minutesIn(language, validMinutes) }) },
      ...(proofUrl
        ? [
            {
              text: say(language, "proveText", { url: proofUrl }),
              html: sayHtml(language, "proveHtml", {
                link: { html: link(proofUrl, say(language, "proveLabel")) },
              }),
            },
          ]
        : []),
    ],
    language,
  );
  return { kind: "chat_otp", to, subject, text, html, eraseAfterSend: true };
}

export interface OfflineAlertInput {
  conversationId: number;
  visitorName: string;
  visitorEmail: string;
  startedAt: number;
}

export function chatOfflineAlertMail(
  given: OfflineAlertInput,
  settings: { supportInbox: string; publicUrl: string },
): OutgoingMail {
  const input = { ...given, visitorName: stripFormatControls(given.visitorName) };
  // Straight to the conversation: whoever opens the mail answers it without looking for it.
  const consoleUrl = `${settings.publicUrl}/console/conversations/${input.conversationId}`;
  const subject = `New chat from ${input.visitorName} while no agent is online`;
  const { text, html } = layout(subject, [
    {
      text: `${input.visitorName} (${input.visitorEmail}) started a support chat (conversation #${input.conversationId}) while no agent was online. The widget told them the reply would come by e-mail.`,
    },
    {
      text: `Answer in the console: ${consoleUrl}`,
      html: `Answer ${link(consoleUrl, "this conversation in the support console")}, or reply to this e-mail to write to ${escapeHtml(input.visitorEmail)} directly.`,
    },
  ]);
  return {
    kind: "chat_offline_alert",
    to: settings.supportInbox,
    replyTo: { name: input.visitorName, address: input.visitorEmail },
    subject,
    text,
    html,
  };
}

export interface MissedReplyInput {
  to: string;
  visitorName: string;
  agentName: string;
  /** The reply as plain text (message HTML turned into text). */
  replyText: string;
  /** Where the visitor picks the conversation up again. */
  chatUrl: string;
  /** The conversation's language (chat_conversations.language). */
  language?: ChatLanguage;
}

export function chatMissedReplyMail(given: MissedReplyInput): OutgoingMail {
  const input = {
    ...given,
    visitorName: stripFormatControls(given.visitorName),
    agentName: stripFormatControls(given.agentName),
  };
  const language = given.language ?? defaultChatLanguage;
  const agent = input.agentName;
  const subject = say(language, "missedSubject", { agent });
  const { text, html } = layout(
    subject,
    [
      {
        text: say(language, "greeting", { name: input.visitorName }),
        html: sayHtml(language, "greeting", { name: bdi(input.visitorName) }),
      },
      {
        text: say(language, "missedIntro", { agent }),
        html: sayHtml(language, "missedIntro", { agent: bdi(agent) }),
      },
      { text: input.replyText, quote: true },
      {
        text: say(language, "continueText", { url: input.chatUrl }),
        html: sayHtml(language, "continueHtml", {
          link: { html: link(input.chatUrl, say(language, "continueLabel")) },
        }),
      },
    ],
    language,
  );
  return { kind: "chat_missed_reply", to: input.to, subject, text, html, eraseAfterSend: true };
}

/** A name someone typed, isolated so its direction does not reorder the sentence around it. */
function bdi(name: string): { html: string } {
  return { html: `<bdi>${escapeHtml(name)}</bdi>` };
}

export interface ChatEmailAnswerInput {
  to: string;
  visitorName: string;
  agentName: string;
  /** What the agent wrote, plain text. */
  answer: string;
  /** Where the support team reads replies to this mail. */
  replyTo: string;
  /** The visitor's link back into the chat (GET /chat/resume). */
  chatUrl: string;
  /** The conversation's language: the mail's frame is in it, the agent's words as written. */
  language?: ChatLanguage;
}

/** An agent's answer to a chat the visitor left before anyone answered. */
export function chatEmailAnswerMail(given: ChatEmailAnswerInput): OutgoingMail {
  const input = {
    ...given,
    visitorName: stripFormatControls(given.visitorName),
    agentName: stripFormatControls(given.agentName),
  };
  const language = given.language ?? defaultChatLanguage;
  const agent = input.agentName;
  const subject = say(language, "answerSubject", { agent });
  const { text, html } = layout(
    subject,
    [
      {
        text: say(language, "greeting", { name: input.visitorName }),
        html: sayHtml(language, "greeting", { name: bdi(input.visitorName) }),
      },
      {
        text: say(language, "answerIntro", { agent }),
        html: sayHtml(language, "answerIntro", { agent: bdi(agent) }),
      },
      { text: input.answer, quote: true },
      { text: say(language, "answerReply") },
      {
        text: say(language, "againText", { url: input.chatUrl }),
        html: sayHtml(language, "againHtml", {
          link: { html: link(input.chatUrl, say(language, "againLabel")) },
        }),
      },
    ],
    language,
  );
  return {
    kind: "chat_email_answer",
    to: input.to,
    replyTo: { name: `${brandName} Support`, address: input.replyTo },
    subject,
    text,
    html,
    eraseAfterSend: true,
  };
}

/** One message of a transcript, as the visitor reads it. */
export interface TranscriptMessage {
  author: string;
  fromVisitor: boolean;
  at: number;
  /** The message as plain text (message HTML turned into text). */
  text: string;
}

/** One message rendered for the mail, in both bodies. */
export interface TranscriptLine {
  text: string;
  html: string;
}

export interface TranscriptInput {
  to: string;
  visitorName: string;
  startedAt: number;
  endedAt: number;
  /** Rendered with transcriptLine, oldest first. */
  lines: TranscriptLine[];
  /** How many earlier messages were left out to keep the mail deliverable. */
  omitted?: number;
  /** The visitor's link back into the chat (GET /chat/resume). */
  chatUrl: string;
  /** The page where the visitor rates the chat (its link holds a single-use token). */
  ratingUrl?: string;
  /** The conversation's language (chat_conversations.language). */
  language?: ChatLanguage;
}

/**
 * Times in the transcript: in UTC, and said so, since we do not know the visitor's zone; written
 * the way the visitor's language writes dates.
 */
function utcTime(epochMs: number, language: ChatLanguage): string {
  return new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(epochMs);
}

/**
 * One message of the transcript in both bodies. Rendered one at a time by the caller, so a long
 * conversation can be built in slices without holding up the server.
 */
export function transcriptLine(
  message: TranscriptMessage,
  language: ChatLanguage = defaultChatLanguage,
): TranscriptLine {
  const author = stripFormatControls(message.author);
  const at = utcTime(message.at, language);
  return {
    text: `[${at}] ${author}:\n${message.text}`,
    // Each message keeps its own direction: an English reply in an Arabic transcript reads left to right.
    html: `<p dir="auto" style="margin:0 0 12px"><strong><bdi>${escapeHtml(author)}</bdi></strong> <span style="color:#4d5366;font-size:13px">${escapeHtml(at)}</span><br>${escapeHtml(message.text).replace(/\n/g, "<br>")}</p>`,
  };
}

export function chatTranscriptMail(input: TranscriptInput): OutgoingMail {
  const language = input.language ?? defaultChatLanguage;
  const subject = say(language, "transcriptSubject");
  const name = stripFormatControls(input.visitorName);
  const start = utcTime(input.startedAt, language);
  const end = utcTime(input.endedAt, language);
  const lines =
    input.lines.length > 0
      ? input.lines
      : [
          transcriptLine(
            {
              author: brandName,
              fromVisitor: false,
              at: input.endedAt,
              text: say(language, "transcriptEmpty"),
            },
            language,
          ),
        ];
  const omitted = input.omitted ?? 0;
  const note =
    omitted > 0
      ? [
          {
            text: say(language, "transcriptOmitted", {
              count: new Intl.NumberFormat(language).format(omitted),
            }),
          },
        ]
      : [];
  const { text, html } = layout(
    subject,
    [
      {
        text: say(language, "transcriptIntro", { name, start, end }),
        html: sayHtml(language, "transcriptIntro", { name: bdi(name), start, end }),
      },
      ...note,
      {
        text: lines.map((l) => l.text).join("\n\n"),
        html: lines.map((l) => l.html).join("\n"),
        quote: true,
      },
      ...(input.ratingUrl
        ? [
            {
              text: say(language, "ratingText", { url: input.ratingUrl }),
              html: sayHtml(language, "ratingHtml", {
                link: { html: link(input.ratingUrl, say(language, "ratingLabel")) },
              }),
            },
          ]
        : []),
      {
        text: say(language, "againText", { url: input.chatUrl }),
        html: sayHtml(language, "againHtml", {
          link: { html: link(input.chatUrl, say(language, "againLabel")) },
        }),
      },
    ],
    language,
  );
  return { kind: "chat_transcript", to: input.to, subject, text, html, eraseAfterSend: true };
}
