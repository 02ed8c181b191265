/**
 * The support console's security list (agents answer visitors at /console): every console
 * API route and the agent socket refuse a missing or expired session and a foreign Origin; a
 * disabled agent's sessions end at once, sockets included; mutations are CSRF-safe (SameSite=Lax
 * cookie plus the Origin check). The routes are not listed by hand only: every route the app
 * registers under /api/agent is recorded as it is registered, and the table below must name exactly
 * that set, so a new route without a row here fails the first test.
 */
import { defaultBusinessHours } from "@hourline/contracts/business-hours";
import WebSocket from "ws";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeCodes } from "../src/routes/ws/chat-sockets";
import { insertContactMessage } from "../src/repositories/contact-messages";
import {
  FrameSocket,
  ORIGIN,
  postgresFor,
  startChatServerOn,
  stores,
  type ChatServer,
} from "./chat-harness";
import { insertConversation, insertMessage } from "./chat-rows";
import {
  ADMIN,
  CONSOLE_ENV,
  INCORRECT,
  SIGN_IN,
  addAgent,
  agentSocket,
  expireSession,
  multipartImage,
  nextClientIp,
  sessionIdOf,
  signIn,
  ClientBrowser,
} from "./console-clients";
import { solid } from "./image-fixtures";
import { recordingRoutes } from "./helpers";

const FORBIDDEN = {
  status: 403,
  error: { code: "forbidden", message: "This request must come from our own website." },
};
const ADMINS_ONLY = {
  status: 403,
  error: { code: "forbidden", message: "Only an admin can manage agents." },
};
const AGENT_PASSWORD = "agent password 2026";

/** Everything a request of the table needs that only exists once the server has data. */
interface Sample {
  conversationId: number;
  /** Ended before anyone answered: a missed chat. */
  endedConversationId: number;
  messageId: number;
  contactId: number;
  cannedReplyId: number;
  doomedCannedReplyId: number;
  targetAgentId: number;
  png: Buffer;
}

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

interface RouteCase {
  method: Method;
  /** The route as Fastify registered it. */
  route: string;
  path(s: Sample): string;
  body?(s: Sample): Record<string, unknown> | FormData;
  /**
   * "required" for every console route. Only sign-in and sign-out work without a session, by
   * design: sign-in is how a session starts, and sign-out answers 200 without one (it ends
   * whatever session the browser has, possibly none), so a console whose session is already gone
   * can still clear its cookie.
   */
  session: "required" | "none";
  adminOnly?: boolean;
  /** The status of a valid request from our origin with a valid session. */
  ok: number;
  /** The most bytes of JSON the route reads (64 KB is the app's default); JSON bodies only. */
  bodyLimit?: number;
}

let createdAgents = 0;

const getRouteRows: Pick<RouteCase, "route" | "path" | "adminOnly">[] = [
  { route: "/api/agent/me", path: () => "/api/agent/me" },
  {
    route: "/api/agent/conversations",
    path: () => "/api/agent/conversations?state=open",
  },
  {
    route: "/api/agent/conversations/:id",
    path: (s) => `/api/agent/conversations/${s.conversationId}`,
  },
  {
    route: "/api/agent/conversations/:id/messages",
    path: (s) => `/api/agent/conversations/${s.conversationId}/messages?after=0`,
  },
  {
    route: "/api/agent/conversations/counts",
    path: () => "/api/agent/conversations/counts",
  },
  {
    route: "/api/agent/conversations/:id/entries",
    path: (s) => `/api/agent/conversations/${s.conversationId}/entries`,
  },
  { route: "/api/agent/team", path: () => "/api/agent/team" },
  {
    route: "/api/agent/contact-messages",
    path: () => "/api/agent/contact-messages?q=demo&filter=unhandled",
  },
  { route: "/api/agent/canned-replies", path: () => "/api/agent/canned-replies" },
  { route: "/api/agent/agents", path: () => "/api/agent/agents", adminOnly: true },
  {
    route: "/api/agent/visitors/:email/export",
    path: () => `/api/agent/visitors/${encodeURIComponent("asha@example.com")}/export`,
    adminOnly: true,
  },
  { route: "/api/agent/audit-log", path: () => "/api/agent/audit-log", adminOnly: true },
  { route: "/api/agent/operations", path: () => "/api/agent/operations", adminOnly: true },
  {
    route: "/api/agent/reports",
    path: () => "/api/agent/reports?from=2026-11-01&to=2026-11-28&tz=UTC",
    adminOnly: true,
  },
  { route: "/api/agent/settings/business-hours", path: () => "/api/agent/settings/business-hours" },
  { route: "/api/agent/settings/routing", path: () => "/api/agent/settings/routing" },
  {
    route: "/api/agent/blocked-visitors",
    path: () => "/api/agent/blocked-visitors",
    adminOnly: true,
  },
];
const getRoutes: RouteCase[] = getRouteRows.map((c) => ({
  ...c,
  method: "GET",
  session: "required",
  ok: 200,
}));

