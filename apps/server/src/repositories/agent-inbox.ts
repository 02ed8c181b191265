/**
 * What the support console lists: conversations with their newest message and unread count, a
 * conversation's messages (marking them read), and contact messages.
 */
import type {
  ChatMessage,
  ContactMessageSummary,
  ConversationSummary,
} from "@hourline/contracts/chat";
import type { Kysely } from "kysely";
import { toChatMessage } from "../chat/chat-message-row";
import type { ConversationState, Database } from "../db/schema";
import { listMessagesAfter } from "./chat-messages";
import { listContactMessages } from "./contact-messages";

export const agentInboxLimits = {
  conversations: 200,
  messagesPerPage: 1000,
  contactMessages: 200,
} as const;

/** One row per conversation with its newest message id, unread count and last activity. */
function summaryRows(db: Kysely<Database>) {
  return db.selectFrom("chat_conversations as c").select((eb) => [
    "c.id",
    "c.visitor_name",
    "c.visitor_email",
    "c.state",
    "c.started_at",
    "c.ended_at",
    "c.ended_by",
    eb
      .selectFrom("chat_messages as m")
      .select((m) => m.fn.max("m.id").as("last_id"))
      .whereRef("m.conversation_id", "=", "c.id")
      .as("last_message_id"),
    eb
      .selectFrom("chat_messages as u")
      .select((u) => u.fn.countAll().as("n"))
      .whereRef("u.conversation_id", "=", "c.id")
      .where("u.sender_type", "=", "visitor")
      .whereRef("u.id", ">", "c.agent_read_id")
      .as("unread"),
    eb.fn
      .coalesce(
        "c.ended_at",
        eb
          .selectFrom("chat_messages as t")
          .select((t) => t.fn.max("t.created_at").as("last_at"))
          .whereRef("t.conversation_id", "=", "c.id"),
        "c.started_at",
      )
      .as("activity_at"),
  ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryRows>["execute"]>>[number];

/** The rows with their newest messages, read in one query. */
async function toSummaries(
  db: Kysely<Database>,
  rows: SummaryRow[],
): Promise<ConversationSummary[]> {
  const lastIds = rows.flatMap((r) =>
    r.last_message_id == null ? [] : [Number(r.last_message_id)],
  );
  const lastMessages = new Map<number, ChatMessage>();
  if (lastIds.length > 0) {
    const messages = await db
      .selectFrom("chat_messages")
      .selectAll()
      .where("id", "in", lastIds)
      .execute();
    for (const row of messages) lastMessages.set(row.conversation_id, toChatMessage(row));
  }
  return rows.map((r) => ({
    id: r.id,
    visitor_name: r.visitor_name,
    visitor_email: r.visitor_email,
    state: r.state,
    started_at: r.started_at,
    ended_at: r.ended_at,
    ended_by: r.ended_by,
    last_message: lastMessages.get(r.id) ?? null,
    unread: Number(r.unread ?? 0),
  }));
}

/**
 * Newest activity first: an ended conversation's last activity is its end, an open one's is its
 * newest message (or its start when it has none yet).
 */
export async function listConversationSummaries(
  db: Kysely<Database>,
  state: ConversationState,
  { limit = agentInboxLimits.conversations }: { limit?: number } = {},
): Promise<ConversationSummary[]> {
  const rows = await summaryRows(db)
    .where("c.state", "=", state)
    .orderBy("activity_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return toSummaries(db, rows);
}

/** One conversation as the list shows it (pushed to agents when it opens or changes). */
export async function findConversationSummary(
  db: Kysely<Database>,
  id: number,
): Promise<ConversationSummary | undefined> {
  const rows = await summaryRows(db).where("c.id", "=", id).execute();
  return (await toSummaries(db, rows))[0];
}

export async function conversationExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db
    .selectFrom("chat_conversations")
    .select("id")
    .where("id", "=", id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The conversation's messages after `afterId`, oldest first, one page at most; undefined for an
 * unknown conversation. What is returned counts as read by the agents (agent_read_id only grows).
 */
export async function readConversationMessages(
  db: Kysely<Database>,
  conversationId: number,
  {
    afterId = 0,
    limit = agentInboxLimits.messagesPerPage,
  }: { afterId?: number; limit?: number } = {},
): Promise<ChatMessage[] | undefined> {
  if (!(await conversationExists(db, conversationId))) return undefined;
  const messages = await listMessagesAfter(db, conversationId, { afterId, limit });
  const newest = messages.at(-1)?.id;
  if (newest !== undefined) {
    await db
      .updateTable("chat_conversations")
      .set({ agent_read_id: newest })
      .where("id", "=", conversationId)
      .where("agent_read_id", "<", newest)
      .execute();
  }
  return messages;
}

/** Newest first. */
export async function listContactMessageSummaries(
  db: Kysely<Database>,
  { limit = agentInboxLimits.contactMessages }: { limit?: number } = {},
): Promise<ContactMessageSummary[]> {
  const messages = await listContactMessages(db, { limit });
  return messages.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    message: m.message,
    received_at: m.receivedAt,
    handled: m.handled,
  }));
}
