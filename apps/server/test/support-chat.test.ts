/**
 * The support chat end to end over real sockets and a real SMTP sink: the visitor's flow, agents
 * replying, both ways of ending, idempotent acks, several tabs, and the socket's limits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  Browser,
  chattingVisitor,
  connectedAgent,
  newClientId,
  uniqueEmail,
  verifyVisitor,
  startChatServer,
  stores,
  type ChatServer,
} from "./chat-harness";
import { freshPgSchema, PG_URL, postgresFor } from "./helpers";

const pgUp = await postgresFor("the chat flow");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`visitor flow (${store.name})`, () => {
    let server: ChatServer;
    let drop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      if (store.pg) {
        const schema = await freshPgSchema();
        drop = schema.drop;
        server = await startChatServer(
          { ...AGENT_ENV, DATABASE_URL: PG_URL },
          { pgSchema: schema.schema },
        );
      } else {
        server = await startChatServer(AGENT_ENV);
      }
    });
    afterAll(async () => {
      await server.close();
      await drop?.();
    });

    it("proves the e-mail, chats both ways, and either side can end it", async () => {
      const email = uniqueEmail();
      const browser = new Browser(server);

      expect((await browser.post("/api/support/check_chat_email", { email })).body).toEqual({
        status: 200,
        is_verify: false,
      });
      // Without a session nothing works.
      expect(
        (await browser.post("/api/support/register", { username: "Asha", email })).status,
      ).toBe(401);
      await verifyVisitor(browser, server.sink, email);
      expect((await browser.post("/api/support/check_chat_email", { email })).body).toEqual({
        status: 200,
        is_verify: true,
      });
      // The e-mail check is per browser: another browser has proved nothing.
      expect(
        (await new Browser(server).post("/api/support/check_chat_email", { email })).body,
      ).toMatchObject({ is_verify: false });

      const agent = await connectedAgent(server);
      const registered = await browser.post("/api/support/register", {
        username: "Asha Rao",
        email: email.toUpperCase(),
      });
      expect(registered.status).toBe(200);
      const user = registered.body as {
        id: number;
        conversation_id: number;
        agents_online: boolean;
      };
      expect(user).toMatchObject({ username: "Asha Rao", email, agents_online: true });
      await agent.socket.next(
        (f) => f.message_type === "conversation" && f.id === user.conversation_id,
      );

      const visitor = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
      await visitor.opened;
      expect(await visitor.next((f) => f.message_type === "presence")).toMatchObject({
        agents_online: true,
      });

      const clientId = newClientId();
      visitor.send({
        sender: email,
        receiver: "null",
        message: "Hello, can I <b>export</b> timesheets?",
        msg_type: "text",
        client_id: clientId,
      });
      const ack = await visitor.ack(clientId);
      const stored = (await browser.get(`/api/support/get_message/${encodeURIComponent(email)}/`))
        .body as { id: number; message: string; receiver: string; sender_username: string }[];
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        id: ack.id,
        receiver: "null",
        sender: email,
        sender_username: "Asha Rao",
        msg_type: "text",
        message: "Hello, can I <b>export</b> timesheets?",
      });
      const pushed = await agent.socket.next(
        (f) => f.message_type === "message" && f.id === ack.id,
      );
      expect(pushed).toMatchObject({
        conversation_id: user.conversation_id,
        sender_type: "visitor",
      });

      // The agent answers; the visitor sees the agent's display name.
      const replyId = newClientId();
      agent.socket.send({
        message_type: "message",
        conversation_id: user.conversation_id,
        message: "Yes: Reports, then Export.",
        msg_type: "text",
        client_id: replyId,
      });
      const replyAck = await agent.socket.ack(replyId);
      const reply = await visitor.next((f) => f.message_type === "message" && f.id === replyAck.id);
      expect(reply).toMatchObject({
        sender_type: "agent",
        sender_username: agent.agent.name,
        receiver: email,
      });
      const after = (
        await browser.get(`/api/support/get_message/${encodeURIComponent(email)}/?after=${ack.id}`)
      ).body as { id: number }[];
      expect(after.map((m) => m.id)).toEqual([replyAck.id]);

      // The visitor ends the chat: both sides are told, and register opens a new conversation.
      visitor.send({ message_type: "chat_end", target_email: email, user_type: "user" });
      const ended = await visitor.next((f) => f.message_type === "chat_ended");
      expect(ended).toMatchObject({ target_email: email, ended_by: "visitor" });
      expect(typeof ended.ended_at).toBe("number");
      await agent.socket.next(
        (f) => f.message_type === "chat_ended" && f.conversation_id === user.conversation_id,
      );
      // Ending the chat ended this browser's chat session with it (on a shared computer the next
      // person proves their own address): the socket closes, and the history is closed to it.
      expect((await visitor.closed).code).toBe(4401);
      expect(
        (await browser.get(`/api/support/get_message/${encodeURIComponent(email)}/`)).status,
      ).toBe(401);
      expect((await browser.post("/api/support/check_chat_email", { email })).body).toEqual({
        status: 200,
        is_verify: false,
      });
      // Proven again (past the code's resend cooldown), register opens a new conversation.
      await server.app.database.db
        .updateTable("chat_otp_codes")
        .set((eb) => ({ created_at: eb("created_at", "-", 61_000) }))
        .where("email", "=", email)
        .execute();
      await verifyVisitor(browser, server.sink, email);
      expect(
        (await browser.get(`/api/support/get_message/${encodeURIComponent(email)}/`)).body,
      ).toEqual([]);
      const again = (await browser.post("/api/support/register", { username: "Asha Rao", email }))
        .body as { conversation_id: number };
      expect(again.conversation_id).not.toBe(user.conversation_id);
      const visitorAgain = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
      await visitorAgain.opened;
      await visitorAgain.next((f) => f.message_type === "presence");

      // The agent ends this one: the visitor's socket is told, and writing afterwards is refused.
      agent.socket.send({ message_type: "chat_end", conversation_id: again.conversation_id });
      expect(
        await visitorAgain.next(
          (f) => f.message_type === "chat_ended" && f.conversation_id === again.conversation_id,
        ),
      ).toMatchObject({ ended_by: "agent", target_email: email });
      const late = newClientId();
      visitorAgain.send({ message: "hello?", msg_type: "text", client_id: late });
      expect(
        await visitorAgain.next((f) => f.message_type === "error" && f.client_id === late),
      ).toMatchObject({ code: "chat_ended" });
      // An agent's ending leaves the visitor's session alone: they may start again at once.
      const state = await browser.get(`/api/support/conversations/${again.conversation_id}`);
      expect(state.body).toMatchObject({ state: "ended", ended_by: "agent" });

      visitorAgain.close();
      agent.socket.close();
    });

    it("refuses a name holding an RFC 2047 encoded word, in the chat and the contact form", async () => {
      // Decoded by mail clients in a Reply-To name: "Support Team" from nowhere.
      const name = "=?utf-8?B?U3VwcG9ydCBUZWFt?=";
      const email = uniqueEmail();
      const browser = new Browser(server);
      await verifyVisitor(browser, server.sink, email);
      const registered = await browser.post("/api/support/register", { username: name, email });
      expect(registered.status).toBe(400);
      expect(registered.body).toMatchObject({
        error: { fields: { username: expect.any(String) } },
      });
      const contact = await browser.post("/api/support/contact_us", {
        name,
        email,
        phone_numbers: "",
        message: "Hello",
        website: "",
      });
      expect(contact.status).toBe(400);
      const stored = await server.app.database.db
        .selectFrom("chat_conversations")
        .select("id")
        .where("visitor_email", "=", email)
        .execute();
      expect(stored).toEqual([]);
    });

    it("pushes each new contact message to connected agents", async () => {
      const agent = await connectedAgent(server);
      const sent = await new Browser(server).post("/api/support/contact_us", {
        name: "Kiran Das",
        email: "kiran@example.com",
        message: "Please call me about pricing for 40 people.",
        website: "",
      });
      expect(sent.status).toBe(200);
      const pushed = await agent.socket.next((f) => f.message_type === "contact_message");
      expect(pushed).toMatchObject({
        name: "Kiran Das",
        email: "kiran@example.com",
        message: "Please call me about pricing for 40 people.",
        handled: false,
      });
      expect(typeof pushed.id).toBe("number");
      agent.socket.close();
    });

    it("mails the visitor a transcript at the end when they asked for one", async () => {
      const email = uniqueEmail();
      const browser = new Browser(server);
      await verifyVisitor(browser, server.sink, email);
      const registered = (
        await browser.post("/api/support/register", {
          username: "Tara Joshi",
          email,
          transcript: true,
        })
      ).body as { conversation_id: number };
      const agent = await connectedAgent(server);
      const visitor = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
      await visitor.opened;
      const ask = newClientId();
      visitor.send({ message: "Can leave balances carry over?", msg_type: "text", client_id: ask });
      await visitor.ack(ask);
      const answer = newClientId();
      agent.socket.send({
        message_type: "message",
        conversation_id: registered.conversation_id,
        message: "Yes, <b>per policy</b>.",
        msg_type: "text",
        client_id: answer,
      });
      await agent.socket.ack(answer);
      const before = server.sink.messages.length;
      agent.socket.send({ message_type: "chat_end", conversation_id: registered.conversation_id });
      await visitor.next((f) => f.message_type === "chat_ended");
      const isTranscript = (m: (typeof server.sink.messages)[number]) =>
        m.envelopeTo.includes(email) && /support chat with/.test(m.header("subject") ?? "");
      await expect
        .poll(() => server.sink.messages.slice(before).filter(isTranscript).length)
        .toBe(1);
      const transcript = server.sink.messages.slice(before).find(isTranscript);
      expect(transcript?.text).toContain("Tara Joshi");
      expect(transcript?.text).toContain("Can leave balances carry over?");
      expect(transcript?.text).toContain("Yes, per policy.");
      expect(transcript?.html).not.toContain("<b>per policy</b>");
      visitor.close();
      agent.socket.close();
    });

    it("acks a resent client_id with the same id and stores it once", async () => {
      const { browser, email, socket } = await chattingVisitor(server);
      const clientId = newClientId();
      const frame = { message: "once", msg_type: "text", client_id: clientId };
      socket.send(frame);
      const first = await socket.ack(clientId);
      const seen = socket.frames.length;
      socket.send(frame);
      const second = await socket.next(
        (f) => f.message_type === "ack" && f.client_id === clientId,
        5000,
        seen,
      );
      expect(second.id).toBe(first.id);
      const messages = (await browser.get(`/api/support/get_message/${encodeURIComponent(email)}/`))
        .body as unknown[];
      expect(messages).toHaveLength(1);
      socket.close();
    });

    it("keeps every tab of a visitor in step", async () => {
      const { browser, email, socket } = await chattingVisitor(server);
      const second = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
      await second.opened;
      const clientId = newClientId();
      socket.send({ message: "from tab one", msg_type: "text", client_id: clientId });
      const ack = await socket.ack(clientId);
      await second.next((f) => f.message_type === "message" && f.id === ack.id);
      socket.send({ message_type: "chat_end" });
      await second.next((f) => f.message_type === "chat_ended");
      socket.close();
      second.close();
    });
  });
}

describe("socket rules", () => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer(AGENT_ENV, {
      sockets: { heartbeatMs: 100, rate: { burst: 5, perSecond: 1 } },
    });
  });
  afterAll(async () => server.close());

  it("refuses an upgrade from another origin, without an Origin, or without a session", async () => {
    const { browser, email } = await chattingVisitor(server);
    const path = `/ws/support/${encodeURIComponent(email)}/`;
    await expect(browser.socket(path, { origin: "https://evil.example" }).opened).rejects.toThrow(
      /403/,
    );
    const noOrigin = new Browser(server, "");
    for (const [k, v] of browser.cookies) noOrigin.cookies.set(k, v);
    await expect(noOrigin.socket(path, { origin: "" }).opened).rejects.toThrow(/403/);
    await expect(new Browser(server).socket(path).opened).rejects.toThrow(/401/);
    await expect(new Browser(server).socket("/ws/agent/").opened).rejects.toThrow(/401/);
    const agent = new Browser(server, "https://evil.example");
    await agent.post("/api/agent/login", {
      email: AGENT_ENV.BOOTSTRAP_AGENT_EMAIL,
      password: AGENT_ENV.BOOTSTRAP_AGENT_PASSWORD,
    });
    await expect(agent.socket("/ws/agent/").opened).rejects.toThrow(/403|401/);
  });

  it("answers bad frames with an error and closes a socket on a frame over 64 KB", async () => {
    const { socket } = await chattingVisitor(server);
    socket.send("not json");
    expect(await socket.next((f) => f.message_type === "error")).toMatchObject({
      code: "bad_frame",
    });
    const clientId = newClientId();
    socket.send({ message: "x", msg_type: "video", client_id: clientId });
    expect(
      await socket.next((f) => f.message_type === "error" && f.client_id === clientId),
    ).toMatchObject({ code: "bad_frame" });
    socket.send({ message: "x".repeat(70 * 1024), msg_type: "text", client_id: newClientId() });
    expect((await socket.closed).code).toBe(1009);
  });

  it("refuses a flood and closes the socket that keeps flooding", async () => {
    const { socket } = await chattingVisitor(server);
    for (let i = 0; i < 60; i++) socket.send({ message_type: "typing", typing: true });
    expect(await socket.next((f) => f.message_type === "error")).toMatchObject({
      code: "rate_limited",
    });
    expect((await socket.closed).code).toBe(1008);
  });

  it("keeps a peer that answers pings connected beat after beat", async () => {
    const { socket } = await chattingVisitor(server);
    const agent = await connectedAgent(server);
    // Ten heartbeats of 100 ms: each one checks the previous ping was answered.
    await new Promise((r) => setTimeout(r, 1000));
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    expect(agent.socket.ws.readyState).toBe(agent.socket.ws.OPEN);
    socket.close();
    agent.socket.close();
  });

  it("drops a peer that stops answering pings", async () => {
    const { email, socket } = await chattingVisitor(server);
    const key = `visitor:${email}`;
    expect(await server.app.chatBroker.countPresent(key)).toBe(1);
    // A peer whose connection hangs: it stops reading, so it never answers the next ping.
    const raw = (socket.ws as unknown as { _socket: { pause(): void } })._socket;
    raw.pause();
    await expect.poll(() => server.app.chatBroker.countPresent(key), { timeout: 3000 }).toBe(0);
  });
});
