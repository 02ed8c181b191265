/**
 * The agent API through the whole app (app.inject): sign-in and its cookie, the one generic refusal,
 * rate limits, sign-out and the session-ended event, session expiry, cross-site refusal, the inbox
 * lists, and the BOOTSTRAP agent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertConversation, insertMessage } from "../../../../test/chat-rows";
import { freshPgSchema, PG_URL, postgresFor, testApp } from "../../../../test/helpers";
import { hashPassword } from "../../../auth/passwords";
import { hashSessionToken } from "../../../auth/session-tokens";
import { channels, type AgentSessionEndedEvent } from "../../../chat/broker-channels";
import { insertContactMessage } from "../../../repositories/contact-messages";
import {
  countAgents,
  createAgent,
  listAgents,
  setAgentDisabled,
} from "../../../repositories/agents";

/** Listens where the agent sockets listen: every ended session, as the broker delivers it. */
function onSessionEnded(app: FastifyInstance, listener: (event: AgentSessionEndedEvent) => void) {
  return app.chatBroker.subscribe(channels.agentSessions, listener);
}

const pgUp = await postgresFor("the agent API test");

const PASSWORD = "correct horse battery staple";
const INCORRECT = {
  status: 401,
  error: { code: "unauthorized", message: "The e-mail or password is incorrect." },
};
const SIGN_IN = { status: 401, error: { code: "unauthorized", message: "Please sign in." } };

