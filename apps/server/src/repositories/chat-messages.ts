/**
 * A conversation's messages (table chat_messages): storing one once per client_id, and reading
 * them as the visitor's history, the console and the follow-up mail do.
 */
import type { ChatMessage, MsgType } from "@hourline/contracts/chat-message";
import type SQLite from "better-sqlite3";
import { sql, type Insertable, type Kysely } from "kysely";
import { toChatMessage, type ChatMessageRow } from "../chat/chat-message-row";
import { isPostgres } from "../../migrations/portable-columns";
import type { ChatMessagesTable, Database } from "../db/schema";
import { CompiledQueries, isPlainValue, type PlainValue } from "../db/compiled-queries";
import { sqliteConnectionOf } from "../db/sqlite-connection";

/** The single-row insert compiled once per set of columns (compiled-queries.ts). */
const compiledInserts = new CompiledQueries();

/** A message just stored, with the id of the one before it in its conversation (null: none). */
export type StoredMessage = ChatMessageRow & { previous_id: number | null };

/**
 * A stored row as the database returns it: the previous id may come back as a string (a bigint).
 * The row is the driver's fresh object, so it is completed in place (a copy of every stored
 * message, twice over, was a measurable part of the server's time under load).
 */
function storedMessage(
  row: ChatMessageRow & { previous_id: number | string | null },
): StoredMessage {
  if (typeof row.previous_id === "string") row.previous_id = Number(row.previous_id);
  return row as StoredMessage;
}

/**
 * The insert both paths share: rows whose (conversation, client_id) is already stored are skipped
 * (a resend), and each stored row comes back with the id of the message before it in its
 * conversation as the database sees it.
 */
function insertOnceWithPrevious(db: Kysely<Database>, rows: Insertable<ChatMessagesTable>[]) {
  return db
    .insertInto("chat_messages")
    .values(rows)
    .onConflict((oc) => oc.columns(["conversation_id", "client_id"]).doNothing())
    .returningAll()
    .returning((eb) =>
      eb
        .selectFrom("chat_messages as p")
        .select((p) => p.fn.max("p.id").as("id"))
        .whereRef("p.conversation_id", "=", "chat_messages.conversation_id")
        .whereRef("p.id", "<", "chat_messages.id")
        .as("previous_id"),
    );
}

/**
 * Stores the message unless its (conversation_id, client_id) is stored already; the new row, or
 * undefined for a resend. Insert first: a resend is rare, so only the conflict pays a second read.
 * The same statement reads the id of the message before it, among those committed: pushed with
 * each message, so a client that holds less knows it missed one (one statement per message
 * fewer, a round trip fewer on PostgreSQL).
 */
export async function insertMessageOnce(
  db: Kysely<Database>,
  row: Insertable<ChatMessagesTable>,
): Promise<StoredMessage | undefined> {
  const columns: string[] = [];
  const values: PlainValue[] = [];
  let plain = true;
  for (const [column, value] of Object.entries(row)) {
    if (value === undefined) continue;
    if (!isPlainValue(value)) plain = false;
    columns.push(column);
    values.push(value as PlainValue);
  }
  const query = () => insertOnceWithPrevious(db, [row]);
  const stored = plain
    ? (await compiledInserts.run(db, columns.join(","), values, query)).rows[0]
    : await query().executeTakeFirst();
  if (!stored) return undefined;
  return storedMessage(stored);
}

/**
 * Stores several messages at once, in the order given, each as insertMessageOnce does (undefined
 * for a client_id stored already): one commit for them all (group commit). All or nothing: when
 * any row or the commit fails, none is stored. On PostgreSQL it is one statement (one round trip,
 * one commit); on SQLite, where a statement costs no round trip, one transaction of the same
 * inserts as insertMessageOnce's.
 */
export function insertMessagesOnce(
  db: Kysely<Database>,
  rows: readonly Insertable<ChatMessagesTable>[],
): Promise<(StoredMessage | undefined)[]> {
  if (isPostgres(db)) return insertMessagesInOneStatement(db, rows);
  return db.transaction().execute(async (trx) => {
    const stored: (StoredMessage | undefined)[] = [];
    for (const row of rows) stored.push(await insertMessageOnce(trx, row));
    return stored;
  });
}

