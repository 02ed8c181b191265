/**
 * Every limit holds when the requests arrive together, not one after another: fifty at once, on
 * SQLite and on PostgreSQL (where requests really run in parallel, on a pool of connections), and
 * across two instances sharing one database. Each test counts how many requests were actually
 * checked: a password compared (401, not 429), a code compared, a code or an image accepted.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OneTimeCodes } from "../src/chat/one-time-codes";
import {
  AGENT_ENV,
  BrowserAt,
  postgresFor,
  startChatServerOn,
  stores,
  type ChatServer,
  uniqueEmail,
  verifyVisitor,
} from "./chat-harness";
import { solid } from "./image-fixtures";

const pgUp = await postgresFor("the parallel-limit tests");
const PROXY_ENV = { ...AGENT_ENV, TRUST_PROXY: "127.0.0.1" };
const AT_ONCE = 50;

let lastIp = 0;
const freshIp = () => {
  lastIp += 1;
  return `198.18.${(lastIp >> 8) & 255}.${lastIp & 255}`;
};

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(
    `limits under ${AT_ONCE} requests at once (${store.name})`,
    () => {
      let server: ChatServer & { schema?: string };
      let second: ChatServer;
      const code = "246810";

      beforeAll(async () => {
        server = await startChatServerOn(store, PROXY_ENV, { chat: { makeOtp: () => code } });
        // On PostgreSQL a second instance shares the database: limits must count across both.
        // (SQLite is one process's file.)
        second = server.schema
          ? await startChatServerOn(store, PROXY_ENV, {
              chat: { makeOtp: () => code },
              sink: server.sink,
              schema: server.schema,
            })
          : server;
      });
      afterAll(async () => {
        if (second !== server) await second.close();
        await server.close();
      });

      it("checks at most 20 wrong passwords for one address, from 60 clients at once", async () => {
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            new BrowserAt(i % 2 ? server : second, freshIp()).post("/api/agent/login", {
              email: AGENT_ENV.BOOTSTRAP_AGENT_EMAIL,
              password: `wrong guess number ${i}`,
            }),
          ),
        );
        expect(tally(answers.map((a) => a.status))).toEqual({ 401: 20, 429: 40 });
      });

      it("checks at most 10 sign-ins from one client, across two instances", async () => {
        const ip = freshIp();
        const answers = await Promise.all(
          Array.from({ length: AT_ONCE }, (_, i) =>
            new BrowserAt(i % 2 ? server : second, ip).post("/api/agent/login", {
              email: `nobody.${i}@example.com`,
              password: "a wrong password",
            }),
          ),
        );
        expect(tally(answers.map((a) => a.status))).toEqual({ 401: 10, 429: 40 });
      });

      it("compares at most 5 guesses of one code", async () => {
        const email = uniqueEmail();
        const asker = new BrowserAt(server, freshIp());
        const requested = await asker.post("/api/support/otp_generate_chat", { email });
        expect(requested.status).toBe(200);
        // Guesses from anywhere, all carrying the asking browser's nonce (a code is spent only
        // with it): still at most five are compared.
        const withNonce = (browser: BrowserAt) => {
          for (const [name, value] of asker.cookies) browser.cookies.set(name, value);
          return browser;
        };
        // Every comparison hashes the guess first: the hashes counted are the guesses checked.
        const hash = vi.spyOn(OneTimeCodes.prototype as unknown as { hash(): string }, "hash");
        try {
          const answers = await Promise.all(
            Array.from({ length: AT_ONCE }, (_, i) =>
              withNonce(new BrowserAt(i % 2 ? server : second, freshIp())).post(
                "/api/client/verify_otp",
                {
                  email,
                  // The right code is among them, sent last.
                  otp: i === AT_ONCE - 1 ? code : String(100000 + i),
                },
              ),
            ),
          );
          expect(hash.mock.calls.length).toBe(5);
          const codes = answers.map((a) => (a.body as { error?: { code: string } }).error?.code);
          expect(codes.filter((c) => c === "otp_invalid").length).toBeLessThanOrEqual(4);
          expect(codes.filter((c) => c === undefined).length).toBeLessThanOrEqual(1);
        } finally {
          hash.mockRestore();
        }
        const row = await server.app.database.db
          .selectFrom("chat_otp_codes")
          .select(["failed_attempts", "closed_reason"])
          .where("email", "=", email)
          .executeTakeFirstOrThrow();
        expect(row.failed_attempts).toBe(5);
      });

      it("sends one code per address and browser however many ask at once", async () => {
        const email = uniqueEmail();
        // One browser (one nonce cookie) asking from many places at once.
        const nonce = "n".repeat(43);
        const answers = await Promise.all(
          Array.from({ length: AT_ONCE }, (_, i) => {
            const browser = new BrowserAt(i % 2 ? server : second, freshIp());
            browser.cookies.set("hl_code_nonce", nonce);
            return browser.post("/api/support/otp_generate_chat", { email });
          }),
        );
        expect(tally(answers.map((a) => a.status))).toEqual({ 200: 1, 429: AT_ONCE - 1 });
        const rows = await server.app.database.db
          .selectFrom("chat_otp_codes")
          .select("id")
          .where("email", "=", email)
          .execute();
        expect(rows).toHaveLength(1);
      });

      it("mails at most 10 codes to one address however many browsers ask at once", async () => {
        const email = uniqueEmail();
        const answers = await Promise.all(
          Array.from({ length: AT_ONCE }, (_, i) =>
            new BrowserAt(i % 2 ? server : second, freshIp()).post(
              "/api/support/otp_generate_chat",
              { email },
            ),
          ),
        );
        expect(tally(answers.map((a) => a.status))).toEqual({ 200: 10, 429: AT_ONCE - 10 });
      });

      it("sends at most 20 codes for one client however many ask at once", async () => {
        const ip = freshIp();
        const answers = await Promise.all(
          Array.from({ length: AT_ONCE }, (_, i) =>
            new BrowserAt(i % 2 ? server : second, ip).post("/api/support/otp_generate_chat", {
              email: uniqueEmail(),
            }),
          ),
        );
        expect(tally(answers.map((a) => a.status))).toEqual({ 200: 20, 429: AT_ONCE - 20 });
      });

      it("keeps a conversation's image quota when the last places are raced for", async () => {
        const email = uniqueEmail();
        const visitor = new BrowserAt(server, freshIp());
        await verifyVisitor(visitor, server.sink, email);
        const registered = await visitor.post("/api/support/register", { username: "Ana", email });
        const conversationId = (registered.body as { conversation_id: number }).conversation_id;
        // 48 of the 50 places taken already.
        const now = Date.now();
        await server.app.database.db
          .insertInto("chat_uploads")
          .values(
            Array.from({ length: 48 }, (_, i) => ({
              name: `${"q".repeat(30)}${String(i).padStart(2, "0")}.png`,
              conversation_id: conversationId,
              content_type: "image/png",
              size: 100,
              width: 1,
              height: 1,
              uploaded_by: `visitor:${email}`,
              created_at: now,
            })),
          )
          .execute();
        const png = await solid("png", 16, 16);
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => {
            const form = new FormData();
            form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
            return fetch(`${server.baseUrl}/api/support/upload`, {
              method: "POST",
              headers: { origin: visitor.origin, cookie: visitor.cookieHeader() },
              body: form,
            }).then((r) => r.status);
          }),
        );
        expect(tally(answers)).toEqual({ 200: 2, 409: 8 });
      });
    },
  );
}
