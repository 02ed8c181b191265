/**
 * The support chat's contract: request bodies of the visitor and agent endpoints, the
 * stored chat message, and every WebSocket frame in both directions. The widget, the console, the
 * server and the tests all parse with these schemas, so a field means the same thing everywhere.
 */
import { z } from "zod/mini";
import { emailField } from "./email-address";
import { nameField } from "./person-name";

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

/** The messages of the chat's registration form, exactly as the visitor sees them. */
export const chatFormMessages = {
  nameRequired: "Name is required.",
  emailRequired: "This field is required",
  emailInvalid: "Invalid email format",
} as const;

const email = emailField(
  { required: chatFormMessages.emailRequired, invalid: chatFormMessages.emailInvalid },
  { normalize: true },
);

const username = nameField(
  {
    required: chatFormMessages.nameRequired,
    tooLong: `Please keep your name to ${chatLimits.name} characters or fewer.`,
    invalid: "Please use only letters, spaces and punctuation.",
  },
  chatLimits.name,
);

const clientId = z
  .string({ error: "client_id is required" })
  .check(z.regex(/^[\w-]{8,64}$/, "client_id must be 8-64 letters, digits, - or _"));

const messageHtml = z.string({ error: "message is required" }).check(
  z.maxLength(chatLimits.message, "That message is too long."),
  z.refine((v) => v.trim().length > 0, "An empty message is not sent."),
);

export const msgTypes = ["text", "image"] as const;
export type MsgType = (typeof msgTypes)[number];
const msgType = z.enum(msgTypes, { error: "msg_type must be text or image" });

// ---------------------------------------------------------------------------------------------
// Visitor endpoints

export const chatEmailBodySchema = z.object({ email });
export type ChatEmailBody = z.infer<typeof chatEmailBodySchema>;

export const checkChatEmailAnswerSchema = z.object({
  status: z.literal(200),
  is_verify: z.boolean(),
});
export type CheckChatEmailAnswer = z.infer<typeof checkChatEmailAnswerSchema>;