/**
 * A visitor's message addressed by the visitor, not by the conversation: it goes into their open
 * conversation, which the insert itself finds (SQLite's hot path, one statement fewer per message).
 */
export interface VisitorMessageWrite {
  toOpenConversationOf: string;
  client_id: string;
  message: string;
  msg_type: MsgType;
  created_at: number;
}

/** What the chat's group commit stores: a complete row, or a visitor's message by their e-mail. */
export type MessageWrite = Insertable<ChatMessagesTable> | VisitorMessageWrite;

function isVisitorWrite(write: MessageWrite): write is VisitorMessageWrite {
  return "toOpenConversationOf" in write;
}

const compiledVisitorInserts = new CompiledQueries();

/**
 * Stores a visitor's message in their open conversation, taking its id, their e-mail and name
 * from that conversation in the same statement; undefined when nothing was stored: the visitor has
 * no open conversation, or this client_id is stored in it already (the caller tells which). A
 * conversation ended by then (another request, another instance) is simply not found: the
 * message never lands in an ended chat. The row comes back as insertMessageOnce's does. On SQLite
 * it runs straight on the connection (insertVisitorWritesDirectly).
 */
export async function insertIntoOpenConversationOnce(
  db: Kysely<Database>,
  write: VisitorMessageWrite,
): Promise<StoredMessage | undefined> {
  const sqlite = sqliteConnectionOf(db);
  if (sqlite) return (await insertVisitorWritesDirectly(db, sqlite, [write]))[0];
  const { toOpenConversationOf: email, client_id, message, msg_type, created_at } = write;
  const query = () =>
    sql<ChatMessageRow & { previous_id: number | string | null }>`insert into chat_messages
      (conversation_id, client_id, sender_type, agent_id, sender, receiver, sender_username,
       message, msg_type, created_at)
      select c.id, ${client_id}, 'visitor', null, c.visitor_email, 'null', c.visitor_name,
        ${message}, ${msg_type}, ${created_at}
      from chat_conversations c where c.visitor_email = ${email} and c.state = 'open'
      on conflict (conversation_id, client_id) do nothing
      returning *, (select max(p.id) from chat_messages p
        where p.conversation_id = chat_messages.conversation_id and p.id < chat_messages.id)
        as previous_id`;
  const parameters = [client_id, message, msg_type, created_at, email];
  const compilable = () => ({ compile: () => query().compile(db) });
  const stored = (await compiledVisitorInserts.run(db, "visitor", parameters, compilable)).rows[0];
  if (!stored) return undefined;
  return storedMessage(stored);
}

/**
 * SQLite's hot path, run straight on the connection (db/sqlite-connection.ts) instead of through
 * Kysely: the visitor's insert without RETURNING, then what the row took from its conversation
 * read back by rowid. SQLite's RETURNING cost more than the rest of the insert (about 38 against
 * 21 µs a message, in a transaction, 2,000 conversations); the read back costs about 4.
 */
const visitorInsertSql = `insert into chat_messages
  (conversation_id, client_id, sender_type, agent_id, sender, receiver, sender_username, message,
   msg_type, created_at)
  select c.id, ?, 'visitor', null, c.visitor_email, 'null', c.visitor_name, ?, ?, ?
  from chat_conversations c where c.visitor_email = ? and c.state = 'open'
  on conflict (conversation_id, client_id) do nothing`;
const storedDetailsSql = `select m.conversation_id, m.sender, m.sender_username,
  (select max(p.id) from chat_messages p where p.conversation_id = m.conversation_id and p.id < m.id)
    as previous_id
  from chat_messages m where m.id = ?`;

interface StoredDetails {
  conversation_id: number;
  sender: string;
  sender_username: string;
  previous_id: number | null;
}

/** Per connection: the two statements, prepared once, and the transaction that runs a batch. */
const directWriters = new WeakMap<
  SQLite.Database,
  (writes: readonly VisitorMessageWrite[]) => (StoredMessage | undefined)[]
