import { sql, type Kysely } from "kysely";

/**
 * Hardening of the chat and sign-in:
 * - attempt_counters: counters that are raised before the thing they count is checked (sign-in
 *   failures per address and per client), so parallel requests cannot all pass a check that read
 *   the same old count. The key is a hash; a counter lives for one window.
 * - visitor_sessions.last_seen_at: a chat session ends after a day without use.
 * - chat_conversations.transcript_mailed_at: the transcript a visitor asked for is built after the
 *   conversation has ended, outside its transaction; this records that its mail is queued, so an
 *   instance that stopped in between leaves the work to the next sweep, and no two send it.
 * - mail_outbox.erase_after_send: once a mail holding a one-time code or chat text has gone out,
 *   its bodies are blanked in the outbox. Mail already sent is blanked here, and the code leaves
 *   the subject of stored code mails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("attempt_counters")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("visitor_sessions")
    .addColumn("last_seen_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update visitor_sessions set last_seen_at = created_at`.execute(db);

  await db.schema
    .alterTable("chat_conversations")
    .addColumn("transcript_mailed_at", "bigint")
    .execute();
  // Before this migration the transcript was queued in the transaction that ended the chat.
  await sql`update chat_conversations set transcript_mailed_at = ended_at where state = 'ended'`.execute(
    db,
  );

  await db.schema
    .alterTable("mail_outbox")
    .addColumn("erase_after_send", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update mail_outbox set erase_after_send = 1 where kind in ('chat_otp', 'chat_transcript', 'chat_missed_reply')`.execute(
    db,
  );
  await sql`update mail_outbox set text_body = '', html_body = null where erase_after_send = 1 and status <> 'pending'`.execute(
    db,
  );
  await sql`update mail_outbox set subject = 'Your chat code' where kind = 'chat_otp'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("erase_after_send").execute();
  await db.schema.alterTable("chat_conversations").dropColumn("transcript_mailed_at").execute();
  await db.schema.alterTable("visitor_sessions").dropColumn("last_seen_at").execute();
  await db.schema.dropTable("attempt_counters").execute();
}