const routeTable: RouteCase[] = [
  {
    method: "POST",
    route: "/api/agent/login",
    path: () => "/api/agent/login",
    body: () => ({ email: ADMIN.email, password: ADMIN.password }),
    session: "none",
    ok: 200,
    bodyLimit: 8 * 1024,
  },
  {
    method: "POST",
    route: "/api/agent/logout",
    path: () => "/api/agent/logout",
    session: "none",
    ok: 200,
    bodyLimit: 64 * 1024,
  },
  ...getRoutes,
  // A GET route also answers HEAD (Fastify adds it); it must be guarded the same way.
  ...getRoutes.map((c) => ({ ...c, method: "HEAD" as const })),
  {
    method: "PATCH",
    route: "/api/agent/me",
    path: () => "/api/agent/me",
    body: () => ({ name: ADMIN.name }),
    session: "required",
    ok: 200,
    bodyLimit: 4 * 1024,
  },
  {
    method: "POST",
    route: "/api/agent/me/password",
    path: () => "/api/agent/me/password",
    // The same password again: a real change, which ends the admin's other sessions only.
    body: () => ({ current_password: ADMIN.password, new_password: ADMIN.password }),
    session: "required",
    ok: 200,
    bodyLimit: 8 * 1024,
  },
  {
    method: "PUT",
    route: "/api/agent/me/status",
    path: () => "/api/agent/me/status",
    body: () => ({ status: "online" }),
    session: "required",
    ok: 200,
    bodyLimit: 1024,
  },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/read",
    path: (s) => `/api/agent/conversations/${s.conversationId}/read`,
    body: (s) => ({ last_id: s.messageId }),
    session: "required",
    ok: 200,
    bodyLimit: 1024,
  },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/notes",
    path: (s) => `/api/agent/conversations/${s.conversationId}/notes`,
    body: () => ({ body: "Asked about leave balances" }),
    session: "required",
    ok: 200,
    bodyLimit: 64 * 1024,
  },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/email-answer",
    path: (s) => `/api/agent/conversations/${s.endedConversationId}/email-answer`,
    body: () => ({ body: "Here is the answer you asked for." }),
    session: "required",
    ok: 200,
    bodyLimit: 64 * 1024,
  },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/handled",
    path: (s) => `/api/agent/conversations/${s.endedConversationId}/handled`,
    body: () => ({}),
    session: "required",
    ok: 200,
    bodyLimit: 1024,
  },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/assign",
    path: (s) => `/api/agent/conversations/${s.conversationId}/assign`,
    body: (s) => ({ agent_id: s.targetAgentId }),
    session: "required",
    ok: 200,
    bodyLimit: 1024,
  },
  {
    // The open conversation: a valid request that answers 409 every time, so the table's calls
    // can repeat it (reopening the ended one would succeed once only).
    method: "POST",
    route: "/api/agent/conversations/:id/reopen",
    path: (s) => `/api/agent/conversations/${s.conversationId}/reopen`,
    body: () => ({}),
    session: "required",
    ok: 409,
    bodyLimit: 1024,
  },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/upload",
    path: (s) => `/api/agent/conversations/${s.conversationId}/upload`,
    body: (s) => multipartImage({ data: s.png, filename: "photo.png", type: "image/png" }),
    session: "required",
    ok: 200,
  },
  {
    method: "PATCH",
    route: "/api/agent/contact-messages/:id",
    path: (s) => `/api/agent/contact-messages/${s.contactId}`,
    body: () => ({ read: true, handled: true }),
    session: "required",
    ok: 200,
    bodyLimit: 1024,
  },
  {
    method: "POST",
    route: "/api/agent/canned-replies",
    path: () => "/api/agent/canned-replies",
    body: () => ({ title: "Opening hours", body: "We answer chats 8:00-18:00 CET." }),
    session: "required",
    ok: 201,
    bodyLimit: 32 * 1024,
  },
  {
    method: "PATCH",
    route: "/api/agent/canned-replies/:id",
    path: (s) => `/api/agent/canned-replies/${s.cannedReplyId}`,
    body: () => ({ title: "Greeting", body: "Hello! How can I help?" }),
    session: "required",
    ok: 200,
    bodyLimit: 32 * 1024,
  },
  {
    method: "DELETE",
    route: "/api/agent/canned-replies/:id",
    path: (s) => `/api/agent/canned-replies/${s.doomedCannedReplyId}`,
    session: "required",
    ok: 200,
  },
  {
    method: "POST",
    route: "/api/agent/agents",
    path: () => "/api/agent/agents",
    body: () => ({
      email: `new.agent.${++createdAgents}@hourline.example`,
      name: "New Agent",
      role: "agent",
      password: AGENT_PASSWORD,
    }),
    session: "required",
    adminOnly: true,
    ok: 201,
    bodyLimit: 8 * 1024,
  },
  {
    method: "PUT",
    route: "/api/agent/settings/business-hours",
    path: () => "/api/agent/settings/business-hours",
    body: () => ({ ...defaultBusinessHours }),
    session: "required",
    adminOnly: true,
    ok: 200,
    bodyLimit: 32 * 1024,
  },
  {
    method: "PATCH",
    route: "/api/agent/agents/:id",
    path: (s) => `/api/agent/agents/${s.targetAgentId}`,
    body: () => ({ name: "Target Agent" }),
    session: "required",
    adminOnly: true,
    ok: 200,
    bodyLimit: 4 * 1024,
  },
  {
    method: "POST",
    route: "/api/agent/agents/:id/password",
    path: (s) => `/api/agent/agents/${s.targetAgentId}/password`,
    body: () => ({ password: "a brand new password" }),
    session: "required",
    adminOnly: true,
    ok: 200,
    bodyLimit: 8 * 1024,
  },
];