>();

function directWriterOf(sqlite: SQLite.Database) {
  let writer = directWriters.get(sqlite);
  if (!writer) {
    const insert = sqlite.prepare(visitorInsertSql);
    const details = sqlite.prepare<[number], StoredDetails>(storedDetailsSql);
    writer = sqlite.transaction((writes: readonly VisitorMessageWrite[]) =>
      writes.map((write): StoredMessage | undefined => {
        const { client_id, message, msg_type, created_at } = write;
        const inserted = insert.run(
          client_id,
          message,
          msg_type,
          created_at,
          write.toOpenConversationOf,
        );
        // None: no open conversation, or this client_id is stored in it already.
        if (inserted.changes !== 1) return undefined;
        const id = Number(inserted.lastInsertRowid);
        const taken = details.get(id);
        if (!taken) throw new Error(`chat message ${id} was not found right after its insert`);
        return {
          id,
          conversation_id: taken.conversation_id,
          client_id,
          sender_type: "visitor",
          agent_id: null,
          sender: taken.sender,
          receiver: "null",
          sender_username: taken.sender_username,
          message,
          msg_type,
          created_at,
          previous_id: taken.previous_id,
        };
      }),
    );
    directWriters.set(sqlite, writer);
  }
  return writer;
}

/**
 * Visitors' messages, each as insertIntoOpenConversationOnce stores it, in one transaction (all or
 * nothing), on SQLite's connection while Kysely's hold on it is taken: no Kysely transaction can
 * be open on it meanwhile, and the batch runs synchronously to its commit.
 */
function insertVisitorWritesDirectly(
  db: Kysely<Database>,
  sqlite: SQLite.Database,
  writes: readonly VisitorMessageWrite[],
): Promise<(StoredMessage | undefined)[]> {
  const writer = directWriterOf(sqlite);
  return db.connection().execute(async () => writer(writes));
}

/** One write of the group commit on its own (insertMessageOnce or insertIntoOpenConversationOnce). */
export function insertMessageWriteOnce(
  db: Kysely<Database>,
  write: MessageWrite,
): Promise<StoredMessage | undefined> {
  return isVisitorWrite(write)
    ? insertIntoOpenConversationOnce(db, write)
    : insertMessageOnce(db, write);
}

/**
 * The group commit's batch: complete rows only go as insertMessagesOnce's (one statement on
 * PostgreSQL); visitors' messages by e-mail only, on SQLite, straight on the connection
 * (insertVisitorWritesDirectly); otherwise one transaction of single inserts. All or nothing
 * either way.
 */
export function insertMessageWritesOnce(
  db: Kysely<Database>,
  writes: readonly MessageWrite[],
): Promise<(StoredMessage | undefined)[]> {
  const rows: Insertable<ChatMessagesTable>[] = [];
  for (const write of writes) if (!isVisitorWrite(write)) rows.push(write);
  if (rows.length === writes.length) return insertMessagesOnce(db, rows);
  const sqlite = sqliteConnectionOf(db);
  if (sqlite && rows.length === 0) {
    return insertVisitorWritesDirectly(db, sqlite, writes as readonly VisitorMessageWrite[]);
  }
  return db.transaction().execute(async (trx) => {
    const stored: (StoredMessage | undefined)[] = [];
    for (const write of writes) stored.push(await insertMessageWriteOnce(trx, write));
    return stored;
  });
}

const rowKey = (row: { conversation_id: number; client_id?: string | null | undefined }) =>
  row.client_id == null ? undefined : `${row.conversation_id}\u0000${row.client_id}`;

/**
 * PostgreSQL: one multi-row insert. Its RETURNING subquery sees only rows committed before the
 * statement, so a message's predecessor stored by the same statement is found here instead: the
 * newest row of the same conversation with a smaller id. A client_id twice in one batch (two tabs
 * sending the same message) is inserted once; the second is answered as a resend.
 */
