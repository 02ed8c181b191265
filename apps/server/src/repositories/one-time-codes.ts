/**
 * The chat's one-time codes (table chat_otp_codes): one row per code sent, holding the code's
 * HMAC, never the code. Every count that guards them is taken so that parallel requests cannot
 * all pass it: a try is counted in the same statement that checks there are tries left, and a
 * new code is only sent by the one request holding its address's and its client's lock.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { isPostgres } from "../../migrations/portable-columns";
import type { Database } from "../db/schema";

export type CodeCloseReason = "used" | "replaced" | "locked" | "expired";

/**
 * Holds, until the transaction ends, a lock per key: a second request for the same address or
 * client waits, then counts what the first one wrote. SQLite runs one transaction at a time, so
 * only PostgreSQL needs it (a transaction-scoped advisory lock; always taken in the same order).
 */
export async function lockCodeRequests(trx: Transaction<Database>, keys: string[]): Promise<void> {
  if (!isPostgres(trx)) return;
  for (const key of keys) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

/**
 * When each code of the last period was sent to `email`, newest first: all of them, or those one
 * browser asked for (`requesterHash`).
 */
export async function codeTimesForEmail(
  trx: Kysely<Database>,
  email: string,
  since: number,
  requesterHash?: string,
): Promise<number[]> {
  let query = trx
    .selectFrom("chat_otp_codes")
    .select("created_at")
    .where("email", "=", email)
    .where("created_at", ">", since);
  if (requesterHash !== undefined) query = query.where("requester_hash", "=", requesterHash);
  const rows = await query.orderBy("created_at", "desc").execute();
  return rows.map((r) => r.created_at);
}

/** When each code of the last period was asked for by this client. */
export async function codeTimesForClient(
  trx: Kysely<Database>,
  ipHash: string,
  since: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom("chat_otp_codes")
    .select("created_at")
    .where("ip_hash", "=", ipHash)
    .where("created_at", ">", since)
    .execute();
  return rows.map((r) => r.created_at);
}

/**
 * Closes the open codes of `email` this browser asked for, as replaced (a newer one is about to be
 * sent to it); another browser's code for the address is not touched.
 */
export async function replaceOpenCodes(
  trx: Kysely<Database>,
  email: string,
  requesterHash: string,
  now: number,
): Promise<void> {
  await trx
    .updateTable("chat_otp_codes")
    .set({ closed_at: now, closed_reason: "replaced" })
    .where("email", "=", email)
    .where("requester_hash", "=", requesterHash)
    .where("closed_at", "is", null)
    .execute();
}

export async function insertCode(
  trx: Kysely<Database>,
  code: {
    email: string;
    codeHash: string;
    ipHash: string;
    requesterHash: string;
    createdAt: number;
    expiresAt: number;
  },
): Promise<number> {
  const row = await trx
    .insertInto("chat_otp_codes")
    .values({
      email: code.email,
      code_hash: code.codeHash,
      ip_hash: code.ipHash,
      requester_hash: code.requesterHash,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface CodeAttempt {
  id: number;
  codeHash: string;
  /** Tries made on this code, this one included. */
  attempts: number;
}

/**
 * Counts one try on the newest open code of `email` that this browser asked for, if it is unexpired and has tries left, and
 * answers it with its hash; undefined when there was no try to count. The check and the count
 * are one UPDATE: of fifty guesses sent at once, only `maxAttempts` are ever compared.
 */
export async function takeCodeAttempt(
  db: Kysely<Database>,
  email: string,
  requesterHash: string,
  { now, maxAttempts }: { now: number; maxAttempts: number },
): Promise<CodeAttempt | undefined> {
  const row = await db
    .updateTable("chat_otp_codes")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("id", "=", (eb) =>
      eb
        .selectFrom("chat_otp_codes")
        .select("id")
        .where("email", "=", email)
        .where("requester_hash", "=", requesterHash)
        .where("closed_at", "is", null)
        .orderBy("id", "desc")
        .limit(1),
    )
    .where("closed_at", "is", null)
    .where("expires_at", ">", now)
    .where("failed_attempts", "<", maxAttempts)
    .returning(["id", "code_hash", "failed_attempts"])
    .executeTakeFirst();
  return row ? { id: row.id, codeHash: row.code_hash, attempts: row.failed_attempts } : undefined;
}

/** The newest open code of `email` this browser asked for, to tell why no try was counted. */
export async function newestOpenCode(
  db: Kysely<Database>,
  email: string,
  requesterHash: string,
): Promise<{ id: number; expiresAt: number; attempts: number } | undefined> {
  const row = await db
    .selectFrom("chat_otp_codes")
    .select(["id", "expires_at", "failed_attempts"])
    .where("email", "=", email)
    .where("requester_hash", "=", requesterHash)
    .where("closed_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? { id: row.id, expiresAt: row.expires_at, attempts: row.failed_attempts } : undefined;
}

/** Closes a code that is still open; true for the one call that closed it. */
export async function closeCode(
  db: Kysely<Database>,
  id: number,
  reason: CodeCloseReason,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("chat_otp_codes")
    .set({ closed_at: now, closed_reason: reason })
    .where("id", "=", id)
    .where("closed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Removes codes nobody needs any more: sent before `before` (past every hourly count) and
 * expired or closed. Answers how many.
 */
export async function deleteOldCodes(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db
    .deleteFrom("chat_otp_codes")
    .where("created_at", "<", before)
    .where((eb) => eb.or([eb("closed_at", "is not", null), eb("expires_at", "<=", before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