// An address nobody used: erasing it removes nothing the other rows need.
routeTable.push(
  {
    // Assigning the open conversation to the target agent: a bulk request that can repeat.
    method: "POST",
    route: "/api/agent/conversations/bulk",
    path: () => "/api/agent/conversations/bulk",
    body: (s) => ({
      action: "assign",
      conversation_ids: [s.conversationId],
      agent_id: s.targetAgentId,
    }),
    session: "required",
    ok: 200,
    bodyLimit: 16 * 1024,
  },
  {
    method: "PUT",
    route: "/api/agent/settings/routing",
    path: () => "/api/agent/settings/routing",
    body: () => ({ max_open_chats: 5, abandoned_after_minutes: 30 }),
    session: "required",
    adminOnly: true,
    ok: 200,
    bodyLimit: 4 * 1024,
  },
  {
    // Another address than the sample's: blocking the sample visitor would end their session.
    method: "POST",
    route: "/api/agent/blocked-visitors",
    path: () => "/api/agent/blocked-visitors",
    body: () => ({ email: "blocked.sample@example.com" }),
    session: "required",
    ok: 200,
    bodyLimit: 4 * 1024,
  },
  {
    // An address never blocked: a valid request that answers 404 every time, so it can repeat.
    method: "DELETE",
    route: "/api/agent/blocked-visitors/:email",
    path: () => `/api/agent/blocked-visitors/${encodeURIComponent("never.blocked@example.com")}`,
    session: "required",
    adminOnly: true,
    ok: 404,
  },
);
routeTable.push({
  method: "DELETE",
  route: "/api/agent/visitors/:email",
  path: () => `/api/agent/visitors/${encodeURIComponent("nobody.here@example.com")}`,
  session: "required",
  adminOnly: true,
  ok: 200,
});

const label = (c: RouteCase) => `${c.method} ${c.route}`;

/** One request through app.inject, from a client address of its own. */
function send(
  app: FastifyInstance,
  c: RouteCase,
  s: Sample,
  {
    cookie,
    headers = { origin: ORIGIN },
    payload,
  }: { cookie?: string; headers?: Record<string, string>; payload?: Record<string, unknown> },
): Promise<LightMyRequestResponse> {
  const body = payload ?? c.body?.(s);
  const options: InjectOptions = {
    method: c.method,
    url: c.path(s),
    remoteAddress: nextClientIp(),
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    ...(body !== undefined ? { payload: body } : {}),
  };
  return app.inject(options);
}

