import type { Kysely } from "kysely";

/**
 * An e-mail answer carries the id its console gave it (`client_id`), unique per conversation: the
 * same answer sent again (a retry after a lost response, a second click) is recorded and mailed
 * once. Entries without one (notes, older answers) are not constrained.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_agent_entries").addColumn("client_id", "text").execute();
  await db.schema
    .createIndex("chat_agent_entries_client_id")
    .on("chat_agent_entries")
    .columns(["conversation_id", "client_id"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("chat_agent_entries_client_id").execute();
  await db.schema.alterTable("chat_agent_entries").dropColumn("client_id").execute();
}
