import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable-columns";

/**
 * SQLite's full-text index of message text is kept up in batches instead of by a trigger on each
 * insert. The trigger cost about 100 µs per message, two thirds of the insert, and made a new
 * index segment per message that SQLite then had to merge: under chat load it doubled the p99 of
 * delivery. The server now indexes what is new every quarter second, and before each search
 * (repositories/message-search-index.ts), about 8 µs per message.
 *
 * chat_messages_fts_progress holds the newest message id the index covers. The delete and update
 * triggers stay, for the messages the index covers only: telling FTS5 to delete an entry it never
 * had would corrupt it. PostgreSQL's GIN index is unchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop trigger if exists chat_messages_fts_insert`.execute(db);
  await sql`drop trigger if exists chat_messages_fts_delete`.execute(db);
  await sql`drop trigger if exists chat_messages_fts_update`.execute(db);
  await sql`create table chat_messages_fts_progress (id integer primary key check (id = 1), indexed_through integer not null)`.execute(
    db,
  );
  // Everything stored so far is in the index already (the insert trigger put it there).
  await sql`insert into chat_messages_fts_progress (id, indexed_through) select 1, coalesce(max(id), 0) from chat_messages`.execute(
    db,
  );
  await sql`create trigger chat_messages_fts_delete after delete on chat_messages when old.msg_type = 'text' and old.id <= (select indexed_through from chat_messages_fts_progress) begin insert into chat_messages_fts(chat_messages_fts, rowid, message) values ('delete', old.id, old.message); end`.execute(
    db,
  );
  await sql`create trigger chat_messages_fts_update after update of message on chat_messages when old.msg_type = 'text' and old.id <= (select indexed_through from chat_messages_fts_progress) begin insert into chat_messages_fts(chat_messages_fts, rowid, message) values ('delete', old.id, old.message); insert into chat_messages_fts(rowid, message) values (new.id, new.message); end`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  // Index what the batches had not reached yet, then go back to the per-insert triggers.
  await sql`insert into chat_messages_fts(rowid, message) select id, message from chat_messages where msg_type = 'text' and id > (select indexed_through from chat_messages_fts_progress)`.execute(
    db,
  );
  await sql`drop trigger if exists chat_messages_fts_delete`.execute(db);
  await sql`drop trigger if exists chat_messages_fts_update`.execute(db);
  await sql`drop table chat_messages_fts_progress`.execute(db);
  await sql`create trigger chat_messages_fts_insert after insert on chat_messages when new.msg_type = 'text' begin insert into chat_messages_fts(rowid, message) values (new.id, new.message); end`.execute(
    db,
  );
  await sql`create trigger chat_messages_fts_delete after delete on chat_messages when old.msg_type = 'text' begin insert into chat_messages_fts(chat_messages_fts, rowid, message) values ('delete', old.id, old.message); end`.execute(
    db,
  );
  await sql`create trigger chat_messages_fts_update after update of message on chat_messages when old.msg_type = 'text' begin insert into chat_messages_fts(chat_messages_fts, rowid, message) values ('delete', old.id, old.message); insert into chat_messages_fts(rowid, message) values (new.id, new.message); end`.execute(
    db,
  );
}
