import type { Kysely } from "kysely";
import { withAutoIncrementId } from "./portable-columns";

/**
 * The links back into a chat that every mail to a visitor carries (GET /chat/resume?token=...):
 * the SHA-256 of each token (never the token), the address it proves, the conversation it opens,
 * when it stops working (7 days) and when it was used (once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoIncrementId(db, db.schema.createTable("chat_resume_tokens"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("conversation_id", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("chat_resume_tokens_expires")
    .on("chat_resume_tokens")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("chat_resume_tokens").execute();
}
