import type { Kysely } from "kysely";

/**
 * chat_conversations.reopened_at: when an agent last reopened an ended conversation. A reopened
 * chat's waiting time counts from then, not from a message written before it ended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_conversations").addColumn("reopened_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_conversations").dropColumn("reopened_at").execute();
}