// Each sign-in comes from its own address unless a test says otherwise, so the per-IP limit of 10
// per 15 minutes only counts where a test means it to.
let nextIp = 1;
const freshIp = () => `198.51.${100 + Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

function login(
  app: FastifyInstance,
  email: string,
  password: string,
  { ip = freshIp(), headers = {} }: { ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/agent/login",
    payload: { email, password },
    remoteAddress: ip,
    headers,
  });
}

/** The session cookie as a browser would send it back: "name=value". */
function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers["set-cookie"];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error("no Set-Cookie in the answer");
  return first.split(";")[0] ?? "";
}

async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await login(app, email, password);
  expect(res.statusCode).toBe(200);
  return cookieOf(res);
}

/** The session row behind a cookie, found the way the server finds it: by the token's hash. */
async function sessionIdOf(app: FastifyInstance, cookie: string): Promise<number> {
  const token = cookie.slice(cookie.indexOf("=") + 1);
  const row = await app.database.db
    .selectFrom("agent_sessions")
    .select("id")
    .where("token_hash", "=", hashSessionToken(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

function get(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

async function addAgent(
  app: FastifyInstance,
  email: string,
  { role = "agent", name = "Ana Lima" }: { role?: "admin" | "agent"; name?: string } = {},
) {
  return createAgent(app.database.db, {
    email,
    name,
    role,
    passwordHash: await hashPassword(PASSWORD),
  });
}

describe("sign-in, sign-out and the session", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
    await addAgent(app, "ana@example.com");
  });
  afterAll(() => app.close());

  it("signs in with the right pair and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const res = await login(app, "  ANA@example.com ", PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      agent: { id: expect.any(Number), name: "Ana Lima", email: "ana@example.com", role: "agent" },
    });
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^hl_agent=[\w-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).not.toContain("Secure");
    expect(setCookie).not.toMatch(/Domain=/i);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)?.[1]);
    expect(maxAge).toBeGreaterThan(7 * 24 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    expect(res.headers["cache-control"]).toBe("no-store");

    const me = await get(app, "/api/agent/me", cookieOf(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ status: 200, agent: res.json().agent, agent_status: "online" });
  });

  it("stores only the token's hash", async () => {
    const cookie = await signIn(app, "ana@example.com");
    const token = cookie.split("=")[1] ?? "";
    const rows = await app.database.db.selectFrom("agent_sessions").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("answers a wrong password, an unknown e-mail and a disabled agent with the same 401", async () => {
    const disabled = await addAgent(app, "gone@example.com");
    await setAgentDisabled(app.database.db, disabled.id, true);
    const answers = await Promise.all([
      login(app, "ana@example.com", "wrong password entirely"),
      login(app, "nobody@example.com", PASSWORD),
      login(app, "gone@example.com", PASSWORD),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INCORRECT);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
  });

  it("answers a missing field with 400, never 500", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/agent/login",
      payload: { email: "ana@example.com" },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      error: { code: "validation_failed", fields: { password: "Please enter your password." } },
    });
  });

  it("signs out: the session ends, the cookie is cleared and listeners hear of it", async () => {
    const events: AgentSessionEndedEvent[] = [];
    const unsubscribe = await onSessionEnded(app, (e) => events.push(e));
    try {
      const cookie = await signIn(app, "ana@example.com");
      const me = (await get(app, "/api/agent/me", cookie)).json();

      const res = await app.inject({
        method: "POST",
        url: "/api/agent/logout",
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 200 });
      const cleared = String(res.headers["set-cookie"]);
      expect(cleared).toMatch(/^hl_agent=;/);
      expect(cleared).toContain("Max-Age=0");
      expect(events).toHaveLength(1);
      expect(events[0]).toEqual({ sessionId: expect.any(Number), agentId: me.agent.id });

      expect((await get(app, "/api/agent/me", cookie)).json()).toEqual(SIGN_IN);
      // Signing out again, or without any session, is still a 200.
      const again = await app.inject({
        method: "POST",
        url: "/api/agent/logout",
        headers: { cookie },
      });
      expect(again.statusCode).toBe(200);
      expect((await app.inject({ method: "POST", url: "/api/agent/logout" })).statusCode).toBe(200);
      expect(events).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });

  it("stops calling a listener once it unsubscribed, and survives a listener that throws", async () => {
    const heard: AgentSessionEndedEvent[] = [];
    const off = await onSessionEnded(app, () => {
      throw new Error("a broken listener");
    });
    const offHeard = await onSessionEnded(app, (e) => heard.push(e));
    const cookie = await signIn(app, "ana@example.com");
    const res = await app.inject({ method: "POST", url: "/api/agent/logout", headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(heard).toHaveLength(1);
    off();
    offHeard();
    await app.inject({
      method: "POST",
      url: "/api/agent/logout",
      headers: { cookie: await signIn(app, "ana@example.com") },
    });
    expect(heard).toHaveLength(1);
  });

  it("ends every session of an agent who is disabled, and says so to listeners", async () => {
    const agent = await addAgent(app, "bo@example.com", { name: "Bo" });
    const events: AgentSessionEndedEvent[] = [];
    const off = await onSessionEnded(app, (e) => events.push(e));
    try {
      const first = await signIn(app, "bo@example.com");
      const second = await signIn(app, "bo@example.com");
      // As the admin's PATCH does it: the flag, then every session ends.
      expect(await setAgentDisabled(app.database.db, agent.id, true)).toBe(true);
      await app.agentSessions.endAllSessions(agent.id);
      expect(events).toEqual([{ agentId: agent.id }]);
      for (const cookie of [first, second]) {
        expect((await get(app, "/api/agent/me", cookie)).statusCode).toBe(401);
      }
      await setAgentDisabled(app.database.db, agent.id, false);
      expect(events).toHaveLength(1);
      expect((await get(app, "/api/agent/me", first)).statusCode).toBe(401);
      await signIn(app, "bo@example.com");
    } finally {
      off();
    }
  });

  it("refuses an expired session and an idle one, and clears their cookie", async () => {
    const db = app.database.db;
    const expired = await signIn(app, "ana@example.com");
    const idle = await signIn(app, "ana@example.com");
    const expiredId = await sessionIdOf(app, expired);
    const idleId = await sessionIdOf(app, idle);
    const now = Date.now();
    await db
      .updateTable("agent_sessions")
      .set({ expires_at: now - 1 })
      .where("id", "=", expiredId)
      .execute();
    await db
      .updateTable("agent_sessions")
      .set({ last_seen_at: now - 12 * 3600_000 - 1 })
      .where("id", "=", idleId)
      .execute();
    for (const cookie of [expired, idle]) {
      const res = await get(app, "/api/agent/me", cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SIGN_IN);
      expect(String(res.headers["set-cookie"])).toMatch(/^hl_agent=;.*Max-Age=0/);
    }
  });

  it("records activity at most once a minute", async () => {
    const cookie = await signIn(app, "ana@example.com");
    const id = await sessionIdOf(app, cookie);
    const lastSeen = async () =>
      (
        await app.database.db
          .selectFrom("agent_sessions")
          .select("last_seen_at")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const recent = Date.now() - 10_000;
    await app.database.db
      .updateTable("agent_sessions")
      .set({ last_seen_at: recent })
      .where("id", "=", id)
      .execute();
    await get(app, "/api/agent/me", cookie);
    expect(await lastSeen()).toBe(recent);
    await app.database.db
      .updateTable("agent_sessions")
      .set({ last_seen_at: Date.now() - 11 * 3600_000 })
      .where("id", "=", id)
      .execute();
    const before = Date.now();
    expect((await get(app, "/api/agent/me", cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThanOrEqual(before);
  });

  it("ends the browser's previous session when it signs in again", async () => {
    const first = await signIn(app, "ana@example.com");
    const res = await login(app, "ana@example.com", PASSWORD, { headers: { cookie: first } });
    expect(res.statusCode).toBe(200);
    expect((await get(app, "/api/agent/me", first)).statusCode).toBe(401);
    expect((await get(app, "/api/agent/me", cookieOf(res))).statusCode).toBe(200);
  });

  it("opens nothing with a made-up or malformed cookie", async () => {
    for (const cookie of ["hl_agent=" + "A".repeat(43), "hl_agent=short", "hl_agent="]) {
      expect((await get(app, "/api/agent/me", cookie)).json()).toEqual(SIGN_IN);
    }
    expect((await get(app, "/api/agent/me")).json()).toEqual(SIGN_IN);
  });

  it("refuses every POST from another site with 403, before anything else", async () => {
    const cookie = await signIn(app, "ana@example.com");
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "http://localhost:3001" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of foreign) {
      const res = await login(app, "ana@example.com", PASSWORD, { headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, error: { code: "forbidden" } });
      expect(res.headers["set-cookie"]).toBeUndefined();
      const out = await app.inject({
        method: "POST",
        url: "/api/agent/logout",
        headers: { cookie, ...headers },
      });
      expect(out.statusCode).toBe(403);
    }
    // The session survived the forged sign-outs.
    expect((await get(app, "/api/agent/me", cookie)).statusCode).toBe(200);
    // Our own origin and same-origin fetches are fine.
    const own = await login(app, "ana@example.com", PASSWORD, {
      headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(own.statusCode).toBe(200);
  });

  it("rehashes a password stored with older parameters at the next sign-in", async () => {
    const { randomBytes, scryptSync } = await import("node:crypto");
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const agent = await createAgent(app.database.db, {
      email: "old@example.com",
      name: "Old",
      passwordHash: `scrypt$16384$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`,
    });
    await signIn(app, "old@example.com");
    const stored = (await listAgents(app.database.db)).find((a) => a.id === agent.id);
    expect(stored?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    await signIn(app, "old@example.com");
  });
});

describe("on https", () => {
  it("names the cookie __Host-hl_agent and marks it Secure", async () => {
    const app = await testApp({ PUBLIC_URL: "https://www.hourline.example" });
    try {
      await addAgent(app, "ana@example.com");
      const res = await login(app, "ana@example.com", PASSWORD);
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers["set-cookie"]);
      expect(setCookie).toMatch(/^__Host-hl_agent=[\w-]{43};/);
      expect(setCookie).toContain("Secure");
      expect(setCookie).toContain("HttpOnly");
      expect(setCookie).toContain("SameSite=Lax");
      expect(setCookie).toContain("Path=/");
      expect(setCookie).not.toMatch(/Domain=/i);
      const cookie = cookieOf(res);
      expect((await get(app, "/api/agent/me", cookie)).statusCode).toBe(200);
      // The plain name means nothing here.
      expect((await get(app, "/api/agent/me", cookie.replace("__Host-", ""))).statusCode).toBe(401);
      const origin = await login(app, "ana@example.com", PASSWORD, {
        headers: { origin: "https://www.hourline.example" },
      });
      expect(origin.statusCode).toBe(200);
      const out = await app.inject({
        method: "POST",
        url: "/api/agent/logout",
        headers: { cookie, origin: "http://www.hourline.example" },
      });
      expect(out.statusCode).toBe(403);
      const logout = await app.inject({
        method: "POST",
        url: "/api/agent/logout",
        headers: { cookie },
      });
      expect(String(logout.headers["set-cookie"])).toMatch(/^__Host-hl_agent=;.*Secure/);
    } finally {
      await app.close();
    }
  });
});

/** Whole seconds left of a 15-minute window that started at `started`, rounded down. */
function secondsLeftOf(started: number): number {
  return Math.floor((started + 15 * 60_000 - Date.now()) / 1000);
}

describe("sign-in limits", () => {
  it("answers 429 with Retry-After after 10 attempts from one IP in 15 minutes", async () => {
    const app = await testApp();
    try {
      await addAgent(app, "ana@example.com");
      const ip = "203.0.113.9";
      const started = Date.now();
      for (let i = 0; i < 10; i++) {
        const res = await login(app, "ana@example.com", i === 9 ? PASSWORD : "wrong password!", {
          ip,
        });
        expect(res.statusCode).toBe(i === 9 ? 200 : 401);
      }
      const res = await login(app, "ana@example.com", PASSWORD, { ip });
      expect(res.statusCode).toBe(429);
      // The window started with the first attempt: what is left of its 15 minutes.
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(secondsLeftOf(started));
      expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(900);
      expect(res.json()).toEqual({
        status: 429,
        error: {
          code: "rate_limited",
          message: "Too many requests. Please try again in 15 minutes.",
        },
      });
      // Another address is not affected.
      expect((await login(app, "ana@example.com", PASSWORD)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("refuses an e-mail address for a while after 20 failures from anywhere", async () => {
    const app = await testApp();
    try {
      await addAgent(app, "ana@example.com");
      await addAgent(app, "bo@example.com");
      const started = Date.now();
      for (let i = 0; i < 20; i++) {
        expect((await login(app, "ana@example.com", `guess number ${i}!`)).statusCode).toBe(401);
      }
      const res = await login(app, "ANA@example.com", PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(secondsLeftOf(started));
      expect(res.json()).toMatchObject({ status: 429, error: { code: "rate_limited" } });
      // Unknown addresses are counted the same way, so the limit tells nothing about who exists.
      for (let i = 0; i < 20; i++) await login(app, "nobody@example.com", `guess ${i} again!`);
      expect((await login(app, "nobody@example.com", PASSWORD)).statusCode).toBe(429);
      expect((await login(app, "bo@example.com", PASSWORD)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("the inbox", () => {
  let app: FastifyInstance;
  let cookie: string;
  const t0 = Date.now() - 3600_000;
  let busy: number;
  let quiet: number;
  let ended: number;
  let lastId: number;

  beforeAll(async () => {
    app = await testApp();
    await addAgent(app, "ana@example.com");
    cookie = await signIn(app, "ana@example.com");
    const db = app.database.db;
    busy = await insertConversation(db, {
      email: "asha@studio.example",
      name: "Asha",
      startedAt: t0,
    });
    await insertMessage(db, busy, "visitor", "Hello", t0 + 1000);
    await insertMessage(db, busy, "agent", "Hi Asha", t0 + 2000);
    lastId = await insertMessage(db, busy, "visitor", "About leave", t0 + 9000);
    quiet = await insertConversation(db, { email: "ravi@shop.example", startedAt: t0 + 5000 });
    ended = await insertConversation(db, {
      email: "gone@example.com",
      startedAt: t0 - 5000,
      state: "ended",
      endedAt: t0 - 1000,
      endedBy: "agent",
    });
    const contact = {
      phone: undefined,
      message: "Could we see a demo?",
      ipHash: "h",
      userAgent: undefined,
    };
    await insertContactMessage(db, {
      ...contact,
      name: "First",
      email: "a@x.example",
      receivedAt: t0,
    });
    await insertContactMessage(db, {
      ...contact,
      name: "Second",
      email: "b@x.example",
      receivedAt: t0 + 1,
    });
  });
  afterAll(() => app.close());

  it("needs the session on every route", async () => {
    for (const url of [
      "/api/agent/me",
      "/api/agent/conversations",
      "/api/agent/conversations?state=bogus",
      `/api/agent/conversations/${busy}/messages`,
      "/api/agent/conversations/abc/messages",
      "/api/agent/contact-messages",
    ]) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(SIGN_IN);
    }
  });

  it("lists open conversations, newest activity first, with the last message and unread", async () => {
    const res = await get(app, "/api/agent/conversations", cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = res.json();
    expect(list.map((c: { id: number }) => c.id)).toEqual([busy, quiet]);
    expect(list[0]).toEqual({
      id: busy,
      visitor_name: "Asha",
      visitor_email: "asha@studio.example",
      state: "open",
      started_at: t0,
      ended_at: null,
      ended_by: null,
      last_message: {
        id: lastId,
        client_id: null,
        conversation_id: busy,
        sender: "visitor@example.com",
        receiver: "null",
        message: "About leave",
        msg_type: "text",
        sender_username: "Visitor",
        sender_type: "visitor",
        created_at: t0 + 9000,
      },
      unread: 2,
      // The agent's answer came after "Hello": the visitor waits since "About leave".
      waiting_since: t0 + 9000,
      visitor_online: false,
      missed: false,
      assignee: null,
      activity_at: expect.any(Number),
    });
    expect(list[1]).toMatchObject({
      id: quiet,
      last_message: null,
      unread: 0,
      waiting_since: null,
    });
    expect((await get(app, "/api/agent/conversations?state=open", cookie)).json()).toEqual(list);
  });

  it("lists ended conversations with ?state=ended", async () => {
    const list = (await get(app, "/api/agent/conversations?state=ended", cookie)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: ended, state: "ended", ended_by: "agent", unread: 0 });
  });

  it("returns a conversation's messages and pages with ?after; only POST .../read marks read", async () => {
    const res = await get(app, `/api/agent/conversations/${busy}/messages`, cookie);
    expect(res.statusCode).toBe(200);
    const messages = res.json();
    expect(messages.map((m: { message: string }) => m.message)).toEqual([
      "Hello",
      "Hi Asha",
      "About leave",
    ]);
    const unreadOf = async () =>
      (await get(app, "/api/agent/conversations", cookie))
        .json()
        .find((c: { id: number }) => c.id === busy).unread;
    // A GET changes nothing: a console may fetch a history nobody is looking at.
    expect(await unreadOf()).toBe(2);

    const newer = await insertMessage(app.database.db, busy, "visitor", "Still there?", Date.now());
    expect(await unreadOf()).toBe(3);
    const after = await get(
      app,
      `/api/agent/conversations/${busy}/messages?after=${lastId}`,
      cookie,
    );
    expect(after.json().map((m: { id: number }) => m.id)).toEqual([newer]);
    const none = await get(app, `/api/agent/conversations/${busy}/messages?after=${newer}`, cookie);
    expect(none.json()).toEqual([]);
    expect(await unreadOf()).toBe(3);

    const read = await app.inject({
      method: "POST",
      url: `/api/agent/conversations/${busy}/read`,
      payload: { last_id: newer },
      headers: { cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(await unreadOf()).toBe(0);
  });

  it("answers 404 for a conversation that does not exist", async () => {
    const res = await get(app, "/api/agent/conversations/999999/messages", cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 404,
      error: { code: "not_found", message: "No such conversation." },
    });
  });

  it.each([
    "/api/agent/conversations?state=OPEN",
    "/api/agent/conversations?state=",
    "/api/agent/conversations?state=open&state=ended",
    "/api/agent/conversations/abc/messages",
    "/api/agent/conversations/-1/messages",
    "/api/agent/conversations/1.5/messages",
    "/api/agent/conversations/99999999999999999999/messages",
    "/api/agent/conversations/1/messages?after=-1",
    "/api/agent/conversations/1/messages?after=abc",
    "/api/agent/conversations/1/messages?after=1e3",
    "/api/agent/conversations/1/messages?after=",
  ])("answers 400, never 500, for %s", async (url) => {
    const res = await get(app, url, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, error: { code: "validation_failed" } });
  });

  it("lists contact messages newest first", async () => {
    const res = await get(app, "/api/agent/contact-messages", cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((m: { name: string }) => m.name)).toEqual(["Second", "First"]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      name: "Second",
      email: "b@x.example",
      phone: null,
      message: "Could we see a demo?",
      received_at: t0 + 1,
      read: false,
      handled: false,
      handled_at: null,
      handled_by: null,
    });
  });
});

describe("the BOOTSTRAP agent", () => {
  it("is created once, as an admin, when there is no agent, and its password is never logged", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hourline-bootstrap-"));
    const secret = "bootstrap password 123";
    const env = {
      BOOTSTRAP_AGENT_EMAIL: "Chief@Hourline.example",
      BOOTSTRAP_AGENT_PASSWORD: secret,
    };
    let logged = "";
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    try {
      const first = await testApp(env, { dataDir, logger: { level: "info", stream } });
      try {
        const agents = await listAgents(first.database.db);
        expect(agents).toHaveLength(1);
        expect(agents[0]).toMatchObject({
          email: "chief@hourline.example",
          role: "admin",
          name: "Support",
          disabled: false,
        });
        const res = await login(first, "chief@hourline.example", secret);
        expect(res.json()).toMatchObject({ agent: { role: "admin" } });
      } finally {
        await first.close();
      }
      expect(logged).toContain("created the bootstrap agent");
      // The address is masked, as every address the log names.
      expect(logged).toContain("c***@hourline.example");
      expect(logged).not.toContain("chief@hourline.example");
      expect(logged).not.toContain(secret);

      // A restart with the same or another BOOTSTRAP address adds nobody.
      for (const again of [env, { ...env, BOOTSTRAP_AGENT_EMAIL: "other@hourline.example" }]) {
        const app = await testApp(again, { dataDir });
        try {
          expect(await countAgents(app.database.db)).toBe(1);
        } finally {
          await app.close();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("is not created when agents exist already", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "hourline-bootstrap-"));
    try {
      const plain = await testApp({}, { dataDir });
      await addAgent(plain, "ana@example.com");
      await plain.close();
      const app = await testApp(
        { BOOTSTRAP_AGENT_EMAIL: "chief@hourline.example", BOOTSTRAP_AGENT_PASSWORD: PASSWORD },
        { dataDir },
      );
      try {
        expect((await listAgents(app.database.db)).map((a) => a.email)).toEqual([
          "ana@example.com",
        ]);
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!pgUp)("the agent API on PostgreSQL", () => {
  it("signs in, lists conversations with unread counts and signs out", async () => {
    const { schema, drop } = await freshPgSchema();
    const app = await testApp(
      {
        DATABASE_URL: PG_URL,
        BOOTSTRAP_AGENT_EMAIL: "chief@hourline.example",
        BOOTSTRAP_AGENT_PASSWORD: PASSWORD,
      },
      { pgSchema: schema },
    );
    try {
      expect(app.database.dialect).toBe("postgres");
      const cookie = await signIn(app, "chief@hourline.example");
      const id = await insertConversation(app.database.db, {
        email: "asha@studio.example",
        startedAt: Date.now(),
      });
      await insertMessage(app.database.db, id, "visitor", "Hello", Date.now());
      const list = (await get(app, "/api/agent/conversations", cookie)).json();
      expect(list).toMatchObject([{ id, unread: 1, last_message: { message: "Hello" } }]);
      const messages = (await get(app, `/api/agent/conversations/${id}/messages`, cookie)).json();
      expect(messages).toHaveLength(1);
      expect((await get(app, "/api/agent/conversations", cookie)).json()[0].unread).toBe(1);
      const read = await app.inject({
        method: "POST",
        url: `/api/agent/conversations/${id}/read`,
        payload: { last_id: messages[0].id },
        headers: { cookie },
      });
      expect(read.statusCode).toBe(200);
      expect((await get(app, "/api/agent/conversations", cookie)).json()[0].unread).toBe(0);
      await app.inject({ method: "POST", url: "/api/agent/logout", headers: { cookie } });
      expect((await get(app, "/api/agent/me", cookie)).statusCode).toBe(401);
    } finally {
      await app.close();
      await drop();
    }
  });
});
