import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable-columns";

/**
 * SQLite: the messages' two indexes keyed by conversation become one,
 * `chat_messages_conversation (conversation_id, id, sender_type, created_at, agent_id)`.
 *
 * Every message was written to three indexes that each start with its conversation: the
 * history's (conversation_id, id), the reports' (conversation_id, sender_type, created_at,
 * agent_id) and the resend check's (conversation_id, client_id). With a few thousand chats busy at
 * once, each lands on a different page of each index, and every page a transaction touches is
 * written to the WAL at its commit and to the database at the next checkpoint: each index cost
 * about a third of a message's time in the database (decision 0066). The wider history index
 * still answers the history, the previous-message look-up and the catch-up by a seek, and it
 * covers the reports' per-conversation facts, which now read the conversation's entries in it
 * (a chat's messages, not the message rows) instead of seeking.
 * PostgreSQL keeps both: its writes cost less than its round trips, and it meets the budget.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop index if exists chat_messages_report`.execute(db);
  await sql`drop index if exists chat_messages_conversation`.execute(db);
  await sql`create index chat_messages_conversation on chat_messages (conversation_id, id, sender_type, created_at, agent_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop index if exists chat_messages_conversation`.execute(db);
  await sql`create index chat_messages_conversation on chat_messages (conversation_id, id)`.execute(
    db,
  );
  await sql`create index chat_messages_report on chat_messages (conversation_id, sender_type, created_at, agent_id)`.execute(
    db,
  );
}