/** The JSON answer, or undefined for HEAD, whose answers have no body. */
function jsonOf(c: RouteCase, res: LightMyRequestResponse): unknown {
  return c.method === "HEAD" ? undefined : res.json();
}

/** Every row a console call could change, to show that a refused call changed nothing. */
async function snapshot(app: FastifyInstance): Promise<string> {
  const db = app.database.db;
  const tables = [
    "agents",
    "agent_sessions",
    "canned_replies",
    "contact_messages",
    "chat_conversations",
    "chat_messages",
    "chat_uploads",
  ] as const;
  const rows = await Promise.all(
    tables.map((t) => db.selectFrom(t).selectAll().orderBy("id").execute()),
  );
  return JSON.stringify(rows);
}

const pgUp = await postgresFor("the console security tests");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`console security (${store.name})`, () => {
    let server: ChatServer;
    let app: FastifyInstance;
    const registered: string[] = [];
    let sample: Sample;
    let admin: ClientBrowser;
    let plain: ClientBrowser;

    const cookieOf = (browser: ClientBrowser) => browser.cookieHeader();

    beforeAll(async () => {
      server = await recordingRoutes(registered, () => startChatServerOn(store, CONSOLE_ENV));
      app = server.app;

      admin = (await signIn(server, ADMIN.email, ADMIN.password)).browser;
      const target = await addAgent(admin, {
        email: "target@hourline.example",
        name: "Target",
        password: AGENT_PASSWORD,
      });
      await addAgent(admin, {
        email: "plain@hourline.example",
        name: "Plain Agent",
        password: AGENT_PASSWORD,
      });
      plain = (await signIn(server, "plain@hourline.example", AGENT_PASSWORD)).browser;

      const db = app.database.db;
      const conversationId = await insertConversation(db, {
        email: "asha@studio.example",
        name: "Asha",
        startedAt: Date.now() - 60_000,
      });
      const messageId = await insertMessage(db, conversationId, "visitor", "Hello", Date.now());
      const endedConversationId = await insertConversation(db, {
        email: "left@studio.example",
        name: "Left Early",
        startedAt: Date.now() - 120_000,
        state: "ended",
        endedAt: Date.now() - 60_000,
        endedBy: "visitor",
      });
      await insertMessage(db, endedConversationId, "visitor", "Need it today", Date.now() - 90_000);
      const contactId = await insertContactMessage(db, {
        name: "Kiran",
        email: "kiran@example.com",
        phone: undefined,
        message: "Could we see a demo?",
        receivedAt: Date.now(),
        ipHash: "h",
        userAgent: undefined,
      });
      const reply = async (title: string) => {
        const res = await admin.post("/api/agent/canned-replies", { title, body: "Text" });
        return (res.body as { reply: { id: number } }).reply.id;
      };
      sample = {
        conversationId,
        endedConversationId,
        messageId,
        contactId,
        cannedReplyId: await reply("Greeting"),
        doomedCannedReplyId: await reply("Old reply"),
        targetAgentId: target.id,
        png: await solid("png"),
      };
    });
    // Optional: when the server could not start, its error is the one worth reading.
    afterAll(async () => server?.close());

    it("has a row for exactly the routes registered under /api/agent", () => {
      const underAgentApi = registered.filter((r) => r.split(" ")[1]?.startsWith("/api/agent/"));
      expect(new Set(underAgentApi).size).toBe(underAgentApi.length);
      expect([...underAgentApi].sort()).toEqual(routeTable.map(label).sort());
      // The agent socket, tested below, is the console's one route outside /api/agent.
      expect(registered).toContain("GET /ws/agent/");
      for (const c of routeTable) {
        expect(app.hasRoute({ method: c.method, url: c.route }), label(c)).toBe(true);
      }
    });

    it("sets the session cookie HttpOnly and SameSite=Lax, for the whole site only", async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/agent/login",
        remoteAddress: nextClientIp(),
        headers: { origin: ORIGIN },
        payload: { email: ADMIN.email, password: ADMIN.password },
      });
      expect(res.statusCode).toBe(200);
      const setCookie = res.headers["set-cookie"];
      expect(typeof setCookie).toBe("string");
      const attributes = String(setCookie)
        .split(";")
        .map((a) => a.trim());
      expect(attributes[0]).toMatch(/^hl_agent=[\w-]{43}$/);
      expect(attributes).toContain("HttpOnly");
      expect(attributes).toContain("SameSite=Lax");
      expect(attributes).toContain("Path=/");
      expect(attributes.some((a) => /^domain=/i.test(a))).toBe(false);
    });

    it("refuses every console route without a session (401); sign-in and sign-out need none", async () => {
      const before = await snapshot(app);
      for (const c of routeTable) {
        // Sign-in without a session is how a session starts: nothing to refuse there.
        if (c.route === "/api/agent/login") continue;
        const res = await send(app, c, sample, {});
        if (c.session === "none") {
          // Sign-out: nothing to end, still 200, and the cookie is cleared.
          expect(res.statusCode, label(c)).toBe(200);
          expect(res.json()).toEqual({ status: 200 });
          expect(String(res.headers["set-cookie"])).toMatch(/^hl_agent=;.*Max-Age=0/);
          continue;
        }
        expect(res.statusCode, label(c)).toBe(401);
        expect(jsonOf(c, res), label(c)).toEqual(c.method === "HEAD" ? undefined : SIGN_IN);
        expect(res.headers["cache-control"], label(c)).toBe("no-store");
        // A made-up cookie is no session either.
        const forged = await send(app, c, sample, { cookie: `hl_agent=${"A".repeat(43)}` });
        expect(forged.statusCode, label(c)).toBe(401);
      }
      expect(await snapshot(app)).toBe(before);
    });

    it("refuses every console route with an expired or idle session (401) and clears its cookie", async () => {
      const expired = (await signIn(server, ADMIN.email, ADMIN.password)).browser;
      await expireSession(app, expired);
      // Twelve hours without a request end a session too.
      const idle = (await signIn(server, ADMIN.email, ADMIN.password)).browser;
      await app.database.db
        .updateTable("agent_sessions")
        .set({ last_seen_at: Date.now() - 12 * 3600_000 - 1 })
        .where("id", "=", await sessionIdOf(app, idle))
        .execute();
      const before = await snapshot(app);
      for (const c of routeTable) {
        if (c.session === "none") continue;
        for (const browser of [expired, idle]) {
          const res = await send(app, c, sample, { cookie: cookieOf(browser) });
          expect(res.statusCode, label(c)).toBe(401);
          expect(jsonOf(c, res), label(c)).toEqual(c.method === "HEAD" ? undefined : SIGN_IN);
          expect(String(res.headers["set-cookie"]), label(c)).toMatch(/^hl_agent=;.*Max-Age=0/);
        }
      }
      expect(await snapshot(app)).toBe(before);
    });

    it("refuses every route, sign-in and sign-out included, from another site even with a valid session (403)", async () => {
      const foreign: Record<string, string>[] = [
        { origin: "https://evil.example" },
        { "sec-fetch-site": "cross-site" },
        // A sibling subdomain: the Lax cookie travels, so only this mark tells.
        { "sec-fetch-site": "same-site" },
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        // A sandboxed frame, a look-alike host and our host on another port or scheme.
        { origin: "null" },
        { origin: "http://localhost:3000.evil.example" },
        { origin: "http://localhost:3001" },
        { origin: "https://localhost:3000" },
      ];
      const before = await snapshot(app);
      for (const c of routeTable) {
        for (const headers of foreign) {
          const res = await send(app, c, sample, { cookie: cookieOf(admin), headers });
          const what = `${label(c)} ${JSON.stringify(headers)}`;
          expect(res.statusCode, what).toBe(403);
          expect(jsonOf(c, res), what).toEqual(c.method === "HEAD" ? undefined : FORBIDDEN);
          expect(res.headers["set-cookie"], what).toBeUndefined();
        }
      }
      expect(await snapshot(app)).toBe(before);
      // The admin's session survived every forged call, sign-out included.
      expect((await admin.get("/api/agent/me")).status).toBe(200);
    });

    it("refuses the admin routes to an agent who is not an admin (403), changing nothing", async () => {
      const before = await snapshot(app);
      for (const c of routeTable.filter((r) => r.adminOnly)) {
        const res = await send(app, c, sample, { cookie: cookieOf(plain) });
        expect(res.statusCode, label(c)).toBe(403);
        if (c.method === "HEAD") expect(jsonOf(c, res), label(c)).toBeUndefined();
        else {
          // Each admin area says what only an admin may do there.
          expect(jsonOf(c, res), label(c)).toEqual({
            ...ADMINS_ONLY,
            error: { ...ADMINS_ONLY.error, message: expect.stringMatching(/^Only an admin can /) },
          });
        }
      }
      expect(await snapshot(app)).toBe(before);
    });

    it("answers 413 to a JSON body over the route's limit, and changes nothing", async () => {
      const withJson = routeTable.filter(
        (c) =>
          (c.method === "POST" || c.method === "PATCH" || c.method === "PUT") &&
          !c.route.endsWith("/upload"),
      );
      expect(routeTable.filter((c) => c.bodyLimit !== undefined).map(label)).toEqual(
        withJson.map(label),
      );
      const before = await snapshot(app);
      for (const c of withJson) {
        const limit = c.bodyLimit ?? 0;
        const res = await send(app, c, sample, {
          cookie: cookieOf(admin),
          payload: { ...c.body?.(sample), padding: "x".repeat(limit) },
        });
        expect(res.statusCode, label(c)).toBe(413);
        expect(res.json()).toEqual({
          status: 413,
          error: { code: "too_large", message: "Request body is too large" },
        });
      }
      expect(await snapshot(app)).toBe(before);
    });

    it("answers every route from our origin with a valid session (never 401 or 403)", async () => {
      for (const c of routeTable) {
        // Sign-in is asked without a session; sign-out ends a session of its own.
        const cookie =
          c.route === "/api/agent/login"
            ? undefined
            : c.route === "/api/agent/logout"
              ? cookieOf((await signIn(server, ADMIN.email, ADMIN.password)).browser)
              : cookieOf(admin);
        const res = await send(app, c, sample, {
          ...(cookie ? { cookie } : {}),
          headers: { origin: ORIGIN, "sec-fetch-site": "same-origin" },
        });
        expect({ route: label(c), status: res.statusCode }).toEqual({
          route: label(c),
          status: c.ok,
        });
      }
      // The same without Origin or Sec-Fetch-Site (not a browser page: nothing to forge).
      const me = routeTable.find((c) => c.method === "GET" && c.route === "/api/agent/me");
      if (!me) throw new Error("no GET /api/agent/me row");
      expect(
        (await send(app, me, sample, { cookie: cookieOf(admin), headers: {} })).statusCode,
      ).toBe(200);
    });
  });

  describe.skipIf(store.pg && !pgUp)(`the agent socket (${store.name})`, () => {
    let server: ChatServer;
    let admin: ClientBrowser;
    let adminSocket: FrameSocket;

    beforeAll(async () => {
      // A fast heartbeat: sessions of open sockets are re-checked every 10 beats (1 s here).
      server = await startChatServerOn(store, CONSOLE_ENV, { sockets: { heartbeatMs: 100 } });
      admin = (await signIn(server, ADMIN.email, ADMIN.password)).browser;
      adminSocket = await agentSocket(admin);
    });
    afterAll(async () => {
      adminSocket?.close();
      await server?.close();
    });

    /** A socket to /ws/agent/ with exactly these headers (no Origin unless given). */
    function rawSocket(headers: Record<string, string>): FrameSocket {
      return new FrameSocket(new WebSocket(`${server.wsUrl}/ws/agent/`, { headers }));
    }

    it("refuses an upgrade without a session, with an expired or made-up one, or from another origin", async () => {
      const { browser } = await signIn(server, ADMIN.email, ADMIN.password);
      const cookie = browser.cookieHeader();
      // Our origin and the session: the control case opens.
      const ok = rawSocket({ origin: ORIGIN, cookie });
      await ok.opened;
      ok.close();

      await expect(rawSocket({ origin: ORIGIN }).opened).rejects.toThrow("upgrade refused: 401");
      await expect(
        rawSocket({ origin: ORIGIN, cookie: `hl_agent=${"A".repeat(43)}` }).opened,
      ).rejects.toThrow("upgrade refused: 401");
      for (const origin of [
        "https://evil.example",
        "null",
        "http://localhost:3000.evil.example",
        "https://localhost:3000",
      ]) {
        await expect(rawSocket({ origin, cookie }).opened, origin).rejects.toThrow(
          "upgrade refused: 403",
        );
      }
      // No Origin at all: browsers always send one on an upgrade, so its absence is refused.
      await expect(rawSocket({ cookie }).opened).rejects.toThrow("upgrade refused: 403");

      await expireSession(server.app, browser);
      await expect(rawSocket({ origin: ORIGIN, cookie }).opened).rejects.toThrow(
        "upgrade refused: 401",
      );
    });

    it("closes an open socket whose session expires", async () => {
      const { browser } = await signIn(server, ADMIN.email, ADMIN.password);
      const socket = await agentSocket(browser);
      await expireSession(server.app, browser);
      // The heartbeat re-reads the session every 10 beats (1 s here); allow a generous 10 s.
      const closed = await Promise.race([
        socket.closed,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
      ]);
      expect(closed).toEqual({ code: closeCodes.sessionEnded, reason: "Session ended" });
      expect(closeCodes.sessionEnded).toBe(4401);
      expect(adminSocket.ws.readyState).toBe(WebSocket.OPEN);
    });

    it("closes the socket of a session that signs out, and only that one", async () => {
      const first = (await signIn(server, ADMIN.email, ADMIN.password)).browser;
      const second = (await signIn(server, ADMIN.email, ADMIN.password)).browser;
      const [one, two] = [await agentSocket(first), await agentSocket(second)];
      expect((await first.post("/api/agent/logout")).status).toBe(200);
      expect(await one.closed).toEqual({ code: 4401, reason: "Signed out" });
      expect(two.ws.readyState).toBe(WebSocket.OPEN);
      two.close();
    });

    /** An agent signed in from two browsers, each with an open socket. */
    async function agentWithTwoSockets(email: string, password: string) {
      const first = (await signIn(server, email, password)).browser;
      const second = (await signIn(server, email, password)).browser;
      return { first, second, sockets: [await agentSocket(first), await agentSocket(second)] };
    }

    it("ends a disabled agent's sessions and sockets at once", async () => {
      const ana = await addAgent(admin, {
        email: "ana@hourline.example",
        name: "Ana",
        password: AGENT_PASSWORD,
      });
      const { first, second, sockets } = await agentWithTwoSockets(ana.email, AGENT_PASSWORD);

      const res = await admin.patch(`/api/agent/agents/${ana.id}`, { disabled: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 200, agent: { id: ana.id, disabled: true } });
      for (const socket of sockets) {
        expect(await socket.closed).toEqual({ code: 4401, reason: "Signed out" });
      }
      for (const browser of [first, second]) {
        const me = await browser.get("/api/agent/me");
        expect(me.status).toBe(401);
        expect(me.body).toEqual(SIGN_IN);
      }
      await expect(first.socket("/ws/agent/").opened).rejects.toThrow("upgrade refused: 401");
      const again = await new ClientBrowser(server).post("/api/agent/login", {
        email: ana.email,
        password: AGENT_PASSWORD,
      });
      expect(again.status).toBe(401);
      expect(again.body).toEqual(INCORRECT);
      // Other agents stay connected.
      expect(adminSocket.ws.readyState).toBe(WebSocket.OPEN);

      // Enabled again, the old sessions stay ended; signing in works.
      expect((await admin.patch(`/api/agent/agents/${ana.id}`, { disabled: false })).status).toBe(
        200,
      );
      expect((await second.get("/api/agent/me")).status).toBe(401);
      await signIn(server, ana.email, AGENT_PASSWORD);
    });

    it("ends every session and socket of an agent whose password an admin resets", async () => {
      const bo = await addAgent(admin, {
        email: "bo@hourline.example",
        name: "Bo",
        password: AGENT_PASSWORD,
      });
      const { first, second, sockets } = await agentWithTwoSockets(bo.email, AGENT_PASSWORD);
      const reset = await admin.post(`/api/agent/agents/${bo.id}/password`, {
        password: "reset by the admin 42",
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ status: 200 });
      for (const socket of sockets) {
        expect(await socket.closed).toEqual({ code: 4401, reason: "Signed out" });
      }
      for (const browser of [first, second]) {
        expect((await browser.get("/api/agent/me")).body).toEqual(SIGN_IN);
      }
      const old = await new ClientBrowser(server).post("/api/agent/login", {
        email: bo.email,
        password: AGENT_PASSWORD,
      });
      expect(old.body).toEqual(INCORRECT);
      await signIn(server, bo.email, "reset by the admin 42");
      expect(adminSocket.ws.readyState).toBe(WebSocket.OPEN);
    });
  });
}
