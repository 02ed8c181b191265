import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable-columns";

/**
 * SQLite: "at most one open conversation per visitor" is kept by a unique index on an expression
 * (the e-mail while the conversation is open, NULL once it ended; NULLs never collide) instead of
 * a partial index `where state = 'open'`.
 *
 * With a partial index on the table, SQLite's planner compares every `state = ?` of a query with
 * the index's `state = 'open'` by the value bound, and marks the statement to be prepared again
 * whenever that parameter is bound: every run of every such statement was parsed and planned
 * anew (the chat's open-conversation look-up, run for each visitor message, cost 3 x its
 * planned time; decision 0064). An expression index is matched without looking at bound values.
 * PostgreSQL plans each statement anyway and keeps its partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop index if exists chat_conversations_one_open`.execute(db);
  await sql`create unique index chat_conversations_one_open on chat_conversations ((case when state = 'open' then visitor_email end))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop index if exists chat_conversations_one_open`.execute(db);
  await sql`create unique index chat_conversations_one_open on chat_conversations (visitor_email) where state = 'open'`.execute(
    db,
  );
}
