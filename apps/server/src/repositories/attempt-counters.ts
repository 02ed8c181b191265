/**
 * Attempt counters (table attempt_counters): how many times something was tried in the current
 * window, raised BEFORE the attempt is checked. One atomic upsert raises the count and answers it,
 * so of fifty requests arriving together each sees a different number and only the first `max`
 * go on; a check that read the count first and wrote it after let nearly all of them through.
 * Counters live in the database, so every instance counts together.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface AttemptWindow {
  max: number;
  windowMs: number;
}

export interface CountedAttempt {
  /** This attempt's number in the window, 1 for the first. */
  count: number;
  /** Milliseconds until the window ends, when the count starts again. */
  resetsInMs: number;
  /** Whether this attempt is within the window's `max`. */
  allowed: boolean;
}

/**
 * A counter's key: what is counted and for whom. Hashed, so the table never holds an address
 * typed at a sign-in page; a client is passed as `app.hashIp(ip)`, never as its address.
 */
export function attemptKey(kind: string, subject: string): string {
  return createHash("sha256").update(`${kind}\n${subject}`).digest("hex");
}

/** Raises the counter of `key` (starting a new window when the last one is over) and answers it. */
export async function countAttempt(
  db: Kysely<Database>,
  key: string,
  window: AttemptWindow,
  now = Date.now(),
): Promise<CountedAttempt> {
  const expired = now - window.windowMs;
  const row = await db
    .insertInto("attempt_counters")
    .values({ key, count: 1, window_started_at: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        count: eb
          .case()
          .when("attempt_counters.window_started_at", "<=", expired)
          .then(1)
          .else(eb("attempt_counters.count", "+", 1))
          .end(),
        window_started_at: eb
          .case()
          .when("attempt_counters.window_started_at", "<=", expired)
          .then(now)
          .else(eb.ref("attempt_counters.window_started_at"))
          .end(),
      })),
    )
    .returning(["count", "window_started_at"])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return {
    count,
    resetsInMs: Math.max(0, Number(row.window_started_at) + window.windowMs - now),
    allowed: count <= window.max,
  };
}

/** Forgets the counter (a successful sign-in clears its address's failures). */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("attempt_counters").where("key", "=", key).execute();
}

/** Removes counters whose window started before `before`; answers how many. */
export async function deleteStaleAttemptCounters(
  db: Kysely<Database>,
  before: number,
): Promise<number> {
  const result = await db
    .deleteFrom("attempt_counters")
    .where("window_started_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
