/**
 * The support chat's e-mails: the one-time code, the support inbox's alert about a conversation
 * that started while no agent was online, and the visitor's copy of a reply they have not seen.
 * Plain text and HTML carry the same content; everything a person typed is escaped.
 */
import { stripFormatControls } from "@hourline/contracts/text";
import { escapeHtml } from "@hourline/contracts/escape-html";
import { brandName } from "../brand-sender";
import type { OutgoingMail } from "../outgoing-mail";

interface Block {
  text: string;
  /** HTML for the block; when absent the text is escaped. */
  html?: string;
  quote?: boolean;
}

function layout(title: string, blocks: Block[]): { text: string; html: string } {
  const text = `${blocks.map((b) => b.text).join("\n\n")}\n\n-- \n${brandName}\n`;
  const body = blocks
    .map((b) => {
      const inner = b.html ?? escapeHtml(b.text).replace(/\n/g, "<br>");
      return b.quote
        ? `<div style="border-left:3px solid #4338ca;padding:8px 0 8px 16px;margin:0 0 16px">${inner}</div>`
        : `<p style="margin:0 0 16px">${inner}</p>`;
    })
    .join("\n");
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#fbfaf7;color:#161826;font:15px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
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

export function chatOtpMail(to: string, code: string, validMinutes: number): OutgoingMail {
  // Not in the subject: subjects show on lock screens and in logs and mail lists.
  const subject = `Your ${brandName} chat code`;
  const { text, html } = layout(subject, [
    { text: `Your code to start a support chat with ${brandName}:` },
    {
      text: code,
      html: `<strong style="font-size:28px;letter-spacing:6px;font-family:ui-monospace,monospace">${code}</strong>`,
    },
    {
      text: `It is valid for ${validMinutes} minutes and works once. If you did not ask for it, you can ignore this e-mail: nobody can chat as you without it.`,
    },
  ]);
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
}

export function chatMissedReplyMail(given: MissedReplyInput): OutgoingMail {
  const input = {
    ...given,
    visitorName: stripFormatControls(given.visitorName),
    agentName: stripFormatControls(given.agentName),
  };
  const subject = `${input.agentName} from ${brandName} Support replied to your chat`;
  const { text, html } = layout(subject, [
    { text: `Hello ${input.visitorName},` },
    { text: `${input.agentName} answered in your support chat while you were away:` },
    { text: input.replyText, quote: true },
    {
      text: `Continue the conversation: ${input.chatUrl}`,
      html: `${link(input.chatUrl, "Continue the conversation")} on our website; your chat is kept open for you.`,
    },
  ]);
  return { kind: "chat_missed_reply", to: input.to, subject, text, html, eraseAfterSend: true };
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
}

/** An agent's answer to a chat the visitor left before anyone answered. */
export function chatEmailAnswerMail(given: ChatEmailAnswerInput): OutgoingMail {
  const input = {
    ...given,
    visitorName: stripFormatControls(given.visitorName),
    agentName: stripFormatControls(given.agentName),
  };
  const subject = `${input.agentName} from ${brandName} Support answered your chat`;
  const { text, html } = layout(subject, [
    { text: `Hello ${input.visitorName},` },
    {
      text: `You wrote to us in the support chat before anyone could answer. ${input.agentName} writes:`,
    },
    { text: input.answer, quote: true },
    {
      text: `Reply to this e-mail, or continue in the chat (this link signs you in once, for 7 days): ${input.chatUrl}`,
      html: `Reply to this e-mail, or ${link(input.chatUrl, "continue in the chat")}: this link signs you in once, for 7 days.`,
    },
  ]);
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
}

/** Times in the transcript: UTC, stated, since we do not know the visitor's zone. */
function utcTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * One message of the transcript in both bodies. Rendered one at a time by the caller, so a long
 * conversation can be built in slices without holding up the server.
 */
export function transcriptLine(message: TranscriptMessage): TranscriptLine {
  const author = stripFormatControls(message.author);
  return {
    text: `[${utcTime(message.at)}] ${author}:\n${message.text}`,
    html: `<p style="margin:0 0 12px"><strong><bdi>${escapeHtml(author)}</bdi></strong> <span style="color:#4d5366;font-size:13px">${escapeHtml(utcTime(message.at))}</span><br>${escapeHtml(message.text).replace(/\n/g, "<br>")}</p>`,
  };
}

export function chatTranscriptMail(input: TranscriptInput): OutgoingMail {
  const subject = `Your support chat with ${brandName}`;
  const intro = `Hello ${stripFormatControls(input.visitorName)}, here is your support chat with ${brandName} from ${utcTime(input.startedAt)} to ${utcTime(input.endedAt)}, as you asked.`;
  const lines =
    input.lines.length > 0
      ? input.lines
      : [
          transcriptLine({
            author: brandName,
            fromVisitor: false,
            at: input.endedAt,
            text: "(no messages)",
          }),
        ];
  const omitted = input.omitted ?? 0;
  const note =
    omitted > 0
      ? [
          {
            text: `The first ${omitted} ${omitted === 1 ? "message is" : "messages are"} left out: the whole conversation is too long for one e-mail.`,
          },
        ]
      : [];
  const { text, html } = layout(subject, [
    { text: intro },
    ...note,
    {
      text: lines.map((l) => l.text).join("\n\n"),
      html: lines.map((l) => l.html).join("\n"),
      quote: true,
    },
    ...(input.ratingUrl
      ? [
          {
            text: `How did we do? Rate this chat (no sign-in needed; the link works for 7 days): ${input.ratingUrl}`,
            html: `How did we do? ${link(input.ratingUrl, "Rate this chat")}: no sign-in needed, and the link works for 7 days.`,
          },
        ]
      : []),
    {
      text: `Something still open? Chat with us again (this link signs you in once, for 7 days): ${input.chatUrl}`,
      html: `Something still open? ${link(input.chatUrl, "Chat with us again")}: this link signs you in once, for 7 days. Or reply to our support address any time.`,
    },
  ]);
  return { kind: "chat_transcript", to: input.to, subject, text, html, eraseAfterSend: true };
}
