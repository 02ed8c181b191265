/**
 * A conversation's messages (table chat_messages): storing one once per client_id, and reading
 * them as the visitor's history, the console and the follow-up mail do.
 */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { Insertable, Kysely } from "kysely";
import { toChatMessage, type ChatMessageRow } from "../chat/chat-message-row";
import type { ChatMessagesTable, Database } from "../db/schema";

/** A message just stored, with the id of the one before it in its conversation (null: none). */
export type StoredMessage = ChatMessageRow & { previous_id: number | null };

/**
 * Stores the message unless its (conversation_id, client_id) is stored already; the new row, or
 * undefined for a resend. Insert first: a resend is rare, so only the conflict pays a second read.
 * The same statement reads the id of the message before it, among those committed: pushed with
 * each message, so a client that holds less knows it missed one (one statement per message
 * fewer, a round trip fewer on PostgreSQL).
 */
export async function insertMessageOnce(
  db: Kysely<Database>,
  row: Insertable<ChatMessagesTable>,
): Promise<StoredMessage | undefined> {
  const stored = await db
    .insertInto("chat_messages")
    .values(row)
    .onConflict((oc) => oc.columns(["conversation_id", "client_id"]).doNothing())
    .returningAll()
    .returning((eb) =>
      eb
        .selectFrom("chat_messages as p")
        .select((p) => p.fn.max("p.id").as("id"))
        .whereRef("p.conversation_id", "=", "chat_messages.conversation_id")
        .whereRef("p.id", "<", "chat_messages.id")
        .as("previous_id"),
    )
    .executeTakeFirst();
  if (!stored) return undefined;
  const { previous_id: previousId, ...message } = stored;
  return { ...message, previous_id: previousId === null ? null : Number(previousId) };
}

export function findMessageByClientId(
  db: Kysely<Database>,
  conversationId: number,
  clientId: string,
): Promise<ChatMessageRow | undefined> {
  return db
    .selectFrom("chat_messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
}

/** Messages after `afterId`, oldest first, at most `limit`. */
export async function listMessagesAfter(
  db: Kysely<Database>,
  conversationId: number,
  { afterId = 0, limit = 1000 }: { afterId?: number; limit?: number } = {},
): Promise<ChatMessage[]> {
  const rows = await listMessageRowsAfter(db, conversationId, { afterId, limit });
  return rows.map(toChatMessage);
}

/** Agents' messages of a conversation after `afterId`, oldest first. */
export function listAgentMessagesAfter(
  db: Kysely<Database>,
  conversationId: number,
  afterId: number,
): Promise<ChatMessageRow[]> {
  return db
    .selectFrom("chat_messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .where("sender_type", "=", "agent")
    .where("id", ">", afterId)
    .orderBy("id", "asc")
    .execute();
}

/** A page of a conversation's stored rows after `afterId`, oldest first. */
export function listMessageRowsAfter(
  db: Kysely<Database>,
  conversationId: number,
  { afterId, limit }: { afterId: number; limit: number },
): Promise<ChatMessageRow[]> {
  return db
    .selectFrom("chat_messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .where("id", ">", afterId)
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
}
