import type { Kysely } from "kysely";
import { withAutoIncrementId } from "./portable-columns";

/**
 * Operations:
 * - audit_log: each export or erasure of a visitor's data, by whom and when. The address itself is
 *   kept masked, with a keyed hash (HMAC) so an admin can later show that a given address was
 *   erased without the log holding the address it erased.
 * - an index for retention's daily deletes of handled contact messages by handling time (ended
 *   conversations by end time use chat_conversations_state_ended, from 0007).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoIncrementId(db, db.schema.createTable("audit_log"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("agent_id", "bigint", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject_masked", "text", (c) => c.notNull())
    .addColumn("subject_hash", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();
  await db.schema
    .createIndex("contact_messages_handled")
    .on("contact_messages")
    .columns(["handled", "handled_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contact_messages_handled").execute();
  await db.schema.dropTable("audit_log").execute();
}
