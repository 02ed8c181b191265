/**
 * The frames the server sends on the chat's sockets, each with its schema: what the visitor's
 * socket receives (VisitorServerFrame) and what the agent's socket receives (AgentServerFrame),
 * both discriminated on `message_type`. The widget and the console parse every incoming frame with
 * these; the server types what it sends and what travels between instances with them.
 */
import { z } from "zod/mini";
import { agentProfileSchema } from "./agent-sign-in";
import { chatMessageSchema, chatParties } from "./chat-message";
import { contactMessageSummarySchema, conversationSummarySchema } from "./console-inbox";
import { agentAvailabilities, agentEntrySchema } from "./console-team";

/** A message is stored: `id` is its row, `client_id` the sender's own id for it. */
export const ackFrameSchema = z.object({
  message_type: z.literal("ack"),
  client_id: z.string(),
  id: z.number(),
});
export type AckFrame = z.infer<typeof ackFrameSchema>;

/** A stored message, to the visitor's tabs (sender "support" for agents) and to every agent. */
export const messageFrameSchema = z.extend(chatMessageSchema, {
  message_type: z.literal("message"),
  /**
   * The message before this one in its conversation (null for the first). A client whose last
   * message is older missed one on the way (an instance or Redis restarted) and fetches `?after=`.
   */
  previous_id: z.optional(z.nullable(z.number())),
});
export type MessageFrame = z.infer<typeof messageFrameSchema>;

export const chatEndedFrameSchema = z.object({
  message_type: z.literal("chat_ended"),
  conversation_id: z.number(),
  target_email: z.string(),
  ended_at: z.number(),
  ended_by: z.enum(chatParties),
  /**
   * To the visitor only: the token for "How did we do?" (POST /api/support/rating), good for one
   * rating for 7 days. Agents' copies of the frame never carry it.
   */
  rating_token: z.optional(z.string()),
});
export type ChatEndedFrame = z.infer<typeof chatEndedFrameSchema>;

/** On the visitor socket: whether any agent is connected, when that changes and on connecting. */
export const presenceFrameSchema = z.object({
  message_type: z.literal("presence"),
  agents_online: z.boolean(),
});
export type PresenceFrame = z.infer<typeof presenceFrameSchema>;

export const typingFrameSchema = z.object({
  message_type: z.literal("typing"),
  conversation_id: z.number(),
  typing: z.boolean(),
  /** Who is typing: "visitor" or "agent". */
  from: z.enum(chatParties),
  /** On the agent socket, when an agent types: which agent, so the others can see who. */
  agent_id: z.optional(z.number()),
  agent_name: z.optional(z.string()),
});
export type TypingFrame = z.infer<typeof typingFrameSchema>;

export const chatErrorCodes = [
  "bad_frame",
  "too_large",
  "rate_limited",
  "chat_ended",
  "forbidden",
  /** An agent's message written before another agent's newer one: nothing was stored. */
  "conflict",
  "internal",
  // Refused for now (the database is away): nothing was stored, the client sends it again itself.
  "unavailable",
] as const;
export type ChatErrorCode = (typeof chatErrorCodes)[number];

/** A frame was refused; `client_id` names the message it was, when it was one. */
export const errorFrameSchema = z.object({
  message_type: z.literal("error"),
  // A code this client does not know yet still fails the message: it reads as "internal".
  code: z.catch(z.enum(chatErrorCodes), "internal"),
  message: z.string(),
  client_id: z.optional(z.string()),
});
export type ErrorFrame = z.infer<typeof errorFrameSchema>;

/** On the agent socket: a conversation as the list shows it (opened, resumed, read). */
export const conversationFrameSchema = z.extend(conversationSummarySchema, {
  message_type: z.literal("conversation"),
});
export type ConversationFrame = z.infer<typeof conversationFrameSchema>;

/** On the agent socket: a contact message arrived, or was marked read or handled. */
export const contactMessageFrameSchema = z.extend(contactMessageSummarySchema, {
  message_type: z.literal("contact_message"),
});
export type ContactMessageFrame = z.infer<typeof contactMessageFrameSchema>;

