/**
 * One e-mail rule for the whole product: what the chat and the contact form accept, the mailer
 * delivers (a real SMTP sink receives it); what they refuse is a 400 naming the field, never a
 * 5xx from the mailer afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, codeFromMail, startChatServer, type ChatServer } from "./chat-harness";

describe("e-mail addresses", () => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer(
      {},
      { contactUs: { rateLimit: { max: 100, timeWindowMs: 60_000 } } },
    );
  });
  afterAll(() => server.close());

  it.each(["a#b.chat@example.com", "o'brien.chat@mail.example.co", "x+y=z.chat@example.org"])(
    "mails a chat code to %s",
    async (email) => {
      const browser = new Browser(server);
      const sent = await browser.post("/api/support/otp_generate_chat", { email });
      expect(sent).toMatchObject({ status: 200 });
      const code = await codeFromMail(server.sink, email);
      expect((await browser.post("/api/client/verify_otp", { email, otp: code })).status).toBe(200);
    },
  );

  it.each(["a#b.contact@example.com", "q?x=1.contact@example.net"])(
    "takes a contact message from %s and mails the team with Reply-To it",
    async (email) => {
      const before = server.sink.messages.length;
      const sent = await new Browser(server).post("/api/support/contact_us", {
        name: "Ana",
        email,
        message: "Can we pay yearly?",
      });
      expect(sent).toMatchObject({ status: 200 });
      await expect
        .poll(() =>
          server.sink.messages
            .slice(before)
            .some((m) => (m.header("reply-to") ?? "").includes(email)),
        )
        .toBe(true);
    },
  );

  it.each([
    ["jörg@example.de", "/api/support/otp_generate_chat", { email: "jörg@example.de" }],
    ["jörg@example.de", "/api/support/check_chat_email", { email: "jörg@example.de" }],
    ["a..b@example.com", "/api/support/otp_generate_chat", { email: "a..b@example.com" }],
    [
      "jörg@example.de",
      "/api/support/contact_us",
      { name: "Jörg", email: "jörg@example.de", message: "Hallo" },
    ],
    [
      "a@b@example.com",
      "/api/support/contact_us",
      { name: "A", email: "a@b@example.com", message: "Hello" },
    ],
  ])("refuses %s at %s with a 400 naming the field", async (_address, path, body) => {
    const answer = await new Browser(server).post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status: 400,
      error: { code: "validation_failed", fields: { email: expect.any(String) } },
    });
  });
});
