import type { Kysely } from "kysely";

/**
 * Reports look up, per conversation, its first visitor message, the first agent message at or
 * after it and that message's agent. This index answers each of those by one seek, without
 * reading the message rows (chat_messages_conversation stays: the transcript reads by id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("chat_messages_report")
    .on("chat_messages")
    .columns(["conversation_id", "sender_type", "created_at", "agent_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("chat_messages_report").ifExists().execute();
}
