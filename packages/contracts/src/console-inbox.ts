/**
 * The console's two inboxes as they are listed and pushed: chat conversations (with their newest
 * message, unread count and waiting time) and contact messages (with who read and handled them).
 * GET /api/agent/conversations and GET /api/agent/contact-messages answer these lists; the agent
 * socket pushes one item at a time when it changes.
 */
import { z } from "zod/mini";
import { chatMessageSchema, chatParties } from "./chat-message";
import { assigneeSchema, searchMatchSchema } from "./console-team";

export const conversationSummarySchema = z.object({
  id: z.number(),
  visitor_name: z.string(),
  visitor_email: z.string(),
  state: z.enum(["open", "ended"]),
  started_at: z.number(),
  ended_at: z.nullable(z.number()),
  ended_by: z.nullable(z.enum(chatParties)),
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
  /**
   * Ended before any agent answered a visitor who wrote, and nobody has dealt with it since
   * (marked it handled or answered by e-mail).
   */
  missed: z.boolean(),
  /** The agent who took the conversation (display name only); null while unassigned. */
  assignee: z.nullable(assigneeSchema),
  /** When it last moved: its end, its newest message, or its start (the default list order). */
  activity_at: z.number(),
  /** In a search's answer: where the search found it. */
  match: z.optional(searchMatchSchema),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationSummaryListSchema = z.array(conversationSummarySchema);

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
