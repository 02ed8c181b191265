/**
 * A conversation's messages (table chat_messages): storing one once per client_id, and reading
 * them as the visitor's history, the console and the follow-up mail do.
 */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { Insertable, Kysely } from "kysely";
import { toChatMessage, type ChatMessageRow } from "../chat/chat-message-row";
import { isPostgres } from "../../migrations/portable-columns";
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

/**
 * An agent's message written after `afterId`, the newest message that agent's console showed:
 * stored unless another agent has written in the conversation since ("conflict", nothing stored).
 * The check and the insert run in one transaction holding the conversation's row (PostgreSQL:
 * `for update`, across instances; SQLite: one writer at a time), so of two agents sending at
 * once after the same message exactly one is stored. A resend of a stored client_id answers the
 * stored row (undefined), as insertMessageOnce does, whatever was written since.
 */
export async function insertAgentMessageUnlessAnswered(
  db: Kysely<Database>,
  row: Insertable<ChatMessagesTable> & { agent_id: number },
  afterId: number,
): Promise<StoredMessage | undefined | "conflict"> {
  return db.transaction().execute(async (trx) => {
    let lock = trx
      .selectFrom("chat_conversations")
      .select("id")
      .where("id", "=", row.conversation_id);
    if (isPostgres(trx)) lock = lock.forUpdate();
    await lock.executeTakeFirst();
    if (await findMessageByClientId(trx, row.conversation_id, row.client_id ?? "")) {
      return undefined;
    }
    const newer = await trx
      .selectFrom("chat_messages")
      .select("id")
      .where("conversation_id", "=", row.conversation_id)
      .where("id", ">", afterId)
      .where("sender_type", "=", "agent")
      .where("agent_id", "!=", row.agent_id)
      .limit(1)
      .executeTakeFirst();
    if (newer) return "conflict";
    return insertMessageOnce(trx, row);
  });
}
