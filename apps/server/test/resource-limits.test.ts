/**
 * What one visitor can hold of the server: at most 10 open sockets per chat session and 40 per
 * client address (SQLite in one process, and PostgreSQL with Redis, where the counts are shared); image decoding two at a time with a short queue (then 503); and what nobody needs
 * any more (old codes, unusable sessions, spent counters, delivered mail) is pruned on a schedule.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultVisitorSocketLimits } from "../src/routes/ws/chat-sockets";
import { imageDecoding } from "../src/routes/api/image-multipart";
import {
  AGENT_ENV,
  type Browser,
  BrowserAt,
  chattingVisitor,
  startChatServer,
  startChatServerOn,
  stores,
  type ChatServer,
  type FrameSocket,
  uniqueEmail,
  verifyVisitor,
} from "./chat-harness";
import { solid } from "./image-fixtures";
import { postgresFor, testApp } from "./helpers";

const pgUp = await postgresFor("the visitor socket limits");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(
    `visitor sockets (${store.name}${store.pg ? " and Redis" : ""})`,
    () => {
      let server: ChatServer;
      beforeAll(async () => {
        server = await startChatServerOn(store, {
          ...AGENT_ENV,
          TRUST_PROXY: "127.0.0.1",
        });
      });
      afterAll(() => server.close());

      it("allows 10 per chat session; the 11th is refused until one closes", async () => {
        expect(defaultVisitorSocketLimits.perSession).toBe(10);
        const visitor = await chattingVisitor(server);
        const path = `/ws/support/${encodeURIComponent(visitor.email)}/`;
        const open: FrameSocket[] = [visitor.socket];
        for (let i = 1; i < 10; i++) {
          const socket = visitor.browser.socket(path);
          await socket.opened;
          open.push(socket);
        }
        await expect(visitor.browser.socket(path).opened).rejects.toThrow("429");
        open[3]?.close();
        await open[3]?.closed;
        await expect
          .poll(async () => {
            const socket = visitor.browser.socket(path);
            try {
              await socket.opened;
              socket.close();
              return "open";
            } catch {
              return "refused";
            }
          })
          .toBe("open");
        for (const socket of open) socket.close();
      });

      it("allows 40 per client address, across sessions", async () => {
        expect(defaultVisitorSocketLimits.perClient).toBe(40);
        const ip = "203.0.113.77";
        const sockets: FrameSocket[] = [];
        const browsers: Browser[] = [];
        // Five visitors behind one address, eight tabs each.
        for (let v = 0; v < 5; v++) {
          const browser = new BrowserAt(server, ip);
          const email = uniqueEmail();
          await verifyVisitor(browser, server.sink, email);
          await browser.post("/api/support/register", { username: `Visitor ${v}`, email });
          browsers.push(browser);
          for (let t = 0; t < 8; t++) {
            const socket = browser.socket(`/ws/support/${encodeURIComponent(email)}/`, {
              "x-forwarded-for": ip,
            });
            await socket.opened;
            sockets.push(socket);
          }
        }
        const extra = new BrowserAt(server, ip);
        const email = uniqueEmail();
        await verifyVisitor(extra, server.sink, email);
        await expect(
          extra.socket(`/ws/support/${encodeURIComponent(email)}/`, { "x-forwarded-for": ip })
            .opened,
        ).rejects.toThrow("429");
        // Another address is not affected.
        const elsewhere = extra.socket(`/ws/support/${encodeURIComponent(email)}/`, {
          "x-forwarded-for": "203.0.113.78",
        });
        await elsewhere.opened;
        elsewhere.close();
        for (const socket of sockets) socket.close();
      });
    },
  );
}

describe("image decoding", () => {
  let server: ChatServer;
  beforeAll(async () => {
    server = await startChatServer(AGENT_ENV);
  });
  afterAll(() => server.close());

  it("answers 503 while two images are being decoded and 16 wait, and takes images again after", async () => {
    const visitor = await chattingVisitor(server);
    const png = await solid("png", 8, 8);
    const upload = () => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
      return fetch(`${server.baseUrl}/api/support/upload`, {
        method: "POST",
        headers: { origin: visitor.browser.origin, cookie: visitor.browser.cookieHeader() },
        body: form,
      });
    };
    // Fill every place: two decoding, sixteen waiting.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: 18 }, () => imageDecoding.run(() => held));
    expect(imageDecoding.load).toEqual({ active: 2, waiting: 16 });
    const busy = await upload();
    expect(busy.status).toBe(503);
    expect(await busy.json()).toMatchObject({ status: 503, error: { code: "unavailable" } });
    release();
    await Promise.all(holders);
    const ok = await upload();
    expect(ok.status).toBe(200);
    visitor.socket.close();
  });
});

describe("pruning", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(
      { RETENTION_DAYS: "30" },
      { housekeeping: { pruneEveryMs: 100, retentionEveryMs: 100 } },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it("removes old codes, unusable sessions, spent counters and old delivered mail, and keeps the rest", async () => {
    const db = app.database.db;
    const now = Date.now();
    const hour = 60 * 60_000;
    const day = 24 * hour;
    await db
      .insertInto("chat_otp_codes")
      .values([
        {
          email: "old@x.example",
          code_hash: "h",
          ip_hash: "i",
          created_at: now - 3 * hour,
          expires_at: now - 3 * hour + 600_000,
        },
        {
          email: "new@x.example",
          code_hash: "h",
          ip_hash: "i",
          created_at: now - 60_000,
          expires_at: now + 540_000,
        },
      ])
      .execute();
    await db
      .insertInto("visitor_sessions")
      .values([
        {
          token_hash: "idle",
          email: "a@x.example",
          created_at: now - 2 * day,
          expires_at: now + day,
          last_seen_at: now - day - 1,
        },
        {
          token_hash: "live",
          email: "b@x.example",
          created_at: now - hour,
          expires_at: now + day,
          last_seen_at: now - hour,
        },
      ])
      .execute();
    await db
      .insertInto("attempt_counters")
      .values([
        { key: "spent", count: 3, window_started_at: now - 2 * day },
        { key: "current", count: 3, window_started_at: now - 60_000 },
      ])
      .execute();
    const mail = (status: "sent" | "pending", finishedAt: number | null) => ({
      kind: "contact_notification",
      to_address: "support@hourline.example",
      subject: "s",
      text_body: "t",
      status,
      next_attempt_at: now,
      created_at: now - 40 * day,
      finished_at: finishedAt,
    });
    await db
      .insertInto("mail_outbox")
      .values([mail("sent", now - 31 * day), mail("sent", now - day), mail("pending", null)])
      .execute();

    await expect
      .poll(async () => ({
        codes: (await db.selectFrom("chat_otp_codes").select("email").execute()).map(
          (r) => r.email,
        ),
        sessions: (await db.selectFrom("visitor_sessions").select("token_hash").execute()).map(
          (r) => r.token_hash,
        ),
        counters: (await db.selectFrom("attempt_counters").select("key").execute()).map(
          (r) => r.key,
        ),
        mail: (await db.selectFrom("mail_outbox").select("status").orderBy("id").execute()).map(
          (r) => r.status,
        ),
      }))
      .toEqual({
        codes: ["new@x.example"],
        sessions: ["live"],
        counters: ["current"],
        mail: ["sent", "pending"],
      });
  });

  it("keeps delivered mail forever with RETENTION_DAYS=0", async () => {
    const keeper = await testApp(
      { RETENTION_DAYS: "0" },
      { housekeeping: { pruneEveryMs: 50, retentionEveryMs: 50 } },
    );
    try {
      await keeper.ready();
      const now = Date.now();
      await keeper.database.db
        .insertInto("mail_outbox")
        .values({
          kind: "contact_notification",
          to_address: "support@hourline.example",
          subject: "s",
          text_body: "t",
          status: "sent",
          next_attempt_at: now,
          created_at: now - 4000 * 24 * 60 * 60_000,
          finished_at: now - 4000 * 24 * 60 * 60_000,
        })
        .execute();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = await keeper.database.db.selectFrom("mail_outbox").select("id").execute();
      expect(rows).toHaveLength(1);
    } finally {
      await keeper.close();
    }
  });
});
