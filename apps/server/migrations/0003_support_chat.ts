import { sql, type Kysely } from "kysely";
import { withAutoIncrementId } from "./portable-columns";

/**
 * The support chat: one-time codes, visitor sessions, visitors, conversations, messages and
 * uploads; agents and their sessions. Secrets (codes, session tokens, passwords) are stored only as
 * hashes. Times are epoch milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoIncrementId(db, db.schema.createTable("chat_otp_codes"))
    .addColumn("email", "text", (c) => c.notNull())
    // HMAC-SHA256 of the code with the installation's secret.
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("ip_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
    // Set when the code is used, replaced by a newer one, or locked after too many wrong tries.
    .addColumn("closed_at", "bigint")
    .addColumn("closed_reason", "text")
    .execute();
  await db.schema
    .createIndex("chat_otp_codes_email")
    .on("chat_otp_codes")
    .columns(["email", "created_at"])
    .execute();
  await db.schema
    .createIndex("chat_otp_codes_ip")
    .on("chat_otp_codes")
    .columns(["ip_hash", "created_at"])
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("visitor_sessions"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("chat_visitors"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("chat_conversations"))
    .addColumn("visitor_id", "bigint", (c) => c.notNull())
    .addColumn("visitor_email", "text", (c) => c.notNull())
    .addColumn("visitor_name", "text", (c) => c.notNull())
    // open | ended
    .addColumn("state", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("started_at", "bigint", (c) => c.notNull())
    .addColumn("ended_at", "bigint")
    .addColumn("ended_by", "text")
    .addColumn("transcript_requested", "integer", (c) => c.notNull().defaultTo(0))
    // The newest message id the visitor has been shown (a live socket or a history fetch).
    .addColumn("visitor_seen_id", "bigint", (c) => c.notNull().defaultTo(0))
    // The newest message id any agent has read.
    .addColumn("agent_read_id", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("offline_mail_at", "bigint")
    .execute();
  await db.schema
    .createIndex("chat_conversations_visitor")
    .on("chat_conversations")
    .columns(["visitor_email", "state"])
    .execute();
  // At most one open conversation per visitor, whatever two tabs or two instances do at once.
  await sql`create unique index chat_conversations_one_open on chat_conversations (visitor_email) where state = 'open'`.execute(
    db,
  );

  await withAutoIncrementId(db, db.schema.createTable("chat_messages"))
    .addColumn("conversation_id", "bigint", (c) => c.notNull())
    .addColumn("client_id", "text")
    // visitor | agent
    .addColumn("sender_type", "text", (c) => c.notNull())
    .addColumn("agent_id", "bigint")
    .addColumn("sender", "text", (c) => c.notNull())
    .addColumn("receiver", "text", (c) => c.notNull())
    .addColumn("sender_username", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("msg_type", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("chat_messages_conversation")
    .on("chat_messages")
    .columns(["conversation_id", "id"])
    .execute();
  // A resent message (same client_id) is recognised and acked with the first row's id.
  await db.schema
    .createIndex("chat_messages_client_id")
    .on("chat_messages")
    .columns(["conversation_id", "client_id"])
    .unique()
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("chat_uploads"))
    // The server-made file name under DATA_DIR/uploads, also the last part of its URL.
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("conversation_id", "bigint", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("uploaded_by", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("agents"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    // admin | agent
    .addColumn("role", "text", (c) => c.notNull().defaultTo("agent"))
    // scrypt: "scrypt$N$r$p$salt$hash", all base64url.
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("agent_sessions"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("agent_id", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("agent_sessions_agent")
    .on("agent_sessions")
    .column("agent_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "agent_sessions",
    "agents",
    "chat_uploads",
    "chat_messages",
    "chat_conversations",
    "chat_visitors",
    "visitor_sessions",
    "chat_otp_codes",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