/** On the agent socket: a visitor's first tab connected (online) or last tab closed. */
export const visitorPresenceFrameSchema = z.object({
  message_type: z.literal("visitor_presence"),
  visitor_email: z.string(),
  online: z.boolean(),
});
export type VisitorPresenceFrame = z.infer<typeof visitorPresenceFrameSchema>;

/** On the agent socket: an agent's first console connected (online) or last one closed. */
export const agentPresenceFrameSchema = z.object({
  message_type: z.literal("agent_presence"),
  agent_id: z.number(),
  online: z.boolean(),
  /** Sent when the agent chose online or away: what the others now see. */
  availability: z.optional(z.enum(agentAvailabilities)),
});
export type AgentPresenceFrame = z.infer<typeof agentPresenceFrameSchema>;

/**
 * On the agent socket: which conversation an agent's console shows (null: none), so the others
 * see who is looking at a chat. Sent when it changes and when the console closes.
 */
export const viewingFrameSchema = z.object({
  message_type: z.literal("viewing"),
  agent_id: z.number(),
  agent_name: z.string(),
  conversation_id: z.nullable(z.number()),
});
export type ViewingFrame = z.infer<typeof viewingFrameSchema>;

/**
 * Events may have been missed (the instances lost touch with each other for a while and have it
 * back): fetch what came after the last message held (`?after=`) and the lists.
 */
export const catchUpFrameSchema = z.object({ message_type: z.literal("catch_up") });
export type CatchUpFrame = z.infer<typeof catchUpFrameSchema>;

/**
 * On the agent socket: an agent added an internal note or answered by e-mail. Never on a
 * visitor's channel.
 */
export const agentEntryFrameSchema = z.extend(agentEntrySchema, {
  message_type: z.literal("agent_entry"),
});
export type AgentEntryFrame = z.infer<typeof agentEntryFrameSchema>;

/** On the agent socket: a visitor rated a conversation (or replaced their rating). */
export const ratingFrameSchema = z.object({
  message_type: z.literal("rating"),
  conversation_id: z.number(),
  score: z.number(),
  comment: z.nullable(z.string()),
  rated_at: z.number(),
});
export type RatingFrame = z.infer<typeof ratingFrameSchema>;

/**
 * On the agent socket: conversations were erased (an admin erased a visitor's data); every
 * console drops them from its lists and closes them if open.
 */
export const conversationsRemovedFrameSchema = z.object({
  message_type: z.literal("conversations_removed"),
  conversation_ids: z.array(z.number()),
});
export type ConversationsRemovedFrame = z.infer<typeof conversationsRemovedFrameSchema>;

/**
 * On the agent socket, to that agent's consoles only: their own name or role changed (an admin
 * made them admin or took it away). The console shows or hides admin screens at once; the server
 * checks the role on every request anyway.
 */
export const profileFrameSchema = z.object({
  message_type: z.literal("profile"),
  agent: agentProfileSchema,
});
export type ProfileFrame = z.infer<typeof profileFrameSchema>;

/** Every frame /ws/support/{email}/ sends. */
export const visitorServerFrameSchema = z.discriminatedUnion("message_type", [
  ackFrameSchema,
  messageFrameSchema,
  chatEndedFrameSchema,
  presenceFrameSchema,
  typingFrameSchema,
  errorFrameSchema,
  catchUpFrameSchema,
]);
export type VisitorServerFrame = z.infer<typeof visitorServerFrameSchema>;

/** Every frame /ws/agent/ sends. */
export const agentServerFrameSchema = z.discriminatedUnion("message_type", [
  ackFrameSchema,
  messageFrameSchema,
  chatEndedFrameSchema,
  conversationFrameSchema,
  contactMessageFrameSchema,
  typingFrameSchema,
  visitorPresenceFrameSchema,
  agentPresenceFrameSchema,
  agentEntryFrameSchema,
  viewingFrameSchema,
  ratingFrameSchema,
  errorFrameSchema,
  catchUpFrameSchema,
  conversationsRemovedFrameSchema,
  profileFrameSchema,
]);
export type AgentServerFrame = z.infer<typeof agentServerFrameSchema>;
