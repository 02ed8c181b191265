/**
 * The support chat's message: its limits, the HTML it may hold, and the message as stored, listed
 * and pushed. Everything else of the chat (endpoints, frames, the console's lists) builds on this;
 * the widget, the console, the server and the tests all parse with these schemas, so a field means
 * the same thing everywhere.
 */
import { z } from "zod/mini";
import { stripDirectionOverrides, trimEndWhere } from "./text";

export const chatLimits = {
  name: 100,
  email: 254,
  /** Sanitized HTML of one message; a frame is capped at 64 KB anyway. */
  message: 20_000,
  /** What the visitor may type in one message, before it becomes HTML. */
  typedText: 5_000,
  clientId: 64,
  frameBytes: 64 * 1024,
  uploadBytes: 25 * 1024 * 1024,
  otpDigits: 6,
} as const;

/** The one image types an upload may be; never SVG. */
export const uploadImageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Where uploaded images are served; the only image source a message may use. */
export const uploadPathPrefix = "/api/support/uploads/";

/**
 * What message HTML may hold, for both sanitizers: the server's (sanitize-html, before storing)
 * and the browser's (DOMPurify, before rendering). Each adds its own checks of link and image URLs.
 */
export const messageHtmlAllowlist = {
  tags: [
    "br",
    "p",
    "div",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
  ],
  /** Per tag; every other tag has none. */
  attributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt", "width", "height"],
  },
  /** What every link gets, whatever it had. */
  link: { rel: "noopener noreferrer nofollow", target: "_blank" },
} as const;

export const msgTypes = ["text", "image"] as const;
export type MsgType = (typeof msgTypes)[number];
export const msgTypeSchema = z.enum(msgTypes, { error: "msg_type must be text or image" });

/** Who wrote a message, or ended a chat: "visitor" or "agent", whatever the display names say. */
export const chatParties = ["visitor", "agent"] as const;
export type ChatParty = (typeof chatParties)[number];

/** The id a client gives each message it sends, so a resend is stored once. */
export const clientIdSchema = z
  .string({ error: "client_id is required" })
  .check(z.regex(/^[\w-]{8,64}$/, "client_id must be 8-64 letters, digits, - or _"));

/** A message's HTML as a client sends it (the server sanitizes it before storing). */
export const messageHtmlSchema = z.string({ error: "message is required" }).check(
  z.maxLength(chatLimits.message, "That message is too long."),
  z.refine((v) => v.trim().length > 0, "An empty message is not sent."),
);

export const chatMessageSchema = z.object({
  id: z.number(),
  client_id: z.nullable(z.string()),
  conversation_id: z.number(),
  /**
   * The visitor's e-mail on the visitor's messages. On an agent's message: the agent's e-mail in
   * the console, the literal "support" to visitors (who tell sides apart by sender_type and see
   * the agent's display name in sender_username).
   */
  sender: z.string(),
  /** "null" from the visitor; the visitor's e-mail from an agent. */
  receiver: z.string(),
  message: z.string(),
  msg_type: msgTypeSchema,
  sender_username: z.string(),
  /** "visitor" or "agent": who wrote it, whatever the display names say. */
  sender_type: z.enum(chatParties),
  created_at: z.number(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /api/support/get_message/{email}/ and GET /api/agent/conversations/{id}/messages. */
export const chatMessageListSchema = z.array(chatMessageSchema);

/**
 * What a link's address may not hold (besides whitespace): controls, and the invisible
 * bidirectional and zero-width characters that could disguise where it leads. The server's
 * sanitizer refuses a link holding one; a typed address ends before one.
 */
export const linkInvisibles =
  "\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f";

/**
 * Plain text typed by a person becomes this HTML: escaped, line breaks kept, and without the
 * embeddings, overrides and isolates the sanitizer drops too (they could reorder what follows), so
 * what the writer sees while sending is what is stored.
 */
export function textToMessageHtml(text: string): string {
  return stripDirectionOverrides(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\r\n?/g, "\n")
    .replace(/\n/g, "<br>");
}

/**
 * An agent's typed reply as message HTML, with every http(s) address in it a link (its text is the
 * address itself, so it always shows where it leads). Only http and https become links; the
 * server's sanitizer checks every link again before storing.
 */
export function textToLinkedMessageHtml(text: string): string {
  // A URL ends before whitespace, a quote, an angle bracket or a character a link may not hold,
  // and does not take trailing punctuation of the sentence around it.
  const urlPattern = new RegExp(`https?://[^\\s<>"'${linkInvisibles}]+`, "gi");
  let out = "";
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    let url = match[0];
    url = trimEndWhere(url, (c) => ".,;:!?)]".includes(c));
    const start = match.index;
    out += textToMessageHtml(text.slice(last, start));
    let valid = false;
    try {
      const parsed = new URL(url);
      valid = parsed.protocol === "http:" || parsed.protocol === "https:";
    } catch {
      valid = false;
    }
    const escaped = textToMessageHtml(url);
    out += valid ? `<a href="${escaped}">${escaped}</a>` : escaped;
    last = start + url.length;
  }
  return out + textToMessageHtml(text.slice(last));
}

/** The HTML of an image message pointing at an uploaded file. */
export function imageMessageHtml(url: string): string {
  return `<img src="${url.replace(/"/g, "&quot;")}" alt="Image sent in the chat">`;
}
