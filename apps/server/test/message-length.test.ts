/**
 * One message length on the server, the one the widget and the console let anyone type (5,000
 * characters of text): a longer message sent over the socket is refused as too large, not stored.
 */
import { chatLimits } from "@hourline/contracts/chat-message";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chattingVisitor,
  newClientId,
  postgresFor,
  startChatServerOn,
  stores,
  type ChatServer,
} from "./chat-harness";

const pgUp = await postgresFor("the message length tests");

describe.each(stores)("one message length on $name", (store) => {
  const run = !store.pg || pgUp;
  let server: ChatServer;
  beforeAll(async () => {
    if (run) server = await startChatServerOn(store);
  });
  afterAll(async () => server?.close());

  it.runIf(run)("stores 5,000 characters and refuses 5,001 or 19,000 as too large", async () => {
    const visitor = await chattingVisitor(server);
    const send = async (text: string) => {
      const clientId = newClientId();
      visitor.socket.send({ message: text, msg_type: "text", client_id: clientId });
      return visitor.socket.next(
        (f) => f.client_id === clientId && (f.message_type === "ack" || f.message_type === "error"),
      );
    };
    expect(await send("a".repeat(chatLimits.typedText))).toMatchObject({ message_type: "ack" });
    for (const length of [chatLimits.typedText + 1, 19_000]) {
      const refused = await send("b".repeat(length));
      expect(refused).toMatchObject({ message_type: "error", code: "too_large" });
      expect(String(refused.message)).toContain("5,000");
    }
    // Markup is not text: 5,000 characters in bold are no longer than 5,000 plain.
    expect(await send(`<b>${"c".repeat(chatLimits.typedText)}</b>`)).toMatchObject({
      message_type: "ack",
    });
    const stored = await server.app.database.db
      .selectFrom("chat_messages")
      .select("message")
      .where("conversation_id", "=", visitor.conversationId)
      .execute();
    expect(stored.some((m) => m.message.includes("b".repeat(100)))).toBe(false);
    visitor.socket.close();
  });
});