async function insertMessagesInOneStatement(
  db: Kysely<Database>,
  rows: readonly Insertable<ChatMessagesTable>[],
): Promise<(StoredMessage | undefined)[]> {
  const seen = new Set<string>();
  const unique = rows.filter((row) => {
    const key = rowKey(row);
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const inserted = await insertOnceWithPrevious(db, unique).execute();
  const newestIn = new Map<number, number>();
  const stored = inserted.map(storedMessage).sort((a, b) => a.id - b.id);
  for (const message of stored) {
    const before = newestIn.get(message.conversation_id);
    if (before !== undefined && (message.previous_id === null || before > message.previous_id)) {
      message.previous_id = before;
    }
    newestIn.set(message.conversation_id, message.id);
  }
  const byKey = new Map<string, StoredMessage>();
  const withoutKey: StoredMessage[] = [];
  for (const message of stored) {
    const key = rowKey(message);
    if (key === undefined) withoutKey.push(message);
    else byKey.set(key, message);
  }
  // Rows without a client_id always insert; they come back in the order they went in.
  let nextWithoutKey = 0;
  return rows.map((row) => {
    const key = rowKey(row);
    if (key === undefined) return withoutKey[nextWithoutKey++];
    const message = byKey.get(key);
    // The first row of a key gets the stored message; a repeat of it is a resend.
    byKey.delete(key);
    return message;
  });
}

export function findMessageByClientId(
  db: Kysely<Database>,
  conversationId: number,
  clientId: string,
): Promise<ChatMessageRow | undefined> {
  return db
    .selectFrom("chat_messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
}

/** Messages after `afterId`, oldest first, at most `limit`. */
export async function listMessagesAfter(
  db: Kysely<Database>,
  conversationId: number,
  { afterId = 0, limit = 1000 }: { afterId?: number; limit?: number } = {},
): Promise<ChatMessage[]> {
  const rows = await listMessageRowsAfter(db, conversationId, { afterId, limit });
  return rows.map(toChatMessage);
}

/** Agents' messages of a conversation after `afterId`, oldest first. */
export function listAgentMessagesAfter(
  db: Kysely<Database>,
  conversationId: number,
  afterId: number,
): Promise<ChatMessageRow[]> {
  return db
    .selectFrom("chat_messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .where("sender_type", "=", "agent")
    .where("id", ">", afterId)
    .orderBy("id", "asc")
    .execute();
}

/** A page of a conversation's stored rows after `afterId`, oldest first. */
export function listMessageRowsAfter(
  db: Kysely<Database>,
  conversationId: number,
  { afterId, limit }: { afterId: number; limit: number },
): Promise<ChatMessageRow[]> {
  return db
    .selectFrom("chat_messages")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .where("id", ">", afterId)
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
}

/**
 * An agent's message written after `afterId`, the newest message that agent's console showed:
 * stored unless another agent has written in the conversation since ("conflict", nothing stored).
 * The check and the insert run in one transaction holding the conversation's row (PostgreSQL:
 * `for update`, across instances; SQLite: one writer at a time), so of two agents sending at
 * once after the same message exactly one is stored. A resend of a stored client_id answers the
 * stored row (undefined), as insertMessageOnce does, whatever was written since.
 */
export async function insertAgentMessageUnlessAnswered(
  db: Kysely<Database>,
  row: Insertable<ChatMessagesTable> & { agent_id: number },
  afterId: number,
): Promise<StoredMessage | undefined | "conflict"> {
  return db.transaction().execute(async (trx) => {
    let lock = trx
      .selectFrom("chat_conversations")
      .select("id")
      .where("id", "=", row.conversation_id);
    if (isPostgres(trx)) lock = lock.forUpdate();
    await lock.executeTakeFirst();
    if (await findMessageByClientId(trx, row.conversation_id, row.client_id ?? "")) {
      return undefined;
    }
    const newer = await trx
      .selectFrom("chat_messages")
      .select("id")
      .where("conversation_id", "=", row.conversation_id)
      .where("id", ">", afterId)
      .where("sender_type", "=", "agent")
      .where("agent_id", "!=", row.agent_id)
      .limit(1)
      .executeTakeFirst();
    if (newer) return "conflict";
    return insertMessageOnce(trx, row);
  });
}