export const verifyOtpBodySchema = z.object({
  email,
  otp: z
    .string({ error: "Please enter the code from the e-mail." })
    .check(z.trim(), z.regex(/^\d{6}$/, "The code is the 6 digits from the e-mail.")),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;

export const registerBodySchema = z.object({
  username,
  email,
  /** "E-mail me a transcript" when the chat ends. */
  transcript: z.optional(z.boolean()),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const chatUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  conversation_id: z.number(),
  /** Whether at least one agent is signed in and connected right now. */
  agents_online: z.boolean(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const uploadAnswerSchema = z.object({ status: z.literal(200), url: z.string() });
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The chat message, as stored, listed and pushed

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
  msg_type: msgType,
  sender_username: z.string(),
  /** "visitor" or "agent": who wrote it, whatever the display names say. */
  sender_type: z.enum(["visitor", "agent"]),
  created_at: z.number(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessageListSchema = z.array(chatMessageSchema);

// ---------------------------------------------------------------------------------------------
// Frames on /ws/support/{email}/

/** A message from the visitor; a frame without `message_type` is taken as a message. */
export const visitorMessageFrameSchema = z.object({
  message_type: z.optional(z.literal("message")),
  sender: z.optional(z.string()),
  receiver: z.optional(z.string()),
  message: messageHtml,
  msg_type: msgType,
  client_id: clientId,
});

export const visitorChatEndFrameSchema = z.object({
  message_type: z.literal("chat_end"),
  target_email: z.optional(z.string()),
  user_type: z.optional(z.literal("user")),
});

export const typingFrameSchema = z.object({
  message_type: z.literal("typing"),
  typing: z.boolean(),
});

export const visitorFrameSchema = z.union([
  visitorChatEndFrameSchema,
  typingFrameSchema,
  visitorMessageFrameSchema,
]);
export type VisitorFrame = z.infer<typeof visitorFrameSchema>;

// ---------------------------------------------------------------------------------------------
// Frames on /ws/agent/

/**
 * A conversation's id as the agent sends it: a whole number the database can hold (1.5 or 2^63
 * would reach the query and fail there, on PostgreSQL, instead of being refused here).
 */
const conversationId = z
  .number({ error: "conversation_id must be a conversation id." })
  .check(z.int(), z.minimum(1, "conversation_id must be a conversation id."));

export const agentMessageFrameSchema = z.object({
  message_type: z.literal("message"),
  conversation_id: conversationId,
  message: messageHtml,
  msg_type: msgType,
  client_id: clientId,
});

export const agentChatEndFrameSchema = z.object({
  message_type: z.literal("chat_end"),
  conversation_id: conversationId,
});

export const agentTypingFrameSchema = z.object({
  message_type: z.literal("typing"),
  conversation_id: conversationId,
  typing: z.boolean(),
});

export const agentFrameSchema = z.discriminatedUnion("message_type", [
  agentMessageFrameSchema,
  agentChatEndFrameSchema,
  agentTypingFrameSchema,
]);
export type AgentFrame = z.infer<typeof agentFrameSchema>;

// ---------------------------------------------------------------------------------------------
// Frames the server sends (to visitors, agents, or both)

export interface AckFrame {
  message_type: "ack";
  client_id: string;
  id: number;
}

export type MessageFrame = { message_type: "message" } & ChatMessage;

export interface ChatEndedFrame {
  message_type: "chat_ended";
  conversation_id: number;
  target_email: string;
  ended_at: number;
  ended_by: "visitor" | "agent";
}

export interface PresenceFrame {
  message_type: "presence";
  agents_online: boolean;
}

export interface TypingFrame {
  message_type: "typing";
  conversation_id: number;
  typing: boolean;
  /** Who is typing: "visitor" or "agent". */
  from: "visitor" | "agent";
  /** On the agent socket, when an agent types: which agent, so the others can see who. */
  agent_id?: number;
  agent_name?: string;
}

/** On the agent socket: a visitor's first tab connected (online) or last tab closed. */
export interface VisitorPresenceFrame {
  message_type: "visitor_presence";
  visitor_email: string;
  online: boolean;
}

/** On the agent socket: an agent's first console connected (online) or last one closed. */
export interface AgentPresenceFrame {
  message_type: "agent_presence";
  agent_id: number;
  online: boolean;
}

export interface ErrorFrame {
  message_type: "error";
  code: "bad_frame" | "too_large" | "rate_limited" | "chat_ended" | "forbidden" | "internal";
  message: string;
  client_id?: string;
}

export const conversationSummarySchema = z.object({
  id: z.number(),
  visitor_name: z.string(),
  visitor_email: z.string(),
  state: z.enum(["open", "ended"]),
  started_at: z.number(),
  ended_at: z.nullable(z.number()),
  ended_by: z.nullable(z.enum(["visitor", "agent"])),
  last_message: z.nullable(chatMessageSchema),
  /** Visitor messages no agent has read yet. */
  unread: z.number(),
  /**
   * When the visitor's oldest unanswered message was sent: the first visitor message after the
   * newest agent message. Null when the visitor is not waiting (answered, nothing sent, or ended).
   */
  waiting_since: z.nullable(z.number()),
  /** At least one of the visitor's tabs has the chat socket open right now. */
  visitor_online: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationSummaryListSchema = z.array(conversationSummarySchema);

export type ConversationFrame = { message_type: "conversation" } & ConversationSummary;

export const contactMessageSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  message: z.string(),
  received_at: z.number(),
  /** An agent has opened it. */
  read: z.boolean(),
  /** An agent has dealt with it (answered it, or decided it needs no answer). */
  handled: z.boolean(),
  handled_at: z.nullable(z.number()),
  /** The display name of the agent who marked it handled. */
  handled_by: z.nullable(z.string()),
});
export type ContactMessageSummary = z.infer<typeof contactMessageSummarySchema>;
export const contactMessageSummaryListSchema = z.array(contactMessageSummarySchema);

export type ContactMessageFrame = { message_type: "contact_message" } & ContactMessageSummary;

export type VisitorServerFrame =
  AckFrame | MessageFrame | ChatEndedFrame | PresenceFrame | TypingFrame | ErrorFrame;

export type AgentServerFrame =
  | AckFrame
  | MessageFrame
  | ChatEndedFrame
  | ConversationFrame
  | ContactMessageFrame
  | TypingFrame
  | VisitorPresenceFrame
  | AgentPresenceFrame
  | ErrorFrame;

// ---------------------------------------------------------------------------------------------
// Agent endpoints

export const agentRoles = ["admin", "agent"] as const;
export type AgentRole = (typeof agentRoles)[number];

/** An agent's password: the console's rules for a new one, and sign-in's limit for any. */
export const agentPasswordRules = { minLength: 12, maxLength: 1024 } as const;

export const agentLoginBodySchema = z.object({
  email: z
    .string({ error: "Please enter your e-mail address." })
    .check(
      z.trim(),
      z.minLength(1, "Please enter your e-mail address."),
      z.maxLength(chatLimits.email, "That e-mail address is too long."),
    ),
  password: z
    .string({ error: "Please enter your password." })
    .check(
      z.minLength(1, "Please enter your password."),
      z.maxLength(agentPasswordRules.maxLength, "That password is too long."),
    ),
});
export type AgentLoginBody = z.infer<typeof agentLoginBodySchema>;

export interface AgentProfile {
  id: number;
  name: string;
  email: string;
  role: AgentRole;
}

/** Plain text typed by a person becomes this HTML: escaped, line breaks kept. */
export function textToMessageHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\r\n?/g, "\n")
    .replace(/\n/g, "<br>");
}

/** The HTML of an image message pointing at an uploaded file. */
export function imageMessageHtml(url: string): string {
  return `<img src="${url.replace(/"/g, "&quot;")}" alt="Image sent in the chat">`;
}
