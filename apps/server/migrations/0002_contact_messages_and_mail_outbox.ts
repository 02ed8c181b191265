import type { Kysely } from "kysely";
import { withAutoIncrementId } from "./portable-columns";

/**
 * Contact messages as received, and the mail outbox: every e-mail is a row written in the same
 * transaction as what caused it, and a worker sends it later (docs/decisions/0011-outbox-mail.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoIncrementId(db, db.schema.createTable("contact_messages"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    // HMAC-SHA256 of the sender's IP with an instance secret: lets us spot floods, not find people.
    .addColumn("ip_hash", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .addColumn("handled", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("contact_messages_received_at")
    .on("contact_messages")
    .column("received_at")
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("mail_outbox"))
    // What the mail is about (e.g. "contact_notification"), for logs and the console.
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("reply_to", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    // pending -> sent | logged (printed, no SMTP_URL) | failed (gave up after the last attempt)
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    // A worker's lease: while it is in the future, no other worker may send this row.
    .addColumn("locked_until", "bigint")
    .addColumn("lease_token", "text")
    .addColumn("last_error", "text")
    .addColumn("message_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("finished_at", "bigint")
    .execute();
  await db.schema
    .createIndex("mail_outbox_due")
    .on("mail_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_outbox").execute();
  await db.schema.dropTable("contact_messages").execute();
}
