/**
 * One message length on the server, the one the widget and the console let anyone type (5,000
 * characters of text): a longer message sent over the socket is refused as too large, not stored.
 * Over HTTP every written text past its limit (an e-mail answer, a note, a canned reply, a contact
 * message, a rating's comment) is the same 413 too_large naming the field, never a 400.
 */
import { chatLimits } from "@hourline/contracts/chat-message";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConversation } from "./chat-rows";
import {
  AGENT_ENV,
  Browser,
  chattingVisitor,
  connectedAgent,
  newClientId,
  uniqueEmail,
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
    if (run) server = await startChatServerOn(store, AGENT_ENV);
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

  it.runIf(run)("answers every over-long written text over HTTP with 413 too_large", async () => {
    const agent = await connectedAgent(server);
    agent.socket.close();
    const db = server.app.database.db;
    const ended = await insertConversation(db, {
      email: uniqueEmail("ended"),
      startedAt: Date.now() - 60_000,
      state: "ended",
      endedAt: Date.now(),
      endedBy: "visitor",
    });
    const open = await insertConversation(db, {
      email: uniqueEmail("open"),
      startedAt: Date.now(),
    });
    const long = (n: number) => "x".repeat(n);
    const visitor = new Browser(server);
    const cases: [Browser, string, Record<string, unknown>, string, RegExp][] = [
      [
        agent.browser,
        `/api/agent/conversations/${ended}/email-answer`,
        { body: long(chatLimits.typedText + 1), client_id: newClientId() },
        "body",
        /5,?000/,
      ],
      [
        agent.browser,
        `/api/agent/conversations/${open}/notes`,
        { body: long(19_000) },
        "body",
        /5,?000/,
      ],
      [
        agent.browser,
        "/api/agent/canned-replies",
        { title: "Long", body: long(chatLimits.typedText + 1) },
        "body",
        /5,?000/,
      ],
      [
        visitor,
        "/api/support/contact_us",
        { name: "Ann Lee", email: uniqueEmail(), message: long(chatLimits.typedText + 1) },
        "message",
        /5,?000/,
      ],
      [
        visitor,
        "/api/support/rating",
        { rating_token: long(43), score: 5, comment: long(1001) },
        "comment",
        /1,?000/,
      ],
    ];
    for (const [browser, path, body, field, limit] of cases) {
      const res = await browser.post(path, body);
      expect(res.status, path).toBe(413);
      const error = (res.body as { error: { code: string; message: string; fields: object } })
        .error;
      expect(error.code, path).toBe("too_large");
      expect(error.message, path).toMatch(limit);
      expect(Object.keys(error.fields), path).toEqual([field]);
    }
    // At the limit the e-mail answer goes; a long short field (a title) is still a 400.
    const atLimit = await agent.browser.post(`/api/agent/conversations/${ended}/email-answer`, {
      body: long(chatLimits.typedText),
      client_id: newClientId(),
    });
    expect(atLimit.status).toBe(200);
    const title = await agent.browser.post("/api/agent/canned-replies", {
      title: long(81),
      body: "Hi",
    });
    expect(title.status).toBe(400);
    expect(title.body).toMatchObject({ error: { code: "validation_failed" } });
  });
});
