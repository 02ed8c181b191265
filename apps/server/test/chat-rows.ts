/** Test rows for the chat tables, inserted directly: conversations and messages in any state. */
import type { Kysely } from "kysely";
import type { ChatParty, Database } from "../src/db/schema";

export async function insertConversation(
  db: Kysely<Database>,
  values: {
    email: string;
    name?: string;
    startedAt: number;
    state?: "open" | "ended";
    endedAt?: number;
    endedBy?: ChatParty;
  },
): Promise<number> {
  const row = await db
    .insertInto("chat_conversations")
    .values({
      visitor_id: 1,
      visitor_email: values.email,
      visitor_name: values.name ?? "Visitor",
      state: values.state ?? "open",
      started_at: values.startedAt,
      ended_at: values.endedAt ?? null,
      ended_by: values.endedBy ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMessage(
  db: Kysely<Database>,
  conversationId: number,
  from: ChatParty,
  text: string,
  createdAt: number,
): Promise<number> {
  const row = await db
    .insertInto("chat_messages")
    .values({
      conversation_id: conversationId,
      client_id: null,
      sender_type: from,
      agent_id: from === "agent" ? 1 : null,
      sender: from === "agent" ? "agent@hourline.example" : "visitor@example.com",
      receiver: from === "agent" ? "visitor@example.com" : "null",
      sender_username: from === "agent" ? "Support" : "Visitor",
      message: text,
      msg_type: "text",
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
