/**
 * SMTP restarting while people use the chat: the code a visitor asks for and the transcript of
 * their chat are queued while the mail server is down, the requests still answer 200, and both
 * mails arrive once it is back, each exactly once. Through real HTTP and sockets, on SQLite and on
 * PostgreSQL, with a real SMTP server stopped and started on the same port.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  Browser,
  codeFromMail,
  connectedAgent,
  newClientId,
  postgresFor,
  startChatServerOn,
  stores,
  uniqueEmail,
  type ChatServer,
} from "./chat-harness";
import { listMail } from "../src/repositories/mail-outbox";

const pgUp = await postgresFor("the SMTP restart tests");

/** Retries soon after a refused connection, so the test does not wait out production delays. */
const mailWorker = { pollIntervalMs: 25, baseDelayMs: 50, maxDelayMs: 200, maxAttempts: 1000 };

describe.each(stores)("SMTP restarting on $name", (store) => {
  const run = !store.pg || pgUp;
  let server: ChatServer;
  beforeAll(async () => {
    if (run) server = await startChatServerOn(store, AGENT_ENV, { mailWorker });
  });
  afterAll(async () => server?.close());

  /** Mails to `email` the outbox tried and could not send yet (SMTP refused them). */
  const refusedFor = async (email: string) =>
    (await listMail(server.app.database.db)).filter(
      (m) => m.to === email && m.status === "pending" && m.attempts >= 2,
    ).length;

  it.runIf(run)("delivers the code and the transcript queued while it was down", async () => {
    const email = uniqueEmail("outage");
    const browser = new Browser(server);
    const mailsTo = () => server.sink.messages.filter((m) => m.envelopeTo.includes(email));

    // The code, asked for while SMTP is down: the request succeeds, the mail waits.
    await server.sink.stop();
    const asked = await browser.post("/api/support/otp_generate_chat", { email });
    expect(asked.status).toBe(200);
    await expect.poll(() => refusedFor(email), { timeout: 10_000 }).toBe(1);
    expect(mailsTo()).toHaveLength(0);
    await server.sink.start();
    const otp = await codeFromMail(server.sink, email);
    expect((await browser.post("/api/client/verify_otp", { email, otp })).status).toBe(200);

    // A chat with a transcript, ended while SMTP is down again.
    const registered = await browser.post("/api/support/register", {
      username: "Mina Okafor",
      email,
      transcript: true,
    });
    expect(registered.status).toBe(200);
    const conversationId = (registered.body as { conversation_id: number }).conversation_id;
    const agent = await connectedAgent(server);
    const visitor = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
    await visitor.opened;
    const ask = newClientId();
    visitor.send({ message: "Is the outage over?", msg_type: "text", client_id: ask });
    await visitor.ack(ask);
    await server.sink.stop();
    agent.socket.send({ message_type: "chat_end", conversation_id: conversationId });
    await visitor.next((f) => f.message_type === "chat_ended");
    await expect.poll(() => refusedFor(email), { timeout: 10_000 }).toBe(1);

    await server.sink.start();
    const isTranscript = (m: ReturnType<typeof mailsTo>[number]) =>
      /support chat with/.test(m.header("subject") ?? "");
    await expect.poll(() => mailsTo().filter(isTranscript).length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo().find(isTranscript)?.text).toContain("Is the outage over?");
    // Nothing left waiting, and each mail went once: one code, one transcript.
    await expect
      .poll(async () =>
        (await listMail(server.app.database.db)).filter(
          (m) => m.to === email && m.status !== "sent",
        ),
      )
      .toEqual([]);
    expect(mailsTo().filter((m) => /chat code/.test(m.header("subject") ?? ""))).toHaveLength(1);
    expect(mailsTo().filter(isTranscript)).toHaveLength(1);
    visitor.close();
    agent.socket.close();
  });
});
