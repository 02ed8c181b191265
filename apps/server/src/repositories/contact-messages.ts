/**
 * Contact messages as visitors sent them (table contact_messages), and their state in the console:
 * read (when an agent first opened one) and handled (by whom, when).
 */
import type { ContactMessageSummary } from "@hourline/contracts/console-inbox";
import type { ContactFilter } from "@hourline/contracts/console";
import { sql, type Kysely, type Selectable } from "kysely";
import type { ContactMessagesTable, Database } from "../db/schema";

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string | undefined;
  message: string;
  receivedAt: number;
  ipHash: string;
  userAgent: string | undefined;
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  receivedAt: number;
  ipHash: string;
  userAgent: string | null;
  handled: boolean;
}

function toContactMessage(row: Selectable<ContactMessagesTable>): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    receivedAt: row.received_at,
    ipHash: row.ip_hash,
    userAgent: row.user_agent,
    handled: row.handled === 1,
  };
}

/** Stores a message; pass the transaction that also enqueues its notification. */
export async function insertContactMessage(
  db: Kysely<Database>,
  message: NewContactMessage,
): Promise<number> {
  const row = await db
    .insertInto("contact_messages")
    .values({
      name: message.name,
      email: message.email,
      phone: message.phone ?? null,
      message: message.message,
      received_at: message.receivedAt,
      ip_hash: message.ipHash,
      user_agent: message.userAgent ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Newest first. */
export async function listContactMessages(
  db: Kysely<Database>,
  { limit = 100 }: { limit?: number } = {},
): Promise<ContactMessage[]> {
  const rows = await db
    .selectFrom("contact_messages")
    .selectAll()
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toContactMessage);
}

export async function findContactMessage(
  db: Kysely<Database>,
  id: number,
): Promise<ContactMessage | undefined> {
  const row = await db
    .selectFrom("contact_messages")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toContactMessage(row) : undefined;
}

/** The console's view of messages: state, and the handling agent's current name. */
function summaryRows(db: Kysely<Database>) {
  return db
    .selectFrom("contact_messages as m")
    .leftJoin("agents as a", "a.id", "m.handled_by_agent_id")
    .select([
      "m.id",
      "m.name",
      "m.email",
      "m.phone",
      "m.message",
      "m.received_at",
      "m.read_at",
      "m.handled",
      "m.handled_at",
      "a.name as handled_by",
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryRows>["execute"]>>[number];

function toSummary(row: SummaryRow): ContactMessageSummary {
  const handled = row.handled === 1;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    received_at: row.received_at,
    read: row.read_at !== null,
    handled,
    handled_at: handled ? row.handled_at : null,
    handled_by: handled ? (row.handled_by ?? null) : null,
  };
}

/** `%`, `_` and the escape character itself are taken literally in a search. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Newest first, at most `limit` (the console's list asks for the default). `q` matches name, e-mail, phone or text, case-insensitively (the
 * same on SQLite and PostgreSQL: both sides lower-cased, LIKE with an explicit escape character).
 */
export async function listContactMessageSummaries(
  db: Kysely<Database>,
  {
    limit = 200,
    q = "",
    filter = "all",
  }: { limit?: number; q?: string; filter?: ContactFilter } = {},
): Promise<ContactMessageSummary[]> {
  let query = summaryRows(db);
  const needle = q.trim();
  if (needle) {
    const pattern = likePattern(needle);
    query = query.where((eb) =>
      eb.or(
        (["m.name", "m.email", "m.phone", "m.message"] as const).map(
          (column) =>
            sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  if (filter === "unread") query = query.where("m.read_at", "is", null);
  if (filter === "unhandled") query = query.where("m.handled", "=", 0);
  const rows = await query
    .orderBy("m.received_at", "desc")
    .orderBy("m.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

export async function findContactMessageSummary(
  db: Kysely<Database>,
  id: number,
): Promise<ContactMessageSummary | undefined> {
  const row = await summaryRows(db).where("m.id", "=", id).executeTakeFirst();
  return row ? toSummary(row) : undefined;
}

/**
 * Read keeps the first time it was read; unread clears it. Handled records who and when; not
 * handled clears both. False for an unknown id.
 */
export async function updateContactMessageState(
  db: Kysely<Database>,
  id: number,
  change: { read?: boolean | undefined; handled?: boolean | undefined },
  agentId: number,
  now = Date.now(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("contact_messages")
      .select(["id", "read_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return false;
    const values: {
      read_at?: number | null;
      handled?: number;
      handled_at?: number | null;
      handled_by_agent_id?: number | null;
    } = {};
    if (change.read === true && row.read_at === null) values.read_at = now;
    if (change.read === false) values.read_at = null;
    if (change.handled === true) {
      Object.assign(values, { handled: 1, handled_at: now, handled_by_agent_id: agentId });
    }
    if (change.handled === false) {
      Object.assign(values, { handled: 0, handled_at: null, handled_by_agent_id: null });
    }
    if (Object.keys(values).length > 0) {
      await trx.updateTable("contact_messages").set(values).where("id", "=", id).execute();
    }
    return true;
  });
}
