/** Contact messages as visitors sent them (table contact_messages). */
import type { Kysely, Selectable } from "kysely";
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

export async function setContactMessageHandled(
  db: Kysely<Database>,
  id: number,
  handled: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable("contact_messages")
    .set({ handled: handled ? 1 : 0 })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
