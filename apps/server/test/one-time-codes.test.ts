/**
 * Every rule of the chat's one-time code, through the real endpoints and a real SMTP
 * sink: 6 digits, stored hashed, 10 minutes, single use, newer voids older, 5 wrong tries void it,
 * the resend cooldown and the hourly caps, the same answer for any address, never logged.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  capturedLog,
  codeFromMail,
  postgresFor,
  startChatServerOn,
  stores,
  uniqueEmail,
  type ChatServer,
} from "./chat-harness";

const pgUp = await postgresFor("the one-time code tests");

/**
 * Codes that never repeat within a run (104729 is prime, so coprime to 10^6: a million calls
 * before the first repeat), so a test that compares an old code with a newer one always has two
 * different codes to compare; random ones are equal once in a million.
 */
function distinctCodes(): () => string {
  let n = 0;
  return () => ((314159 + 104729 * n++) % 1_000_000).toString().padStart(6, "0");
}

/** The cookies a browser holds besides the code's nonce: a session would be one. */
function sessionCookies(browser: Browser): string[] {
  return [...browser.cookies.keys()].filter((name) => !name.includes("hl_code_nonce"));
}

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`one-time codes (${store.name})`, () => {
    let server: ChatServer;
    const log = capturedLog();
    const logLines = log.lines;

    beforeAll(async () => {
      server = await startChatServerOn(
        store,
        {},
        {
          chat: { makeOtp: distinctCodes() },
          logger: log.logger,
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

    /** Moves every code of `email` back past the resend cooldown. */
    async function pastCooldown(email: string) {
      await server.app.database.db
        .updateTable("chat_otp_codes")
        .set((eb) => ({ created_at: eb("created_at", "-", 61_000) }))
        .where("email", "=", email)
        .execute();
    }

    async function closedReasons(email: string) {
      const rows = await server.app.database.db
        .selectFrom("chat_otp_codes")
        .select(["closed_reason"])
        .where("email", "=", email)
        .orderBy("id")
        .execute();
      return rows.map((r) => r.closed_reason);
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
      const browser = new Browser(server);
      const code = await requestCode(browser, email);
      expect((await browser.post("/api/client/verify_otp", { email, otp: code })).status).toBe(200);
      const reuse = await browser.post("/api/client/verify_otp", { email, otp: code });
      expect(reuse.status).toBe(400);
      expect(reuse.body).toMatchObject({ error: { code: "otp_expired" } });
    });

    it("expires after 10 minutes: valid just inside the edge, refused just outside", async () => {
      const inside = uniqueEmail();
      const insideBrowser = new Browser(server);
      const kept = await requestCode(insideBrowser, inside);
      const stored = await server.app.database.db
        .selectFrom("chat_otp_codes")
        .select(["created_at", "expires_at"])
        .where("email", "=", inside)
        .executeTakeFirstOrThrow();
      expect(Number(stored.expires_at) - Number(stored.created_at)).toBe(10 * 60_000);
      await server.app.database.db
        .updateTable("chat_otp_codes")
        .set({ expires_at: Date.now() + 2_000 })
        .where("email", "=", inside)
        .execute();
      const inTime = await insideBrowser.post("/api/client/verify_otp", {
        email: inside,
        otp: kept,
      });
      expect(inTime.status).toBe(200);

      const email = uniqueEmail();
      const browser = new Browser(server);
      const code = await requestCode(browser, email);
      await server.app.database.db
        .updateTable("chat_otp_codes")
        .set({ expires_at: Date.now() - 1 })
        .where("email", "=", email)
        .execute();
      const late = await browser.post("/api/client/verify_otp", { email, otp: code });
      expect(late.body).toMatchObject({ status: 400, error: { code: "otp_expired" } });
    });

    it("voids older codes when a newer one is sent", async () => {
      const email = uniqueEmail();
      const browser = new Browser(server);
      const first = await requestCode(browser, email);
      await pastCooldown(email);
      const second = await requestCode(browser, email);
      expect(second).not.toBe(first);
      const old = await browser.post("/api/client/verify_otp", { email, otp: first });
      expect(old.status).toBe(400);
      expect(sessionCookies(browser)).toEqual([]);
      expect((await browser.post("/api/client/verify_otp", { email, otp: second })).status).toBe(
        200,
      );
      expect(await closedReasons(email)).toEqual(["replaced", "used"]);
    });

    it("a replaced code never works again, even after the newer code is used or locked", async () => {
      // The browser that asked for both codes spends them.
      const browsers = new Map<string, Browser>();
      const verify = (email: string, otp: string) =>
        (browsers.get(email) ?? new Browser(server)).post("/api/client/verify_otp", { email, otp });
      /** Two codes sent to a fresh address, the first replaced by the second. */
      const replaced = async () => {
        const email = uniqueEmail();
        const browser = new Browser(server);
        browsers.set(email, browser);
        const first = await requestCode(browser, email);
        await pastCooldown(email);
        const second = await requestCode(browser, email);
        expect(second).not.toBe(first);
        return { email, first, second };
      };

      // The newer code used: the older one is no open code to fall back on.
      const used = await replaced();
      expect((await verify(used.email, used.second)).status).toBe(200);
      const afterUse = await verify(used.email, used.first);
      expect(afterUse.body).toMatchObject({ status: 400, error: { code: "otp_expired" } });
      expect(afterUse.headers.getSetCookie()).toEqual([]);
      expect(await closedReasons(used.email)).toEqual(["replaced", "used"]);

      // The newer code locked by wrong tries: nor is the older one.
      const locked = await replaced();
      const wrong = ["000000", "111111", "222222"].find(
        (c) => c !== locked.first && c !== locked.second,
      );
      for (let i = 0; i < 4; i++) {
        expect((await verify(locked.email, wrong ?? "")).body).toMatchObject({
          error: { code: "otp_invalid" },
        });
      }
      expect((await verify(locked.email, wrong ?? "")).body).toMatchObject({
        error: { code: "otp_locked" },
      });
      expect((await verify(locked.email, locked.second)).status).toBe(400);
      const afterLock = await verify(locked.email, locked.first);
      expect(afterLock.body).toMatchObject({ status: 400, error: { code: "otp_expired" } });
      expect(afterLock.headers.getSetCookie()).toEqual([]);
      expect(await closedReasons(locked.email)).toEqual(["replaced", "locked"]);
    });

    it("voids a code after 5 wrong tries, saying how many are left before", async () => {
      const email = uniqueEmail();
      const browser = new Browser(server);
      const code = await requestCode(browser, email);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let left = 4; left >= 1; left--) {
        const answer = await browser.post("/api/client/verify_otp", { email, otp: wrong });
        // attempts_left lets the widget say it in the visitor's language.
        expect(answer.body).toMatchObject({
          status: 400,
          error: { code: "otp_invalid", attempts_left: left },
        });
        expect(JSON.stringify(answer.body)).toContain(
          `${left} ${left === 1 ? "try" : "tries"} left`,
        );
      }
      const fifth = await browser.post("/api/client/verify_otp", { email, otp: wrong });
      expect(fifth.body).toMatchObject({ error: { code: "otp_locked" } });
      const right = await browser.post("/api/client/verify_otp", { email, otp: code });
      expect(right.status).toBe(400);
      expect(sessionCookies(browser)).toEqual([]);
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

    it("caps code checks at 30 per IP in 15 minutes: the 30th is checked, the 31st waits 15 min", async () => {
      // A server of its own, so no other test's checks count against this IP.
      const other = await startChatServerOn(store, {}, { sink: server.sink });
      try {
        const browser = new Browser(other);
        const email = uniqueEmail();
        for (let i = 1; i <= 30; i++) {
          const answer = await browser.post("/api/client/verify_otp", { email, otp: "000000" });
          expect(answer.status, `check ${i}`).toBe(400);
        }
        const refused = await browser.post("/api/client/verify_otp", { email, otp: "000000" });
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ error: { code: "rate_limited" } });
        const retry = Number(refused.headers.get("retry-after"));
        expect(retry).toBeGreaterThan(15 * 60 - 60);
        expect(retry).toBeLessThanOrEqual(15 * 60);
      } finally {
        await other.close();
      }
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

    describe("strangers who know the address", () => {
      // A server of its own: these codes count against one IP's hourly cap (20).
      let own: ChatServer;
      beforeAll(async () => {
        own = await startChatServerOn(
          store,
          {},
          { sink: server.sink, chat: { makeOtp: distinctCodes() } },
        );
      });
      afterAll(async () => own.close());
      const ask = async (browser: Browser, email: string) => {
        const before = own.sink.messages.length;
        const answer = await browser.post("/api/support/otp_generate_chat", { email });
        return {
          status: answer.status,
          code: answer.status === 200 ? await codeFromMail(own.sink, email, before) : undefined,
        };
      };
      const backdate = (email: string) =>
        own.app.database.db
          .updateTable("chat_otp_codes")
          .set((eb) => ({ created_at: eb("created_at", "-", 61_000) }))
          .where("email", "=", email)
          .execute();

      it("cannot spend, void or replace the owner's code", async () => {
        const email = uniqueEmail("owner");
        const owner = new Browser(own);
        const { code } = await ask(owner, email);
        const wrong = code === "000000" ? "111111" : "000000";
        // Without a code of its own: nothing to guess at.
        const bare = new Browser(own);
        for (let i = 0; i < 6; i++) {
          const answer = await bare.post("/api/client/verify_otp", { email, otp: wrong });
          expect(answer.body).toMatchObject({ error: { code: "otp_expired" } });
        }
        // The owner's own code, posted from another browser, is no good either.
        const thief = await bare.post("/api/client/verify_otp", { email, otp: code });
        expect(thief.status).toBe(400);
        // With a code of its own for the address: its guesses lock only its own code.
        const stranger = new Browser(own);
        expect((await ask(stranger, email)).status).toBe(200);
        for (let i = 0; i < 5; i++) {
          await stranger.post("/api/client/verify_otp", { email, otp: wrong });
        }
        const mine = await owner.post("/api/client/verify_otp", { email, otp: code });
        expect(mine.status).toBe(200);
      });

      it("cannot keep the owner at 429 by asking for codes", async () => {
        const email = uniqueEmail("owner");
        const stranger = new Browser(own);
        for (let i = 0; i < 5; i++) {
          expect((await ask(stranger, email)).status).toBe(200);
          await backdate(email);
        }
        expect((await ask(stranger, email)).status).toBe(429);
        const owner = new Browser(own);
        const { status, code } = await ask(owner, email);
        expect(status).toBe(200);
        expect((await owner.post("/api/client/verify_otp", { email, otp: code })).status).toBe(200);
      });

      it("mail to one address is bounded, except for a browser that proved it before", async () => {
        const email = uniqueEmail("owner");
        const owner = new Browser(own);
        const { code } = await ask(owner, email);
        expect((await owner.post("/api/client/verify_otp", { email, otp: code })).status).toBe(200);
        for (let i = 0; i < 9; i++) expect((await ask(new Browser(own), email)).status).toBe(200);
        const eleventh = await ask(new Browser(own), email);
        expect(eleventh.status).toBe(429);
        await backdate(email);
        expect((await ask(owner, email)).status).toBe(200);
      });
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
        const answer = await browser.post("/api/support/otp_generate_chat", {
          email: uniqueEmail(),
        });
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
      // A separate server, so the IP cap of the test above does not interfere.
      const other = await startChatServerOn(store, {}, { sink: server.sink });
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
    });

    it("refuses a code request or verification posted from another site", async () => {
      const email = uniqueEmail();
      const evil = new Browser(server, "https://evil.example");
      expect((await evil.post("/api/support/otp_generate_chat", { email })).status).toBe(403);
      expect((await evil.post("/api/client/verify_otp", { email, otp: "123456" })).status).toBe(
        403,
      );
    });
  });
}
