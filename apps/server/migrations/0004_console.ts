import type { Kysely } from "kysely";
import { withAutoIncrementId } from "./portable-columns";

/**
 * The support console: contact messages remember when an agent first read them and who handled
 * them when; canned replies are the team's saved answers (plain text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contact_messages").addColumn("read_at", "bigint").execute();
  await db.schema.alterTable("contact_messages").addColumn("handled_at", "bigint").execute();
  await db.schema
    .alterTable("contact_messages")
    .addColumn("handled_by_agent_id", "bigint")
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("canned_replies"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_by_agent_id", "bigint", (c) => c.notNull())
    .addColumn("updated_by_agent_id", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("canned_replies").execute();
  for (const column of ["handled_by_agent_id", "handled_at", "read_at"]) {
    await db.schema.alterTable("contact_messages").dropColumn(column).execute();
  }
}
