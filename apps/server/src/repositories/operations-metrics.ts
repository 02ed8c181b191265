/**
 * The two queues /metrics reads from the database at scrape time: conversations waiting for an
 * answer, and mail not yet sent. Both are bounded: the open conversations looked at are the oldest
 * 10,000 (every open one, in any real deployment), and the outbox count reads the (status,
 * next_attempt_at) index.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { QueueState } from "../metrics/hourline-metrics";
import { waitingSince } from "./agent-inbox";

const OPEN_CONVERSATIONS_EXAMINED = 10_000;

export async function readQueueState(db: Kysely<Database>): Promise<QueueState> {
  // Per open conversation: since when it has waited for an answer (null: nothing waits).
  const waiting = db
    .selectFrom("chat_conversations as c")
    .select((eb) => waitingSince(eb).as("since"))
    .where("c.state", "=", "open")
    .orderBy("c.id")
    .limit(OPEN_CONVERSATIONS_EXAMINED)
    .as("t");
  const [waitingRow, outbox] = await Promise.all([
    db
      .selectFrom(waiting)
      .select((eb) => [
        eb.fn.count<number>("t.since").as("n"),
        eb.fn.min<number>("t.since").as("oldest"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("mail_outbox")
      .select((eb) => [
        eb.fn.countAll<number>().as("n"),
        eb.fn.min<number>("created_at").as("oldest"),
      ])
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    waitingConversations: Number(waitingRow.n),
    oldestWaitingSince: waitingRow.oldest === null ? null : Number(waitingRow.oldest),
    unsentMail: Number(outbox.n),
    oldestUnsentSince: outbox.oldest === null ? null : Number(outbox.oldest),
  };
}
