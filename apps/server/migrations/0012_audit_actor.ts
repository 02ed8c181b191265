import type { Kysely } from "kysely";

/**
 * The audit log keeps who acted as they were then: the admin's name and address at the time of
 * the request. Joining the agents table showed the current name, so an admin who renamed
 * themselves rewrote the history. Entries written before this have neither (the list falls back to
 * the current name for them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("agent_name", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("agent_email", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").dropColumn("agent_email").execute();
  await db.schema.alterTable("audit_log").dropColumn("agent_name").execute();
}
