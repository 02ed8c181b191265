import type { Kysely } from "kysely";

/**
 * agents.availability_status: what the agent chose, `online` (new chats are routed to them) or
 * `away` (no new chats, no alerts for others' chats). Whether a console is connected is presence,
 * not stored: an agent with none is `offline` to the others whatever this says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("agents")
    .addColumn("availability_status", "text", (c) => c.notNull().defaultTo("online"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("agents").dropColumn("availability_status").execute();
}
