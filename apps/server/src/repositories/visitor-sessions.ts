/**
 * Visitors' chat sessions (table visitor_sessions): proof that one browser received a code at an
 * address. The table holds the SHA-256 of each token, never the token. A session lasts 30 days
 * at most and ends after a day without use (last_seen_at, refreshed at most once a minute), or
 * when the visitor ends their chat from that browser.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export const visitorSessionLifetime = {
  absoluteMs: 30 * 24 * 60 * 60_000,
  idleMs: 24 * 60 * 60_000,
  touchEveryMs: 60_000,
} as const;

export interface VisitorSessionRow {
  id: number;
  email: string;
  lastSeenAt: number;
  /** When it ends at the latest (its 30 days), in epoch ms. */
  expiresAt: number;
}

/** The session with this token hash, unless it is past its end or idle too long. */
export async function findValidVisitorSession(
  db: Kysely<Database>,
  tokenHash: string,
  { idleMs, now = Date.now() }: { idleMs: number; now?: number },
): Promise<VisitorSessionRow | undefined> {
  const row = await db
    .selectFrom("visitor_sessions")
    .select(["id", "email", "last_seen_at", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .where("last_seen_at", ">", now - idleMs)
    .executeTakeFirst();
  return row
    ? { id: row.id, email: row.email, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at }
    : undefined;
}

/** Records use, at most once per touchEveryMs. */
export async function touchVisitorSession(
  db: Kysely<Database>,
  id: number,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable("visitor_sessions")
    .set({ last_seen_at: now })
    .where("id", "=", id)
    .where("last_seen_at", "<=", now - visitorSessionLifetime.touchEveryMs)
    .execute();
}

/**
 * Starts a session for `email`, ending the one this browser had (`previousTokenHash`), in one
 * transaction; answers the new session's id.
 */
export async function replaceVisitorSession(
  db: Kysely<Database>,
  session: { tokenHash: string; email: string; previousTokenHash?: string | undefined },
  { lifetimeMs, now = Date.now() }: { lifetimeMs: number; now?: number },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (session.previousTokenHash) {
      await trx
        .deleteFrom("visitor_sessions")
        .where("token_hash", "=", session.previousTokenHash)
        .execute();
    }
    const row = await trx
      .insertInto("visitor_sessions")
      .values({
        token_hash: session.tokenHash,
        email: session.email,
        created_at: now,
        expires_at: now + lifetimeMs,
        last_seen_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Ends one session; true when it existed. */
export async function deleteVisitorSession(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("visitor_sessions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes sessions that can no longer be used; the number removed. */
export async function deleteExpiredVisitorSessions(
  db: Kysely<Database>,
  { idleMs, now = Date.now() }: { idleMs: number; now?: number },
): Promise<number> {
  const result = await db
    .deleteFrom("visitor_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", now - idleMs)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
