import { sql, type Kysely } from "kysely";
import { isPostgres, withAutoIncrementId } from "./portable-columns";

/**
 * The console for a team of agents:
 * - chat_conversations.assigned_agent_id: the agent who took the conversation (null: unassigned).
 * - chat_conversations.missed_handled_at / missed_handled_by_agent_id: a chat the visitor left
 *   before anyone answered stays "missed" until an agent marks it handled or answers by e-mail.
 * - chat_agent_entries: what agents add to a conversation that never reaches the visitor's chat:
 *   internal notes, and e-mail answers (recorded with the address they went to).
 * - Full-text search over message text: an FTS5 index kept by triggers on SQLite, a GIN index on
 *   the text's tsvector on PostgreSQL (whose parser leaves HTML tags out).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("chat_conversations")
    .addColumn("assigned_agent_id", "bigint")
    .execute();
  await db.schema
    .alterTable("chat_conversations")
    .addColumn("missed_handled_at", "bigint")
    .execute();
  await db.schema
    .alterTable("chat_conversations")
    .addColumn("missed_handled_by_agent_id", "bigint")
    .execute();
  await db.schema
    .createIndex("chat_conversations_state_ended")
    .on("chat_conversations")
    .columns(["state", "ended_at"])
    .execute();
  await db.schema
    .createIndex("chat_conversations_assigned")
    .on("chat_conversations")
    .columns(["assigned_agent_id", "state"])
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("chat_agent_entries"))
    .addColumn("conversation_id", "bigint", (c) => c.notNull())
    // note | email
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("agent_id", "bigint", (c) => c.notNull())
    .addColumn("agent_name", "text", (c) => c.notNull())
    // Plain text, shown escaped; never message HTML.
    .addColumn("body", "text", (c) => c.notNull())
    // For an e-mail answer: the address it went to.
    .addColumn("sent_to", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("chat_agent_entries_conversation")
    .on("chat_agent_entries")
    .columns(["conversation_id", "id"])
    .execute();

  if (isPostgres(db)) {
    await sql`create index chat_messages_text_search on chat_messages using gin (to_tsvector('simple', message)) where msg_type = 'text'`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table chat_messages_fts using fts5(message, content='chat_messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`create trigger chat_messages_fts_insert after insert on chat_messages when new.msg_type = 'text' begin insert into chat_messages_fts(rowid, message) values (new.id, new.message); end`.execute(
    db,
  );
  await sql`create trigger chat_messages_fts_delete after delete on chat_messages when old.msg_type = 'text' begin insert into chat_messages_fts(chat_messages_fts, rowid, message) values ('delete', old.id, old.message); end`.execute(
    db,
  );
  await sql`create trigger chat_messages_fts_update after update of message on chat_messages when old.msg_type = 'text' begin insert into chat_messages_fts(chat_messages_fts, rowid, message) values ('delete', old.id, old.message); insert into chat_messages_fts(rowid, message) values (new.id, new.message); end`.execute(
    db,
  );
  await sql`insert into chat_messages_fts(rowid, message) select id, message from chat_messages where msg_type = 'text'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists chat_messages_text_search`.execute(db);
  } else {
    for (const t of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger if exists chat_messages_fts_${t}`).execute(db);
    }
    await sql`drop table if exists chat_messages_fts`.execute(db);
  }
  await db.schema.dropTable("chat_agent_entries").execute();
  await db.schema.dropIndex("chat_conversations_assigned").execute();
  await db.schema.dropIndex("chat_conversations_state_ended").execute();
  for (const column of ["missed_handled_by_agent_id", "missed_handled_at", "assigned_agent_id"]) {
    await db.schema.alterTable("chat_conversations").dropColumn(column).execute();
  }
}
