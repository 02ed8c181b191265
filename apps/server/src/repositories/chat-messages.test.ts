/**
 * Storing a message once per client_id, with the id of the message before it in its conversation
 * read by the same statement, on SQLite and on the PostgreSQL of this machine; and several stored
 * at once (group commit), all or nothing; and a visitor's message stored by their e-mail into their
 * open conversation, found by the insert itself.
 */
import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { onBothDatabases, type MigratedDatabase } from "../../test/migrated-databases";
import { insertConversation } from "../../test/chat-rows";
import type { Database } from "../db/schema";
import {
  insertIntoOpenConversationOnce,
  insertMessageOnce,
  insertMessagesOnce,
  insertMessageWritesOnce,
} from "./chat-messages";

function message(conversationId: number, clientId: string, at: number) {
  return {
    conversation_id: conversationId,
    client_id: clientId,
    sender_type: "visitor" as const,
    agent_id: null,
    sender: "v@x.example",
    receiver: "null",
    sender_username: "Visitor",
    message: `<p>${clientId}</p>`,
    msg_type: "text" as const,
    created_at: at,
  };
}

function messageTests(database: MigratedDatabase) {
  let db: Kysely<Database>;
  beforeAll(() => {
    db = database.db;
  });

  it("stores a message once, with the id of the one before it in its own conversation", async () => {
    const a = await insertConversation(db, { email: "a@x.example", startedAt: 1 });
    const b = await insertConversation(db, { email: "b@x.example", startedAt: 1 });
    const first = await insertMessageOnce(db, message(a, "a-1", 2));
    expect(first).toMatchObject({ conversation_id: a, client_id: "a-1", previous_id: null });
    const other = await insertMessageOnce(db, message(b, "b-1", 3));
    expect(other?.previous_id).toBeNull();
    const second = await insertMessageOnce(db, message(a, "a-2", 4));
    expect(second?.previous_id).toBe(first?.id);
    expect(typeof second?.previous_id).toBe("number");
    // A resend of a stored client_id stores nothing.
    expect(await insertMessageOnce(db, message(a, "a-2", 5))).toBeUndefined();
    const third = await insertMessageOnce(db, message(a, "a-3", 6));
    expect(third?.previous_id).toBe(second?.id);
  });

  it("stores a batch in order: each its own row, previous ids chained within the batch too, resends answered as such", async () => {
    const a = await insertConversation(db, { email: "batch-a@x.example", startedAt: 1 });
    const b = await insertConversation(db, { email: "batch-b@x.example", startedAt: 1 });
    const before = await insertMessageOnce(db, message(a, "ba-0", 2));
    const answers = await insertMessagesOnce(db, [
      message(a, "ba-1", 3),
      message(b, "bb-1", 3),
      message(a, "ba-0", 3), // stored already
      message(a, "ba-2", 4),
      message(a, "ba-1", 4), // twice in the batch
      message(b, "bb-2", 5),
    ]);
    const [a1, b1, again, a2, twice, b2] = answers;
    expect(again).toBeUndefined();
    expect(twice).toBeUndefined();
    expect(a1).toMatchObject({ client_id: "ba-1", conversation_id: a, previous_id: before?.id });
    expect(a2).toMatchObject({ client_id: "ba-2", conversation_id: a, previous_id: a1?.id });
    expect(b1).toMatchObject({ client_id: "bb-1", conversation_id: b, previous_id: null });
    expect(b2).toMatchObject({ client_id: "bb-2", conversation_id: b, previous_id: b1?.id });
    // Ids follow the order the messages came in, within each conversation.
    expect(a1?.id).toBeLessThan(a2?.id ?? 0);
    expect(b1?.id).toBeLessThan(b2?.id ?? 0);
    const rows = await db
      .selectFrom("chat_messages")
      .select(["id", "client_id"])
      .where("conversation_id", "in", [a, b])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.client_id)).toEqual(["ba-0", "ba-1", "bb-1", "ba-2", "bb-2"]);
  });

  it("a batch with a row the database refuses stores none of it", async () => {
    const a = await insertConversation(db, { email: "refused@x.example", startedAt: 1 });
    // The column is NOT NULL: the database refuses the second row (the types would not let it by).
    const refused = { ...message(a, "r-2", 2), sender: null as unknown as string };
    await expect(insertMessagesOnce(db, [message(a, "r-1", 2), refused])).rejects.toThrow();
    const rows = await db
      .selectFrom("chat_messages")
      .select("id")
      .where("client_id", "in", ["r-1", "r-2"])
      .execute();
    expect(rows).toEqual([]);
  });

  /** Which of these client_ids are stored. */
  function storedOf(clientIds: string[]) {
    return db
      .selectFrom("chat_messages")
      .select("client_id")
      .where("client_id", "in", clientIds)
      .execute();
  }

  function byEmail(email: string, clientId: string, at: number) {
    return {
      toOpenConversationOf: email,
      client_id: clientId,
      message: `<p>${clientId}</p>`,
      msg_type: "text" as const,
      created_at: at,
    };
  }

  it("stores a visitor's message by e-mail in their open conversation only, once per client_id", async () => {
    const email = "open-by-email@x.example";
    await insertConversation(db, { email, startedAt: 1, state: "ended", endedAt: 2 });
    const open = await insertConversation(db, { email, name: "Ana", startedAt: 3 });
    const before = await insertMessageOnce(db, message(open, "e-0", 4));
    const first = await insertIntoOpenConversationOnce(db, byEmail(email, "e-1", 5));
    expect(first).toMatchObject({
      conversation_id: open,
      client_id: "e-1",
      sender_type: "visitor",
      agent_id: null,
      sender: email,
      receiver: "null",
      sender_username: "Ana",
      message: "<p>e-1</p>",
      msg_type: "text",
      created_at: 5,
      previous_id: before?.id,
    });
    // A resend of a stored client_id stores nothing.
    expect(await insertIntoOpenConversationOnce(db, byEmail(email, "e-1", 6))).toBeUndefined();
    // No open conversation: nothing stored, whoever asks.
    await db
      .updateTable("chat_conversations")
      .set({ state: "ended", ended_at: 7 })
      .where("id", "=", open)
      .execute();
    expect(await insertIntoOpenConversationOnce(db, byEmail(email, "e-2", 8))).toBeUndefined();
    expect(
      await insertIntoOpenConversationOnce(db, byEmail("nobody@x.example", "n-1", 8)),
    ).toBeUndefined();
    expect(await storedOf(["e-1", "e-2", "n-1"])).toEqual([{ client_id: "e-1" }]);
  });

  it("stores a batch of messages by e-mail (SQLite: straight on the connection) as the single insert does, all or nothing", async () => {
    const email = "visitors-batch@x.example";
    const other = "visitors-batch-other@x.example";
    const a = await insertConversation(db, { email, name: "Bea", startedAt: 1 });
    const b = await insertConversation(db, { email: other, name: "Cy", startedAt: 1 });
    const before = await insertMessageOnce(db, message(a, "vb-0", 2));
    const answers = await insertMessageWritesOnce(db, [
      byEmail(email, "vb-1", 3),
      byEmail(other, "vb-2", 4),
      byEmail(email, "vb-3", 5),
      byEmail(email, "vb-1", 6),
      byEmail("nobody-open@x.example", "vb-4", 7),
    ]);
    const [v1, v2, v3, again, nobody] = answers;
    expect(again).toBeUndefined();
    expect(nobody).toBeUndefined();
    expect(v1?.previous_id).toBe(before?.id);
    expect(v2?.previous_id).toBeNull();
    expect(v3?.previous_id).toBe(v1?.id);
    // Each answer is the stored row as the database holds it, plus the id before it.
    const stored = await db
      .selectFrom("chat_messages")
      .selectAll()
      .where("client_id", "in", ["vb-1", "vb-2", "vb-3"])
      .orderBy("id")
      .execute();
    expect([v1, v2, v3]).toEqual(
      stored.map((row, i) => ({ ...row, previous_id: [before?.id, null, v1?.id][i] })),
    );
    expect(stored.map((r) => [r.conversation_id, r.sender, r.sender_username])).toEqual([
      [a, email, "Bea"],
      [b, other, "Cy"],
      [a, email, "Bea"],
    ]);
    // One refused row: none of its batch is stored.
    const refused = { ...byEmail(email, "vb-6", 8), message: null as unknown as string };
    await expect(
      insertMessageWritesOnce(db, [byEmail(email, "vb-5", 8), refused]),
    ).rejects.toThrow();
    expect(await storedOf(["vb-5", "vb-6"])).toEqual([]);
    // The connection is free again: the next write goes through.
    expect(await insertIntoOpenConversationOnce(db, byEmail(email, "vb-7", 9))).toMatchObject({
      client_id: "vb-7",
      previous_id: v3?.id,
    });
  });

  it("stores a batch of rows and messages by e-mail in order, previous ids chained, all or nothing", async () => {
    const email = "mixed@x.example";
    const a = await insertConversation(db, { email, startedAt: 1 });
    const [m1, m2, m3, again] = await insertMessageWritesOnce(db, [
      byEmail(email, "m-1", 2),
      message(a, "m-2", 3),
      byEmail(email, "m-3", 4),
      byEmail(email, "m-1", 5),
    ]);
    expect(m1).toMatchObject({ conversation_id: a, client_id: "m-1", previous_id: null });
    expect(m2).toMatchObject({ conversation_id: a, client_id: "m-2", previous_id: m1?.id });
    expect(m3).toMatchObject({ conversation_id: a, client_id: "m-3", previous_id: m2?.id });
    expect(again).toBeUndefined();
    const refused = { ...message(a, "m-5", 6), sender: null as unknown as string };
    await expect(
      insertMessageWritesOnce(db, [byEmail(email, "m-4", 6), refused]),
    ).rejects.toThrow();
    const rows = await db
      .selectFrom("chat_messages")
      .select("client_id")
      .where("conversation_id", "=", a)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.client_id)).toEqual(["m-1", "m-2", "m-3"]);
  });
}

await onBothDatabases("chat messages", messageTests);
