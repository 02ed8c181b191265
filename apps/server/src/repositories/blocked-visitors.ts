/** Blocked visitor addresses (table blocked_visitors, migration 0024). */
import type { Kysely } from "kysely";
import type { BlockedVisitorsTable, Database } from "../db/schema";

export async function isBlocked(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("blocked_visitors")
    .select("email")
    .where("email", "=", email)
    .executeTakeFirst();
  return row !== undefined;
}

/** Blocks the address; blocking it again keeps the first block (who and when). */
export async function blockAddress(
  db: Kysely<Database>,
  row: BlockedVisitorsTable,
): Promise<BlockedVisitorsTable> {
  await db
    .insertInto("blocked_visitors")
    .values(row)
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const stored = await db
    .selectFrom("blocked_visitors")
    .selectAll()
    .where("email", "=", row.email)
    .executeTakeFirstOrThrow();
  return { ...stored, blocked_at: Number(stored.blocked_at), agent_id: Number(stored.agent_id) };
}

/** False when the address was not blocked. */
export async function unblockAddress(db: Kysely<Database>, email: string): Promise<boolean> {
  const result = await db
    .deleteFrom("blocked_visitors")
    .where("email", "=", email)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Newest first. */
export async function listBlocked(db: Kysely<Database>): Promise<BlockedVisitorsTable[]> {
  const rows = await db
    .selectFrom("blocked_visitors")
    .selectAll()
    .orderBy("blocked_at", "desc")
    .orderBy("email")
    .execute();
  return rows.map((r) => ({
    ...r,
    blocked_at: Number(r.blocked_at),
    agent_id: Number(r.agent_id),
  }));
}

/** Ends every chat session of the address: their ids, to close the sockets they hold. */
export async function deleteVisitorSessionsOf(
  db: Kysely<Database>,
  email: string,
): Promise<number[]> {
  const rows = await db
    .deleteFrom("visitor_sessions")
    .where("email", "=", email)
    .returning("id")
    .execute();
  return rows.map((r) => Number(r.id));
}
