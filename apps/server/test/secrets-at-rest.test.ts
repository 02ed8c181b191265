/**
 * Secrets at rest and in logs: the one-time code is not in the mail's subject; once a mail that
 * held a code or chat text is out, the outbox keeps only its envelope; and no log line of a whole
 * chat (code, verification, registration, history, socket, transcript) holds the visitor's address
 * or the code. Only development's printed-mail mode writes a mail body to the log.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMail, listMail } from "../src/repositories/mail-outbox";
import {
  Browser,
  codeFromMail,
  newClientId,
  startChatServer,
  uniqueEmail,
  type ChatServer,
} from "./chat-harness";
import { testApp } from "./helpers";

function capture(lines: string[]) {
  return {
    level: "info",
    stream: new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  };
}

describe("secrets at rest and in logs", () => {
  let server: ChatServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startChatServer({}, { logger: capture(lines) });
  });
  afterAll(() => server.close());

  it("keeps the code out of the subject, and blanks code and transcript bodies once sent", async () => {
    const email = uniqueEmail();
    const browser = new Browser(server);
    const before = server.sink.messages.length;
    expect((await browser.post("/api/support/otp_generate_chat", { email })).status).toBe(200);
    const code = await codeFromMail(server.sink, email, before);
    const delivered = server.sink.messages.slice(before).find((m) => m.envelopeTo.includes(email));
    expect(delivered?.header("subject")).toBe("Your Hourline chat code");
    expect(delivered?.text).toContain(code);

    expect((await browser.post("/api/client/verify_otp", { email, otp: code })).status).toBe(200);
    await browser.post("/api/support/register", { username: "Asha Rao", email, transcript: true });
    const socket = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
    await socket.opened;
    const clientId = newClientId();
    socket.send({ message: "My account number is 4711", msg_type: "text", client_id: clientId });
    await socket.ack(clientId);
    // A visitor's history and socket URLs hold the address, as the contract has them.
    await browser.get(`/api/support/get_message/${encodeURIComponent(email)}/`);
    socket.send({ message_type: "chat_end", target_email: email, user_type: "user" });
    await socket.next((f) => f.message_type === "chat_ended");

    const db = server.app.database.db;
    const mailOf = async (kind: string) =>
      (await listMail(db, { limit: 1000 })).find((m) => m.kind === kind && m.to === email);
    await expect
      .poll(async () => (await mailOf("chat_transcript"))?.status, { timeout: 10_000 })
      .toBe("sent");
    await expect.poll(async () => (await mailOf("chat_otp"))?.status).toBe("sent");
    for (const kind of ["chat_otp", "chat_transcript"]) {
      const row = await mailOf(kind);
      expect(row && (await findMail(db, row.id))).toMatchObject({ text: "", html: null });
    }
    const outbox = JSON.stringify(await listMail(db, { limit: 1000 }));
    expect(outbox).not.toContain(code);
    expect(outbox).not.toContain("4711");

    const log = lines.join("");
    expect(log).toContain("[email]");
    expect(log).not.toContain(email);
    expect(log).not.toContain(encodeURIComponent(email));
    expect(log).not.toContain(code);
    expect(log).not.toContain("4711");
  });

  it("keeps the body of a mail that holds no secret (a contact notification)", async () => {
    const answer = await new Browser(server).post("/api/support/contact_us", {
      name: "Kiran Das",
      email: "kiran.secrets@example.com",
      message: "Please call me about pricing for 40 people.",
    });
    expect(answer.status).toBe(200);
    const db = server.app.database.db;
    await expect
      .poll(
        async () =>
          (await listMail(db, { limit: 1000 })).find(
            (m) => m.kind === "contact_notification" && m.text.includes("40 people"),
          )?.status,
      )
      .toBe("sent");
  });
});

describe("printed mail (development, no SMTP_URL)", () => {
  it("is the one place a mail body is logged, and it is blanked in the outbox after", async () => {
    const lines: string[] = [];
    const app = await testApp({}, { logger: capture(lines), mailWorker: { pollIntervalMs: 20 } });
    try {
      const email = uniqueEmail();
      const answer = await app.inject({
        method: "POST",
        url: "/api/support/otp_generate_chat",
        payload: { email },
      });
      expect(answer.statusCode).toBe(200);
      await expect
        .poll(async () => (await listMail(app.database.db, { limit: 100 }))[0]?.status)
        .toBe("logged");
      const printed = lines.find((l) => l.includes("mail printed"));
      expect(printed).toMatch(/\d{6}/);
      const [row] = await listMail(app.database.db, { limit: 100 });
      expect(row).toMatchObject({ text: "", html: null });
    } finally {
      await app.close();
    }
  });
});
