import type { Kysely } from "kysely";

/**
 * chat_conversations.language: the language the visitor's widget spoke when they registered
 * (contracts chat-languages), so the transcript, the reply notice and the rating prompt follow it
 * and the console can show it. Existing conversations were all English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("chat_conversations")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_conversations").dropColumn("language").execute();
}
