/**
 * Every rule of the chat's one-time code (brief §4), through the real endpoints and a real SMTP
 * sink: 6 digits, stored hashed, 10 minutes, single use, newer voids older, 5 wrong tries void it,
 * the resend cooldown and the hourly caps, the same answer for any address, never logged.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  codeFromMail,
  startChatServer,
  uniqueEmail,
  type ChatServer,
} from "./chat-harness";

describe("one-time codes", () => {
  let server: ChatServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await startChatServer(
      {},
      {
        logger: {
          level: "info",
          stream: new Writable({
            write(chunk: Buffer, _enc, done) {
              logLines.push(chunk.toString());
              done();
            },
          }),
        },
      },
    );
  });
  afterAll(async () => server.close());

  async function requestCode(browser: Browser, email: string) {
    const before = server.sink.messages.length;
    const answer = await browser.post("/api/support/otp_generate_chat", { email });
    expect(answer.status).toBe(200);
    return codeFromMail(server.sink, email, before);
  }

  it("mails 6 digits, stores only a hash, and never logs the code", async () => {
    const email = uniqueEmail();
    const browser = new Browser(server);
    const code = await requestCode(browser, email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await server.app.database.db
      .selectFrom("chat_otp_codes")
      .selectAll()
      .where("email", "=", email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    const [row] = rows;
    expect(row && row.expires_at - row.created_at).toBe(10 * 60_000);
    expect(await browser.post("/api/client/verify_otp", { email, otp: code })).toMatchObject({
      status: 200,
    });
    const log = logLines.join("");
    expect(log).toContain("chat code sent");
    expect(log).toContain("chat code verification");
    expect(log).not.toContain(code);
    expect(log).not.toContain(email);
  });

  it("works once", async () => {
    const email = uniqueEmail();
    const code = await requestCode(new Browser(server), email);
    expect(
      (await new Browser(server).post("/api/client/verify_otp", { email, otp: code })).status,
    ).toBe(200);
    const reuse = await new Browser(server).post("/api/client/verify_otp", { email, otp: code });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ error: { code: "otp_expired" } });
  });

  it("expires after 10 minutes", async () => {
    const email = uniqueEmail();
    const code = await requestCode(new Browser(server), email);
    await server.app.database.db
      .updateTable("chat_otp_codes")
      .set({ expires_at: Date.now() - 1 })
      .where("email", "=", email)
      .execute();
    const late = await new Browser(server).post("/api/client/verify_otp", { email, otp: code });
    expect(late.body).toMatchObject({ status: 400, error: { code: "otp_expired" } });
  });

  it("voids older codes when a newer one is sent", async () => {
    const email = uniqueEmail();
    const browser = new Browser(server);
    const first = await requestCode(browser, email);
    // Past the cooldown.
    await server.app.database.db
      .updateTable("chat_otp_codes")
      .set((eb) => ({ created_at: eb("created_at", "-", 61_000) }))
      .where("email", "=", email)
      .execute();
    const second = await requestCode(browser, email);
    if (first !== second) {
      const old = await browser.post("/api/client/verify_otp", { email, otp: first });
      expect(old.status).toBe(400);
    }
    expect((await browser.post("/api/client/verify_otp", { email, otp: second })).status).toBe(200);
    const rows = await server.app.database.db
      .selectFrom("chat_otp_codes")
      .select(["closed_reason"])
      .where("email", "=", email)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.closed_reason)).toEqual(["replaced", "used"]);
  });

  it("voids a code after 5 wrong tries, saying how many are left before", async () => {
    const email = uniqueEmail();
    const browser = new Browser(server);
    const code = await requestCode(browser, email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      const answer = await browser.post("/api/client/verify_otp", { email, otp: wrong });
      expect(answer.body).toMatchObject({ status: 400, error: { code: "otp_invalid" } });
      expect(JSON.stringify(answer.body)).toContain(`${left} ${left === 1 ? "try" : "tries"} left`);
    }
    const fifth = await browser.post("/api/client/verify_otp", { email, otp: wrong });
    expect(fifth.body).toMatchObject({ error: { code: "otp_locked" } });
    const right = await browser.post("/api/client/verify_otp", { email, otp: code });
    expect(right.status).toBe(400);
    expect(browser.cookies.size).toBe(0);
  });

  it("refuses malformed codes as a validation error", async () => {
    const email = uniqueEmail();
    for (const otp of ["", "12345", "1234567", "abcdef", 123456]) {
      const answer = await new Browser(server).post("/api/client/verify_otp", { email, otp });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { fields: { otp: expect.any(String) } } });
    }
  });

  it("keeps a 60 s resend cooldown with Retry-After", async () => {
    const email = uniqueEmail();
    const browser = new Browser(server);
    await requestCode(browser, email);
    const again = await browser.post("/api/support/otp_generate_chat", { email });
    expect(again.status).toBe(429);
    const retry = Number(again.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(55);
    expect(retry).toBeLessThanOrEqual(60);
    expect(again.body).toMatchObject({ status: 429, error: { code: "rate_limited" } });
  });

  it("caps codes per e-mail per hour", async () => {
    const email = uniqueEmail();
    const browser = new Browser(server);
    for (let i = 0; i < 5; i++) {
      await requestCode(browser, email);
      await server.app.database.db
        .updateTable("chat_otp_codes")
        .set((eb) => ({ created_at: eb("created_at", "-", 61_000) }))
        .where("email", "=", email)
        .execute();
    }
    const sixth = await browser.post("/api/support/otp_generate_chat", { email });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(60);
  });

  it("caps codes per IP per hour, whatever the address", async () => {
    const ipHash = server.app.hashIp("127.0.0.1");
    const used = await server.app.database.db
      .selectFrom("chat_otp_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ip_hash", "=", ipHash)
      .where("created_at", ">", Date.now() - 3_600_000)
      .executeTakeFirstOrThrow();
    const browser = new Browser(server);
    let refused: Awaited<ReturnType<Browser["post"]>> | undefined;
    for (let i = Number(used.n); i < 25 && !refused; i++) {
      const answer = await browser.post("/api/support/otp_generate_chat", { email: uniqueEmail() });
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.body).toMatchObject({ error: { code: "rate_limited" } });
    const count = await server.app.database.db
      .selectFrom("chat_otp_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ip_hash", "=", ipHash)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(20);
  });

  it("answers the same for a known and an unknown address", async () => {
    const fresh = new Browser(server);
    // A separate server, so the IP cap of the test above does not interfere.
    const other = await startChatServer({}, { sink: server.sink });
    try {
      const known = uniqueEmail();
      const b = new Browser(other);
      const first = await b.post("/api/support/otp_generate_chat", { email: known });
      const code = await codeFromMail(server.sink, known);
      await b.post("/api/client/verify_otp", { email: known, otp: code });
      await b.post("/api/support/register", { username: "Known", email: known });
      await other.app.database.db
        .updateTable("chat_otp_codes")
        .set((eb) => ({ created_at: eb("created_at", "-", 61_000) }))
        .execute();
      const again = await new Browser(other).post("/api/support/otp_generate_chat", {
        email: known,
      });
      const unknown = await new Browser(other).post("/api/support/otp_generate_chat", {
        email: uniqueEmail(),
      });
      expect(first.body).toEqual({ status: 200 });
      expect(again.body).toEqual(unknown.body);
      expect(again.status).toBe(unknown.status);
    } finally {
      await other.close();
    }
    expect(fresh.cookies.size).toBe(0);
  });

  it("refuses a code request or verification posted from another site", async () => {
    const email = uniqueEmail();
    const evil = new Browser(server, "https://evil.example");
    expect((await evil.post("/api/support/otp_generate_chat", { email })).status).toBe(403);
    expect((await evil.post("/api/client/verify_otp", { email, otp: "123456" })).status).toBe(403);
  });
});
