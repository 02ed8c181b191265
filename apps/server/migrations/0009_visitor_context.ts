import type { Kysely } from "kysely";

/**
 * Visitor context: what the widget told of the visit when the chat opened (the page it was opened
 * on, same-origin paths visited since, browser and device class, time zone), as one JSON text on
 * the conversation so it is exported, kept and erased with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_conversations").addColumn("visitor_context", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_conversations").dropColumn("visitor_context").execute();
}
