/**
 * The frames a client sends on the chat's sockets: the visitor's on /ws/support/{email}/ and the
 * agent's on /ws/agent/. The server parses every frame with these schemas; the widget and the
 * console type what they send with them.
 */
import { z } from "zod/mini";
import { clientIdSchema, messageHtmlSchema, msgTypeSchema } from "./chat-message";

// ---------------------------------------------------------------------------------------------
// Frames on /ws/support/{email}/

/** A message from the visitor; a frame without `message_type` is taken as a message. */
export const visitorMessageFrameSchema = z.object({
  message_type: z.optional(z.literal("message")),
  sender: z.optional(z.string()),
  receiver: z.optional(z.string()),
  message: messageHtmlSchema,
  msg_type: msgTypeSchema,
  client_id: clientIdSchema,
});
export type VisitorMessageFrame = z.infer<typeof visitorMessageFrameSchema>;

export const visitorChatEndFrameSchema = z.object({
  message_type: z.literal("chat_end"),
  target_email: z.optional(z.string()),
  user_type: z.optional(z.literal("user")),
});
export type VisitorChatEndFrame = z.infer<typeof visitorChatEndFrameSchema>;

export const visitorTypingFrameSchema = z.object({
  message_type: z.literal("typing"),
  typing: z.boolean(),
});
export type VisitorTypingFrame = z.infer<typeof visitorTypingFrameSchema>;

/**
 * By `message_type` (absent: a message), so a frame is checked against its own schema only: as a
 * plain union every message, the most frequent frame, was first tried as the two others, each
 * failure building its issues.
 */
export const visitorFrameSchema = z.discriminatedUnion("message_type", [
  visitorMessageFrameSchema,
  visitorChatEndFrameSchema,
  visitorTypingFrameSchema,
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
  message: messageHtmlSchema,
  msg_type: msgTypeSchema,
  client_id: clientIdSchema,
  /**
   * The newest message id the console showed in this conversation: when another agent has
   * written since, the message is refused with a `conflict` error and nothing is stored.
   */
  after_id: z.optional(
    z
      .number({ error: "after_id must be a message id." })
      .check(z.int(), z.minimum(0, "after_id must be a message id.")),
  ),
});
export type AgentMessageFrame = z.infer<typeof agentMessageFrameSchema>;

export const agentChatEndFrameSchema = z.object({
  message_type: z.literal("chat_end"),
  conversation_id: conversationId,
});
export type AgentChatEndFrame = z.infer<typeof agentChatEndFrameSchema>;

export const agentTypingFrameSchema = z.object({
  message_type: z.literal("typing"),
  conversation_id: conversationId,
  typing: z.boolean(),
});
export type AgentTypingFrame = z.infer<typeof agentTypingFrameSchema>;

/** The console shows this conversation now (null: none); the other consoles are told. */
export const agentViewingFrameSchema = z.object({
  message_type: z.literal("viewing"),
  conversation_id: z.nullable(conversationId),
});
export type AgentViewingFrame = z.infer<typeof agentViewingFrameSchema>;

export const agentFrameSchema = z.discriminatedUnion("message_type", [
  agentMessageFrameSchema,
  agentChatEndFrameSchema,
  agentTypingFrameSchema,
  agentViewingFrameSchema,
]);
export type AgentFrame = z.infer<typeof agentFrameSchema>;
