/** The team's canned replies (table canned_replies), with the name of whoever saved each last. */
import type { CannedReply } from "@hourline/contracts/console";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

function rows(db: Kysely<Database>) {
  return db
    .selectFrom("canned_replies as r")
    .leftJoin("agents as a", "a.id", "r.updated_by_agent_id")
    .select(["r.id", "r.title", "r.body", "r.updated_at", "a.name as updated_by"]);
}

function toCannedReply(row: {
  id: number;
  title: string;
  body: string;
  updated_at: number;
  updated_by: string | null;
}): CannedReply {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    updated_at: row.updated_at,
    updated_by: row.updated_by ?? "A former agent",
  };
}

/** Sorted by title, ignoring case (the order a person looks for them in). */
export async function listCannedReplies(db: Kysely<Database>): Promise<CannedReply[]> {
  const list = (await rows(db).execute()).map(toCannedReply);
  return list.sort(
    (a, b) => a.title.localeCompare(b.title, "en", { sensitivity: "base" }) || a.id - b.id,
  );
}

export async function findCannedReply(
  db: Kysely<Database>,
  id: number,
): Promise<CannedReply | undefined> {
  const row = await rows(db).where("r.id", "=", id).executeTakeFirst();
  return row ? toCannedReply(row) : undefined;
}

export async function countCannedReplies(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("canned_replies")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createCannedReply(
  db: Kysely<Database>,
  reply: { title: string; body: string },
  agentId: number,
  now = Date.now(),
): Promise<number> {
  const row = await db
    .insertInto("canned_replies")
    .values({
      title: reply.title,
      body: reply.body,
      created_by_agent_id: agentId,
      updated_by_agent_id: agentId,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** False for an unknown id. */
export async function updateCannedReply(
  db: Kysely<Database>,
  id: number,
  reply: { title: string; body: string },
  agentId: number,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable("canned_replies")
    .set({ title: reply.title, body: reply.body, updated_by_agent_id: agentId, updated_at: now })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCannedReply(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("canned_replies").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
