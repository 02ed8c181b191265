/**
 * Storing a message once per client_id, with the id of the message before it in its conversation
 * read by the same statement, on SQLite and on the PostgreSQL of this machine.
 */
import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { onBothDatabases, type MigratedDatabase } from "../../test/migrated-databases";
import { insertConversation } from "../../test/chat-rows";
import type { Database } from "../db/schema";
import { insertMessageOnce } from "./chat-messages";

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
}

await onBothDatabases("chat messages", messageTests);
