/**
 * The support chat's e-mails: the one-time code, the support inbox's alert about a conversation
 * that started while no agent was online, and the visitor's copy of a reply they have not seen.
 * Plain text and HTML carry the same content; everything a person typed is escaped.
 */
import { escapeHtml } from "../../html/escape-html";
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
  const subject = `${code} is your ${brandName} chat code`;
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
  return { kind: "chat_otp", to, subject, text, html };
}

export interface OfflineAlertInput {
  conversationId: number;
  visitorName: string;
  visitorEmail: string;
  startedAt: number;
}

export function chatOfflineAlertMail(
  input: OfflineAlertInput,
  settings: { supportInbox: string; publicUrl: string },
): OutgoingMail {
  const consoleUrl = `${settings.publicUrl}/console`;
  const subject = `New chat from ${input.visitorName} while no agent is online`;
  const { text, html } = layout(subject, [
    {
      text: `${input.visitorName} (${input.visitorEmail}) started a support chat (conversation #${input.conversationId}) while no agent was online. The widget promised an answer by e-mail within 2 hours.`,
    },
    {
      text: `Answer in the console: ${consoleUrl}`,
      html: `Answer in the ${link(consoleUrl, "support console")}, or reply to this e-mail to write to ${escapeHtml(input.visitorEmail)} directly.`,
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

export function chatMissedReplyMail(input: MissedReplyInput): OutgoingMail {
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
  return { kind: "chat_missed_reply", to: input.to, subject, text, html };
}

export interface TranscriptInput {
  to: string;
  visitorName: string;
  startedAt: number;
  endedAt: number;
  lines: { author: string; fromVisitor: boolean; at: number; text: string }[];
}

/** Times in the transcript: UTC, stated, since we do not know the visitor's zone. */
function utcTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function chatTranscriptMail(input: TranscriptInput): OutgoingMail {
  const subject = `Your support chat with ${brandName}`;
  const intro = `Hello ${input.visitorName}, here is your support chat with ${brandName} from ${utcTime(input.startedAt)} to ${utcTime(input.endedAt)}, as you asked.`;
  const lines =
    input.lines.length > 0
      ? input.lines
      : [{ author: brandName, fromVisitor: false, at: input.endedAt, text: "(no messages)" }];
  const textLines = lines.map((l) => `[${utcTime(l.at)}] ${l.author}:\n${l.text}`).join("\n\n");
  const htmlLines = lines
    .map(
      (l) =>
        `<p style="margin:0 0 12px"><strong>${escapeHtml(l.author)}</strong> <span style="color:#4d5366;font-size:13px">${escapeHtml(utcTime(l.at))}</span><br>${escapeHtml(l.text).replace(/\n/g, "<br>")}</p>`,
    )
    .join("\n");
  const { text, html } = layout(subject, [
    { text: intro },
    { text: textLines, html: htmlLines, quote: true },
    { text: "Reply to our support address any time if something is still open." },
  ]);
  return { kind: "chat_transcript", to: input.to, subject, text, html };
}
