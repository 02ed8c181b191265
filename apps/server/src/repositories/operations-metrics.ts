/**
 * The two queues /metrics reads from the database at scrape time: conversations waiting for an
 * answer, and mail not yet sent. Both are bounded: the open conversations looked at are the oldest
 * 10,000 (every open one, in any real deployment), and the outbox count reads the (status,
 * next_attempt_at) index. On SQLite they are read on the reading worker (db/sqlite-reader.ts).
 */
import type { Compilable, Kysely } from "kysely";
import type { SqliteReader } from "../db/sqlite-reader";
import type { Database } from "../db/schema";
import type { QueueState } from "../metrics/hourline-metrics";
import { waitingSince } from "./agent-inbox";

const OPEN_CONVERSATIONS_EXAMINED = 10_000;

/**
 * One row of `query`: on SQLite's reading worker when there is one (these reads grow with the open
 * conversations and would hold the event loop), else, or when that worker is gone, here.
 */
async function firstRow<Row>(
  query: Compilable<Row> & { executeTakeFirstOrThrow(): Promise<Row> },
  reader: SqliteReader | undefined,
): Promise<Row> {
  if (reader) {
    const { sql, parameters } = query.compile();
    const rows = await reader.all<Row>(sql, parameters).catch(() => undefined);
    const row = rows?.[0];
    if (row) return row;
  }
  return query.executeTakeFirstOrThrow();
}

export async function readQueueState(
  db: Kysely<Database>,
  reader?: SqliteReader,
): Promise<QueueState> {
  // Per open conversation: since when it has waited for an answer (null: nothing waits).
  const waiting = db
    .selectFrom("chat_conversations as c")
    .select((eb) => waitingSince(eb).as("since"))
    .where("c.state", "=", "open")
    .orderBy("c.id")
    .limit(OPEN_CONVERSATIONS_EXAMINED)
    .as("t");
  const [waitingRow, outbox] = await Promise.all([
    firstRow(
      db
        .selectFrom(waiting)
        .select((eb) => [
          eb.fn.count<number>("t.since").as("n"),
          eb.fn.min<number>("t.since").as("oldest"),
        ]),
      reader,
    ),
    firstRow(
      db
        .selectFrom("mail_outbox")
        .select((eb) => [
          eb.fn.countAll<number>().as("n"),
          eb.fn.min<number>("created_at").as("oldest"),
        ])
        .where("status", "=", "pending"),
      reader,
    ),
  ]);
  return {
    waitingConversations: Number(waitingRow.n),
    oldestWaitingSince: waitingRow.oldest === null ? null : Number(waitingRow.oldest),
    unsentMail: Number(outbox.n),
    oldestUnsentSince: outbox.oldest === null ? null : Number(outbox.oldest),
  };
}
