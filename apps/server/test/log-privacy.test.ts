/**
 * What the log says about people: the real flows (the contact form, a chat verified with a code,
 * messages and an image both ways, the end of the chat, an agent signing in and working) run with
 * logging at trace into a captured stream, and the whole log is searched for every e-mail address,
 * code, cookie, password and message text they used. Each request has one line with a request id;
 * the socket's lines carry the id of the upgrade that opened it.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  codeFromMail,
  newClientId,
  startChatServer,
  type ChatServer,
} from "./chat-harness";
import { ClientBrowser, uploadImage } from "./console-clients";
import { solid } from "./image-fixtures";

interface LogLine {
  level: number;
  msg?: string;
  requestId?: string;
  [key: string]: unknown;
}

describe("the log, at trace, over the real flows", () => {
  let server: ChatServer;
  const chunks: string[] = [];
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString("utf8"));
      done();
    },
  });
  /** Every value that must never reach the log, with what it is. */
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string) => {
    secrets.set(value, what);
    return value;
  };
  let visitorUpgradeId = "";

  beforeAll(async () => {
    server = await startChatServer(
      { ...AGENT_ENV, TRUST_PROXY: "127.0.0.1", LOG_LEVEL: "trace" },
      { logger: { level: "trace", stream: capture } },
    );
    keep("agent e-mail", AGENT_ENV.BOOTSTRAP_AGENT_EMAIL);
    keep("agent password", AGENT_ENV.BOOTSTRAP_AGENT_PASSWORD);

    // The contact form.
    const contact = new ClientBrowser(server);
    const sent = await contact.post("/api/support/contact_us", {
      name: keep("contact name", "Ingrid Halvorsen"),
      email: keep("contact e-mail", "ingrid.halvorsen@fjord-logistics.example"),
      phone_numbers: keep("contact phone", "+47 912 34 567"),
      message: keep("contact text", "We need leave tracking for 38 drivers across two depots."),
      website: "",
    });
    expect(sent.status).toBe(200);

    // A visitor proves an address with a code (a wrong one first), then chats.
    const email = keep("visitor e-mail", "Priya.Natarajan@Kestrel-Labs.example");
    keep("visitor e-mail, lower case", email.toLowerCase());
    keep("visitor e-mail, in a URL", encodeURIComponent(email.toLowerCase()));
    const visitor = new ClientBrowser(server);
    const before = server.sink.messages.length;
    expect((await visitor.post("/api/support/otp_generate_chat", { email })).status).toBe(200);
    const otp = keep("one-time code", await codeFromMail(server.sink, email.toLowerCase(), before));
    const wrong = otp === "000000" ? "111111" : "000000";
    expect((await visitor.post("/api/client/verify_otp", { email, otp: wrong })).status).toBe(400);
    expect((await visitor.post("/api/client/verify_otp", { email, otp })).status).toBe(200);
    await visitor.post("/api/support/check_chat_email", { email });
    const registered = await visitor.post("/api/support/register", {
      username: keep("visitor name", "Priya Natarajan"),
      email,
    });
    expect(registered.status).toBe(200);
    const conversationId = (registered.body as { conversation_id: number }).conversation_id;
    await visitor.get(`/api/support/get_message/${encodeURIComponent(email)}/`);

    const agent = new ClientBrowser(server);
    expect(
      (
        await agent.post("/api/agent/login", {
          email: AGENT_ENV.BOOTSTRAP_AGENT_EMAIL,
          password: "not the password at all",
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await agent.post("/api/agent/login", {
          email: AGENT_ENV.BOOTSTRAP_AGENT_EMAIL,
          password: AGENT_ENV.BOOTSTRAP_AGENT_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const agentSocket = agent.socket("/ws/agent/");
    await agentSocket.opened;
    const visitorSocket = visitor.socket(`/ws/support/${encodeURIComponent(email)}/`);
    await visitorSocket.opened;
    await visitorSocket.next((f) => f.message_type === "presence");

    const question = keep("visitor message", "Does the attendance module work with NFC badges?");
    const askId = newClientId();
    visitorSocket.send({
      sender: email,
      receiver: "null",
      message: question,
      msg_type: "text",
      client_id: askId,
    });
    await visitorSocket.ack(askId);
    visitorSocket.send({ message_type: "typing", typing: true });

    const upload = await uploadImage(server, visitor, "/api/support/upload", {
      data: await solid("png"),
      filename: "badge-reader-photo.png",
      type: "image/png",
    });
    expect(upload.status).toBe(200);
    // The image's URL is no secret (serving it checks the session); its bytes never reach the log.
    const url = (upload.body as { url: string }).url;
    const imageId = newClientId();
    visitorSocket.send({
      sender: email,
      receiver: "null",
      message: `<img src="${url}" alt="">`,
      msg_type: "image",
      client_id: imageId,
    });
    await visitorSocket.ack(imageId);

    const answer = keep("agent message", "Yes: any reader that types the badge number works.");
    const replyId = newClientId();
    agentSocket.send({
      message_type: "message",
      conversation_id: conversationId,
      message: answer,
      msg_type: "text",
      client_id: replyId,
    });
    await agentSocket.ack(replyId);
    await visitorSocket.next((f) => f.message_type === "message" && f.client_id === replyId);

    await agent.get("/api/agent/me");
    await agent.get("/api/agent/conversations");
    await agent.get(`/api/agent/conversations/${conversationId}`);
    await agent.get(`/api/agent/conversations/${conversationId}/messages`);
    await agent.get(`/api/agent/contact-messages?q=${encodeURIComponent("Ingrid")}`);
    await agent.request("GET", url);

    visitorSocket.send({
      message_type: "chat_end",
      target_email: email.toLowerCase(),
      user_type: "user",
    });
    await visitorSocket.next((f) => f.message_type === "chat_ended");
    await visitorSocket.closed;
    await agent.post("/api/agent/logout");
    agentSocket.close();
    await agentSocket.closed;
    await server.app.mailer.drain();

    for (const browser of [contact, visitor, agent]) {
      for (const [name, value] of browser.cookies) keep(`cookie ${name}`, value);
    }
    // The chat socket's lines were written before this: find the upgrade's id.
    const opened = lines().find(
      (l) => l.msg === "chat socket opened" && (l as { side?: string }).side === "visitor",
    );
    visitorUpgradeId = opened?.requestId ?? "";
  });
  afterAll(async () => server?.close());

  const lines = (): LogLine[] =>
    chunks
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as LogLine);

  it("wrote a log at trace: every request answered, sockets opened and closed", () => {
    const all = lines();
    expect(all.length).toBeGreaterThan(30);
    const answered = all.filter((l) => l.msg === "request answered");
    expect(answered.length).toBeGreaterThan(15);
    for (const line of answered) {
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line).toMatchObject({ req: { method: expect.any(String) }, res: {} });
    }
    // One line per request: no request id is answered twice.
    const ids = answered.map((l) => l.requestId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("carries the upgrade's request id into the socket's lines", () => {
    expect(visitorUpgradeId).not.toBe("");
    const socketLines = lines().filter((l) => l.requestId === visitorUpgradeId);
    expect(socketLines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(["chat socket opened", "chat socket closed"]),
    );
  });

  it("holds no e-mail address, code, cookie, password, name or message text", () => {
    const log = chunks.join("");
    expect(secrets.size).toBeGreaterThan(12);
    const found = [...secrets].filter(([value]) => log.includes(value)).map(([, what]) => what);

    expect(found).toEqual([]);
  });
});
