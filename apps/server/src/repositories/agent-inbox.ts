/**
 * What the support console reads of the chat: conversations with their newest message and unread
 * count, a visitor's details and other conversations, and a conversation's messages. Reading marks
 * nothing read; markConversationRead does, for what a console showed.
 */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { conversationMessagesPerPage } from "@hourline/contracts/console";
import type { Kysely } from "kysely";
import { toChatMessage } from "../chat/chat-message-row";
import type { ConversationState, Database } from "../db/schema";
import { listMessagesAfter } from "./chat-messages";

/**
 * A conversation as the list shows it, but for the visitor's presence, which lives in the chat
 * broker, not the database (ConsoleReadModel in chat/console-read-model.ts adds it).
 */
export type ConversationRecord = Omit<ConversationSummary, "visitor_online">;

export const agentInboxLimits = {
  conversations: 200,
  messagesPerPage: conversationMessagesPerPage,
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
    // The oldest visitor message after the newest agent message: what is still unanswered.
    eb
      .selectFrom("chat_messages as w")
      .select((w) => w.fn.min("w.created_at").as("since"))
      .whereRef("w.conversation_id", "=", "c.id")
      .where("w.sender_type", "=", "visitor")
      .where((w) =>
        w(
          "w.id",
          ">",
          w.fn.coalesce(
            w
              .selectFrom("chat_messages as r")
              .select((r) => r.fn.max("r.id").as("replied"))
              .whereRef("r.conversation_id", "=", "c.id")
              .where("r.sender_type", "=", "agent"),
            w.lit(0),
          ),
        ),
      )
      .as("waiting_since"),
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
): Promise<ConversationRecord[]> {
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
    waiting_since: r.state === "open" && r.waiting_since != null ? Number(r.waiting_since) : null,
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
): Promise<ConversationRecord[]> {
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
): Promise<ConversationRecord | undefined> {
  const rows = await summaryRows(db).where("c.id", "=", id).execute();
  return (await toSummaries(db, rows))[0];
}

/** The visitor's other conversations, newest first. */
export async function listVisitorConversations(
  db: Kysely<Database>,
  email: string,
  { exceptId, limit }: { exceptId: number; limit: number },
): Promise<ConversationRecord[]> {
  const rows = await summaryRows(db)
    .where("c.visitor_email", "=", email)
    .where("c.id", "!=", exceptId)
    .orderBy("c.started_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return toSummaries(db, rows);
}

/**
 * Everything up to `lastId` (never past the conversation's newest message) counts as read by the
 * agents. True when agent_read_id moved, so the caller can tell every agent.
 */
export async function markConversationRead(
  db: Kysely<Database>,
  conversationId: number,
  lastId: number,
): Promise<boolean> {
  const newest = await db
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
  const upTo = Math.min(lastId, Number(newest?.id ?? 0));
  if (upTo <= 0) return false;
  const result = await db
    .updateTable("chat_conversations")
    .set({ agent_read_id: upTo })
    .where("id", "=", conversationId)
    .where("agent_read_id", "<", upTo)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
 * unknown conversation. Reading changes nothing: what an agent has seen is marked with
 * markConversationRead, by the console that showed it.
 */
export async function listConversationMessages(
  db: Kysely<Database>,
  conversationId: number,
  {
    afterId = 0,
    limit = agentInboxLimits.messagesPerPage,
  }: { afterId?: number; limit?: number } = {},
): Promise<ChatMessage[] | undefined> {
  if (!(await conversationExists(db, conversationId))) return undefined;
  return listMessagesAfter(db, conversationId, { afterId, limit });
}
