/**
 * SQLite's full-text index of message text, kept up in batches (migration 0010 says why): every
 * text message newer than the index's progress mark goes in, in one transaction with the mark.
 * The housekeeping plugin runs a batch every quarter second; a search first runs batches until the
 * index has caught up (`indexAllNewMessages`), so it always sees every committed message. PostgreSQL indexes each row as it is written (a GIN index):
 * nothing to do there.
 */
import { sql, type Kysely } from "kysely";
import { isPostgres } from "../../migrations/portable-columns";
import type { Database } from "../db/schema";

/** Messages indexed per transaction at most, so one batch never holds the database for long. */
export const SEARCH_INDEX_BATCH = 5_000;

/** Indexes the messages stored since the last batch; returns how many message ids it covered. */
export async function indexNewMessages(db: Kysely<Database>): Promise<number> {
  if (isPostgres(db)) return 0;
  return db.transaction().execute(async (trx) => {
    const mark = await sql<{ through: number; top: number | null }>`
      select p.indexed_through as through,
        (select max(id) from (select id from chat_messages where id > p.indexed_through
          order by id limit ${SEARCH_INDEX_BATCH})) as top
      from chat_messages_fts_progress p where p.id = 1`.execute(trx);
    const row = mark.rows[0];
    if (!row || row.top === null) return 0;
    await sql`insert into chat_messages_fts(rowid, message)
      select id, message from chat_messages
      where id > ${row.through} and id <= ${row.top} and msg_type = 'text' order by id`.execute(
      trx,
    );
    await sql`update chat_messages_fts_progress set indexed_through = ${row.top} where id = 1`.execute(
      trx,
    );
    return Number(row.top) - Number(row.through);
  });
}

/** Runs batches until every message stored so far is indexed; returns how many ids they covered. */
export async function indexAllNewMessages(db: Kysely<Database>): Promise<number> {
  let covered = 0;
  for (;;) {
    const batch = await indexNewMessages(db);
    covered += batch;
    if (batch < SEARCH_INDEX_BATCH) return covered;
  }
}
