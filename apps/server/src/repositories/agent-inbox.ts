/**
 * What the support console reads of the chat: conversations with their newest message and unread
 * count, a visitor's details and other conversations, and a conversation's messages. Reading marks
 * nothing read; markConversationRead does, for what a console showed.
 */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { conversationMessagesPerPage } from "@hourline/contracts/console";
import type { ExpressionBuilder, Kysely } from "kysely";
import { toChatMessage } from "../chat/chat-message-row";
import type { Database } from "../db/schema";
import { listMessagesAfter } from "./chat-messages";

/**
 * A conversation as the list shows it, but for the visitor's presence, which lives in the chat
 * broker, not the database (ConsoleReadModel in chat/console-read-model.ts adds it).
 */
export type ConversationRecord = Omit<ConversationSummary, "visitor_online">;

export const agentInboxLimits = {
  messagesPerPage: conversationMessagesPerPage,
} as const;

/** Expressions about the conversation `c` of a query over the chat_conversations table. */
export type ConversationScope = ExpressionBuilder<
  Database & { c: Database["chat_conversations"] },
  "c"
>;

/** Whether the conversation has a message from this side (a subquery for selects and filters). */
export function hasMessageFrom(eb: ConversationScope, side: "visitor" | "agent") {
  return eb.exists(
    eb
      .selectFrom("chat_messages as x")
      .select("x.id")
      .whereRef("x.conversation_id", "=", "c.id")
      .where("x.sender_type", "=", side),
  );
}

/**
 * Missed: ended before any agent answered a visitor who wrote, and not dealt with since. One
 * definition for the flag on each summary, the missed view and its count.
 */
export function isMissed(eb: ConversationScope) {
  return eb.and([
    eb("c.state", "=", "ended"),
    eb("c.missed_handled_at", "is", null),
    hasMessageFrom(eb, "visitor"),
    eb.not(hasMessageFrom(eb, "agent")),
  ]);
}

/**
 * When the conversation's oldest visitor message after the newest agent message was written: how
 * long it has waited for an answer (null when nothing waits). The list and /metrics share it.
 */
export function waitingSince(eb: ConversationScope) {
  return eb
    .selectFrom("chat_messages as w")
    .select((w) => w.fn.min<number>("w.created_at").as("since"))
    .whereRef("w.conversation_id", "=", "c.id")
    .where("w.sender_type", "=", "visitor")
    .where((w) =>
      w(
        "w.id",
        ">",
        w.fn.coalesce(
          w
            .selectFrom("chat_messages as r")
            .select((r) => r.fn.max<number>("r.id").as("replied"))
            .whereRef("r.conversation_id", "=", "c.id")
            .where("r.sender_type", "=", "agent"),
          w.lit(0),
        ),
      ),
    );
}

/** When a conversation last moved: its end, its newest message, or its start. */
export function activityAt(eb: ConversationScope) {
  return eb.fn.coalesce(
    "c.ended_at",
    eb
      .selectFrom("chat_messages as t")
      .select((t) => t.fn.max("t.created_at").as("last_at"))
      .whereRef("t.conversation_id", "=", "c.id"),
    "c.started_at",
  );
}

/** One row per conversation with its newest message id, unread count and last activity. */
export function summaryRows(db: Kysely<Database>) {
  return db
    .selectFrom("chat_conversations as c")
    .leftJoin("agents as a", "a.id", "c.assigned_agent_id")
    .select((eb) => [
      "c.id",
      "c.visitor_name",
      "c.visitor_email",
      "c.state",
      "c.started_at",
      "c.ended_at",
      "c.ended_by",
      "c.assigned_agent_id",
      "c.reopened_at",
      "a.name as assignee_name",
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
      waitingSince(eb).as("waiting_since"),
      isMissed(eb).as("missed"),
      activityAt(eb).as("activity_at"),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryRows>["execute"]>>[number];

/** The rows with their newest messages, read in one query. */
export async function toSummaries(
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
    waiting_since:
      r.state === "open" && r.waiting_since != null
        ? waitingFrom(Number(r.waiting_since), r.reopened_at)
        : null,
    // SQLite answers 0 or 1, PostgreSQL a boolean.
    missed: Boolean(Number(r.missed)),
    assignee:
      r.assigned_agent_id != null && r.assignee_name != null
        ? { id: Number(r.assigned_agent_id), name: r.assignee_name }
        : null,
    activity_at: Number(r.activity_at),
  }));
}

/**
 * A reopened chat waits from the reopening, not from a message written before it ended (the
 * same rule as the queue's order in conversation-list.ts).
 */
function waitingFrom(since: number, reopenedAt: number | null): number {
  return reopenedAt != null && Number(reopenedAt) > since ? Number(reopenedAt) : since;
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
