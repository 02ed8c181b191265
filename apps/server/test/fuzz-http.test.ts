/**
 * HTTP fuzz (hardening): every HTTP endpoint the server registers, with hostile paths,
 * queries, headers, methods and bodies (hostile-values.ts), as a visitor, as an agent, as both and
 * as nobody, over real sockets. Whatever arrives, the answer is never a 5xx (the 503s the server
 * sends on purpose need load or a shutdown, which a sequential fuzz never causes), every answer
 * carries the security headers, every 4xx under /api and /ws is the API's error envelope, nothing
 * is logged as an error, no promise goes unhandled and nothing is thrown uncaught. Requests too
 * broken for an HTTP client (bad Content-Length, broken chunking, junk request lines) are sent as
 * raw bytes. Afterwards the server still serves: health, and a visitor's message reaching an agent.
 *
 * The endpoint table must name every route the app registers under /api and /ws, so a new route
 * without a row fails the first test. SQLite always; PostgreSQL when it answers (with CI set, a
 * PostgreSQL that does not answer fails the run instead of skipping it).
 */
import { defaultBusinessHours } from "@hourline/contracts/business-hours";
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ORIGIN,
  postgresFor,
  startChatServerOn,
  stores,
  uniqueEmail,
  type ChatServer,
} from "./chat-harness";
import {
  CONSOLE_ENV,
  ClientBrowser,
  addAgent,
  nextClientIp,
  signIn,
  uploadImage,
} from "./console-clients";
import {
  FUZZ_OTP,
  errorEnvelopeProblems,
  expectStillServing,
  securityHeaderProblems,
  watchLogs,
  watchProcess,
  type LogWatch,
  type ProcessWatch,
} from "./fuzz-watch";
import {
  RawJson,
  deepArrayText,
  hostileBody,
  hostilePathSegment,
  hostileQuery,
  multipartGarbage,
  objectOf,
  poisonCharacters,
  toJsonText,
  type RawBody,
} from "./hostile-values";
import { hashPassword } from "../src/auth/passwords";
import { createAgent } from "../src/repositories/agents";
import { solid } from "./image-fixtures";
import { recordingRoutes } from "./helpers";

const pgUp = await postgresFor("the HTTP fuzz");
const SEED = 20261123;
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const REQUEST_TIMEOUT_MS = 10_000;

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
type Auth = "none" | "visitor" | "agent" | "both" | "forged";

/** Ids and names that exist once the server has data, so some requests get past the 404s. */
interface Sample {
  visitorEmail: string;
  conversationId: number;
  contactId: number;
  cannedReplyId: number;
  targetAgentId: number;
  uploadName: string;
}

interface Endpoint {
  method: Method;
  /** As Fastify registered it. */
  route: string;
  /** A valid body: the fuzz breaks it. Absent for routes that read none. */
  body?: (s: Sample) => Record<string, unknown>;
  /** The route reads one image as multipart/form-data. */
  multipart?: true;
  /** Real values for the route's parameters; the fuzz swaps in hostile ones half the time. */
  params?: (s: Sample) => Record<string, string>;
}

const visitorEmailParam = (s: Sample) => ({ email: encodeURIComponent(s.visitorEmail) });
const conversationParam = (s: Sample) => ({ id: String(s.conversationId) });
const strongPassword = "a new password 2026";

/** Every HTTP route under /api and /ws, and the health routes. */
const endpoints: Endpoint[] = [
  { method: "GET", route: "/healthz" },
  { method: "GET", route: "/readyz" },
  {
    method: "POST",
    route: "/api/support/contact_us",
    body: () => ({
      name: "Asha Rao",
      email: "asha@example.com",
      phone_numbers: "+91 98765 43210",
      message: "Do you support shift rosters?",
    }),
  },
  {
    method: "POST",
    route: "/api/support/check_chat_email",
    body: (s) => ({ email: s.visitorEmail }),
  },
  {
    method: "POST",
    route: "/api/support/otp_generate_chat",
    body: (s) => ({ email: s.visitorEmail }),
  },
  {
    method: "POST",
    route: "/api/client/verify_otp",
    body: (s) => ({ email: s.visitorEmail, otp: FUZZ_OTP }),
  },
  {
    method: "POST",
    route: "/api/support/register",
    body: (s) => ({ username: "Asha Rao", email: s.visitorEmail, transcript: true }),
  },
  { method: "GET", route: "/api/support/get_message/:email/", params: visitorEmailParam },
  { method: "POST", route: "/api/support/upload", multipart: true },
  { method: "GET", route: "/api/support/uploads/:name", params: (s) => ({ name: s.uploadName }) },
  { method: "GET", route: "/api/support/conversations/:id", params: conversationParam },
  { method: "GET", route: "/api/support/session" },
  {
    method: "POST",
    route: "/api/support/rating",
    body: () => ({ rating_token: "a".repeat(43), score: 4, comment: "" }),
  },
  { method: "GET", route: "/api/support/availability" },
  {
    method: "POST",
    route: "/api/agent/login",
    // Not the bootstrap admin's address: failed sign-ins to it would lock the fuzz's own agent out.
    body: () => ({ email: "nobody@hourline.example", password: "correct horse battery" }),
  },
  { method: "POST", route: "/api/agent/logout" },
  { method: "GET", route: "/api/agent/me" },
  { method: "PATCH", route: "/api/agent/me", body: () => ({ name: "Lead" }) },
  { method: "PUT", route: "/api/agent/me/status", body: () => ({ status: "online" }) },
  {
    method: "POST",
    route: "/api/agent/me/password",
    body: () => ({ current_password: "wrong password 2026", new_password: strongPassword }),
  },
  { method: "GET", route: "/api/agent/conversations" },
  { method: "GET", route: "/api/agent/conversations/:id", params: conversationParam },
  { method: "GET", route: "/api/agent/conversations/:id/messages", params: conversationParam },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/read",
    params: conversationParam,
    body: () => ({ last_id: 1 }),
  },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/upload",
    params: conversationParam,
    multipart: true,
  },
  { method: "GET", route: "/api/agent/conversations/counts" },
  { method: "GET", route: "/api/agent/team" },
  { method: "GET", route: "/api/agent/conversations/:id/entries", params: conversationParam },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/notes",
    params: conversationParam,
    body: () => ({ body: "Called back about leave." }),
  },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/email-answer",
    params: conversationParam,
    body: () => ({ body: "Here is the answer." }),
  },
  { method: "POST", route: "/api/agent/conversations/:id/handled", params: conversationParam },
  {
    method: "POST",
    route: "/api/agent/conversations/:id/assign",
    params: conversationParam,
    body: (s) => ({ agent_id: s.targetAgentId }),
  },
  { method: "POST", route: "/api/agent/conversations/:id/reopen", params: conversationParam },
  { method: "GET", route: "/api/agent/contact-messages" },
  {
    method: "PATCH",
    route: "/api/agent/contact-messages/:id",
    params: (s) => ({ id: String(s.contactId) }),
    body: () => ({ read: true, handled: false }),
  },
  { method: "GET", route: "/api/agent/canned-replies" },
  {
    method: "POST",
    route: "/api/agent/canned-replies",
    body: () => ({ title: "Hours", body: "9 to 5." }),
  },
  {
    method: "PATCH",
    route: "/api/agent/canned-replies/:id",
    params: (s) => ({ id: String(s.cannedReplyId) }),
    body: () => ({ title: "Hours", body: "9 to 6." }),
  },
  {
    method: "DELETE",
    route: "/api/agent/canned-replies/:id",
    params: (s) => ({ id: String(s.cannedReplyId) }),
  },
  { method: "GET", route: "/api/agent/agents" },
  {
    method: "POST",
    route: "/api/agent/agents",
    body: () => ({
      email: "new.agent@hourline.example",
      name: "New Agent",
      role: "agent",
      password: strongPassword,
    }),
  },
  {
    method: "PATCH",
    route: "/api/agent/agents/:id",
    params: (s) => ({ id: String(s.targetAgentId) }),
    body: () => ({ name: "Target", role: "agent", disabled: false }),
  },
  {
    method: "POST",
    route: "/api/agent/agents/:id/password",
    params: (s) => ({ id: String(s.targetAgentId) }),
    body: () => ({ password: strongPassword }),
  },
  { method: "GET", route: "/api/agent/visitors/:email/export", params: visitorEmailParam },
  // Another address than the sample's: erasing the sample visitor would end the session the
  // other rows use.
  {
    method: "DELETE",
    route: "/api/agent/visitors/:email",
    params: () => ({ email: encodeURIComponent("someone.else@example.com") }),
  },
  { method: "GET", route: "/api/agent/audit-log" },
  { method: "GET", route: "/api/agent/operations" },
  { method: "GET", route: "/api/agent/reports" },
  { method: "GET", route: "/api/agent/settings/business-hours" },
  {
    method: "PUT",
    route: "/api/agent/settings/business-hours",
    body: () => ({ ...defaultBusinessHours }),
  },
  {
    method: "POST",
    route: "/api/agent/conversations/bulk",
    body: (s) => ({
      action: "assign",
      conversation_ids: [s.conversationId],
      agent_id: s.targetAgentId,
    }),
  },
  { method: "GET", route: "/api/agent/settings/routing" },
  {
    method: "PUT",
    route: "/api/agent/settings/routing",
    body: () => ({ max_open_chats: 5, abandoned_after_minutes: 30 }),
  },
  { method: "GET", route: "/api/agent/blocked-visitors" },
  {
    method: "POST",
    route: "/api/agent/blocked-visitors",
    // Not the sample visitor: blocking them would end the session the other rows use.
    body: () => ({ email: "blocked.sample@example.com" }),
  },
  {
    method: "DELETE",
    route: "/api/agent/blocked-visitors/:email",
    params: () => ({ email: encodeURIComponent("blocked.sample@example.com") }),
  },
  // The sockets' upgrade routes, asked as plain HTTP.
  { method: "GET", route: "/ws/support/:email/", params: visitorEmailParam },
  { method: "GET", route: "/ws/agent/" },
  // The site answers every other path.
  { method: "GET", route: "/*", params: () => ({ "*": "pricing" }) },
];

/** Values of the wrong type for any field. */
const wrongTypes: unknown[] = [
  null,
  -1,
  1.5,
  2 ** 63,
  true,
  ["a"],
  objectOf([["__proto__", { polluted: true }]]),
  new RawJson("-0"),
  new RawJson("1e309"),
  new RawJson(deepArrayText),
];

/**
 * The characters of poisonCharacters that reach different code: NUL (PostgreSQL cannot store it),
 * a lone surrogate, a direction override, and the characters LIKE patterns and SQL quote.
 */
const sweepPoison = poisonCharacters.filter((c) =>
  ["\u0000", "\uD800", "\u202E", "%", "_", "\\", "'"].includes(c),
);

/** The GET routes that read a query string. */
const queryRoutes = new Set([
  "/api/support/get_message/:email/",
  "/api/agent/conversations",
  "/api/agent/conversations/:id/messages",
  "/api/agent/contact-messages",
]);

/** Query strings for the GET routes: the parameters they read, given values they do not expect. */
const sweepQueries = [
  "after=-1",
  "after=1.5",
  "after=1e309",
  "after=99999999999999999999",
  "after=%00",
  "after=1&after=2",
  "after[]=1",
  "state=closed",
  "state=%00",
  "state=open&state=ended",
  "filter=%00",
  "filter=unread&filter=all",
  "q=%00",
  "q=a%00b",
  "q=%25%5F%5C",
  "q=%ED%A0%80",
  `q=${"%F0%9F%98%80".repeat(2000)}`,
  "q[]=a",
  "__proto__[x]=1",
  "constructor[prototype][x]=1",
];

interface WireRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

interface WireAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One request over a kept-alive connection; rejects when no answer comes. */
function send(port: number, agent: Agent, req: WireRequest): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers };
    if (req.body) headers["content-length"] = String(req.body.length);
    let answered = false;
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, method: req.method, path: req.path, headers, agent },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    outgoing.setTimeout(REQUEST_TIMEOUT_MS, () =>
      outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
    );
    // The server may answer (413, 401) and close before a large body is written: not a failure.
    outgoing.on("error", (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(req.body);
  });
}

function describeRequest(req: WireRequest): string {
  return `${req.label}: ${req.method} ${req.path.slice(0, 200)} headers=${JSON.stringify(req.headers).slice(0, 300)} body=${
    req.body ? JSON.stringify(req.body.subarray(0, 200).toString("utf8")) : "none"
  }${req.body && req.body.length > 200 ? ` (${req.body.length} bytes)` : ""}`;
}

/** What is wrong with an answer, or nothing. */
function answerProblems(req: WireRequest, answer: WireAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}: ${answer.text.slice(0, 300)}`);
  problems.push(...securityHeaderProblems(answer.headers));
  const underApi = req.path.startsWith("/api/") || req.path.startsWith("/ws/");
  // The contact form posted without JavaScript is answered with a page, on purpose.
  const formPage =
    req.path.startsWith("/api/support/contact_us") &&
    String(answer.headers["content-type"]).startsWith("text/html");
  if (answer.status >= 400 && underApi && req.method !== "HEAD" && !formPage) {
    problems.push(...errorEnvelopeProblems(answer.status, answer.text));
  }
  return problems;
}

/** Requests an HTTP client will not send: each is written as raw bytes on its own connection. */
const rawRequests: { label: string; bytes: Buffer }[] = [
  ["undecodable path", "GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
  [
    "Content-Length far beyond the body",
    'POST /api/support/check_chat_email HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\nConnection: close\r\n\r\n{"email":"a@b.example"}',
  ],
  [
    "Content-Length shorter than the body",
    'POST /api/support/check_chat_email HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{"email":"a@b.example"}',
  ],
  [
    "negative Content-Length",
    "POST /api/support/contact_us HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\nConnection: close\r\n\r\n{}",
  ],
  [
    "two Content-Lengths",
    "POST /api/support/contact_us HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n{}",
  ],
  [
    "Content-Length and chunked",
    "POST /api/support/contact_us HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
  ],
  [
    "broken chunk size",
    "POST /api/support/contact_us HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
  ],
  [
    "chunked body of a megabyte",
    `POST /api/support/contact_us HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n100000\r\n${"x".repeat(0x100000)}\r\n0\r\n\r\n`,
  ],
  [
    "header without a colon",
    "GET /healthz HTTP/1.1\r\nHost: x\r\nNot A Header\r\nConnection: close\r\n\r\n",
  ],
  [
    "NUL in a header",
    "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\nConnection: close\r\n\r\n",
  ],
  [
    "folded header",
    "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\nConnection: close\r\n\r\n",
  ],
  [
    "header of 40 KB",
    `GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: ${"a".repeat(40_000)}\r\nConnection: close\r\n\r\n`,
  ],
  [
    "unknown method",
    "BREW /api/support/contact_us HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
  ],
  ["unknown HTTP version", "GET /healthz HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n"],
  [
    "absolute-form target",
    "GET http://evil.example/api/agent/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
  ],
  ["asterisk target", "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
  ["space in the path", "GET /api/support /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"],
  [
    "raw UTF-8 in the path",
    "GET /api/support/get_message/\u00e9\u{1F600}/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
  ],
  ["HTTP/1.0 without Host", "GET /api/agent/me HTTP/1.0\r\n\r\n"],
  [
    "Expect: 100-continue",
    "POST /api/support/check_chat_email HTTP/1.1\r\nHost: x\r\nOrigin: http://localhost:3000\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n{}",
  ],
  [
    "pipelined requests",
    "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /api/agent/me HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
  ],
  [
    "upgrade request to an API route",
    "GET /api/agent/me HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
  ],
  [
    "upgrade request with an undecodable path",
    "GET /ws/support/%E0%A4%A/ HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
  ],
  [
    "upgrade request to the site",
    "GET /pricing HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n",
  ],
  ["binary garbage", "\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003"],
].map(([label, text]) => ({
  label: label as string,
  bytes: Buffer.from(text as string, "latin1"),
}));

/**
 * Writes raw bytes and reads until the server closes the connection, which every raw request asks
 * for (Connection: close, HTTP/1.0, or bytes that are not HTTP); `closed` is false when the server
 * still held it open after REQUEST_TIMEOUT_MS.
 */
function rawExchange(port: number, bytes: Buffer): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    const chunks: Buffer[] = [];
    let closed = true;
    const timer = setTimeout(() => {
      closed = false;
      socket.destroy();
    }, REQUEST_TIMEOUT_MS);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString("latin1"), closed });
    });
  });
}

/** The answers in a raw exchange (several when pipelined): status line and headers of each. */
function rawAnswers(text: string): { status: number; headers: Record<string, string> }[] {
  const answers: { status: number; headers: Record<string, string> }[] = [];
  for (const match of text.matchAll(/HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n([\s\S]*?)\r\n\r\n/g)) {
    const headers: Record<string, string> = {};
    for (const line of (match[2] ?? "").split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    answers.push({ status: Number(match[1]), headers });
  }
  return answers;
}

const hostileOrigin = fc.constantFrom(
  "null",
  "http://evil.example",
  "http://localhost:3000.evil.example",
  "HTTP://LOCALHOST:3000",
  "",
  "garbage",
);
const hostileForwardedFor = fc.constantFrom(
  "not-an-ip",
  "",
  "1.2.3.4, garbage",
  "::1",
  "[::1]:80",
  "999.999.999.999",
  "a".repeat(2000),
  "10.0.0.1, 10.0.0.2, 10.0.0.3",
);
const extraHeaders = fc.constantFrom<Record<string, string>>(
  {},
  { "accept-encoding": "br;q=2, gzip;q=-1, *;q=abc" },
  { "if-none-match": "*" },
  { "if-none-match": `"${"a".repeat(4000)}"` },
  { range: "bytes=0-1,2-3,-5" },
  { accept: "text/html" },
  { "x-forwarded-proto": "gopher" },
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "garbage" },
  { connection: "upgrade", upgrade: "websocket" },
  { "transfer-encoding": "gzip" },
);

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`HTTP fuzz (${store.name})`, () => {
    let server: ChatServer;
    let app: FastifyInstance;
    let port: number;
    let keepAlive: Agent;
    let processWatch: ProcessWatch;
    let logs: LogWatch;
    let sample: Sample;
    let visitor: ClientBrowser;
    let admin: ClientBrowser;
    const registered: string[] = [];

    let admins = 0;
    /**
     * Signs in a new admin, created in the database: the fuzz signs admins out, gives them new
     * passwords and runs up their failed tries (POST /api/agent/me/password), which would lock the
     * same address out of signing in again.
     */
    async function freshAdmin(): Promise<void> {
      admins += 1;
      const email = `fuzz.admin.${admins}@hourline.example`;
      await createAgent(app.database.db, {
        email,
        name: `Fuzz Admin ${admins}`,
        role: "admin",
        passwordHash: await hashPassword(strongPassword),
      });
      admin = (await signIn(server, email, strongPassword)).browser;
    }

    /**
     * Sends one request and throws with the request described when anything is wrong: no answer,
     * a bad answer, an error logged, an unhandled rejection. Signs a new admin in when the request
     * may have ended the admin's session.
     */
    async function exchange(req: WireRequest, route: string): Promise<WireAnswer> {
      let answer: WireAnswer;
      try {
        answer = await send(port, keepAlive, req);
      } catch (error) {
        throw new Error(`no answer (${(error as Error).message}) to ${describeRequest(req)}`);
      }
      const problems = [...answerProblems(req, answer), ...processWatch.problems, ...logs.errors];
      if (problems.length > 0) {
        throw new Error(`${problems.join("\n")}\nfor ${describeRequest(req)}`);
      }
      const mayHaveSignedOut = route === "/api/agent/logout" || route.endsWith("/password");
      if (mayHaveSignedOut && (await admin.get("/api/agent/me")).status === 401) {
        await freshAdmin();
      }
      return answer;
    }

    /** The route's path with `params` in place of its parameters (raw, as sent). */
    function pathOf(route: string, params: Record<string, string>): string {
      let path = route;
      for (const [name, value] of Object.entries(params)) {
        path = name === "*" ? path.replace("*", value) : path.replace(`:${name}`, value);
      }
      return path;
    }

    beforeAll(async () => {
      processWatch = watchProcess();
      logs = watchLogs();
      server = await recordingRoutes(registered, () =>
        startChatServerOn(store, CONSOLE_ENV, {
          logger: logs.logger,
          chat: { makeOtp: () => FUZZ_OTP },
        }),
      );
      app = server.app;
      port = Number(new URL(server.baseUrl).port);
      keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });

      const email = uniqueEmail("fuzz");
      visitor = new ClientBrowser(server);
      await visitor.post("/api/support/otp_generate_chat", { email });
      await visitor.post("/api/client/verify_otp", { email, otp: FUZZ_OTP });
      const registeredVisitor = await visitor.post("/api/support/register", {
        username: "Fuzz Visitor",
        email,
      });
      const conversationId = (registeredVisitor.body as { conversation_id: number })
        .conversation_id;
      const upload = await uploadImage(server, visitor, "/api/support/upload", {
        data: await solid("png"),
        filename: "a.png",
        type: "image/png",
      });
      const uploadName =
        String((upload.body as { url: string }).url)
          .split("/")
          .at(-1) ?? "";

      await freshAdmin();
      const target = await addAgent(admin, {
        email: "target@hourline.example",
        name: "Target",
        password: strongPassword,
      });
      const contact = new ClientBrowser(server);
      await contact.post("/api/support/contact_us", {
        name: "Asha Rao",
        email: "asha@example.com",
        message: "A message to mark as read.",
      });
      const contacts = await admin.get("/api/agent/contact-messages");
      const canned = await admin.post("/api/agent/canned-replies", {
        title: "Hello",
        body: "Hello!",
      });
      sample = {
        visitorEmail: email,
        conversationId,
        contactId: (contacts.body as { id: number }[])[0]?.id ?? 0,
        cannedReplyId: (canned.body as { reply: { id: number } }).reply.id,
        targetAgentId: target.id,
        uploadName,
      };
      expect(Object.values(sample).every((v) => v !== 0 && v !== "")).toBe(true);
    });

    afterAll(async () => {
      processWatch?.stop();
      keepAlive?.destroy();
      await server?.close();
    });

    it("has a row for every HTTP route under /api and /ws", () => {
      const table = new Set(endpoints.map((e) => `${e.method} ${e.route}`));
      const apiRoutes = registered.filter((r) => {
        const [method = "", url = ""] = r.split(" ");
        if (method === "HEAD" || url.endsWith("/*")) return false;
        return (
          url.startsWith("/api/") ||
          url.startsWith("/ws/") ||
          url === "/healthz" ||
          url === "/readyz"
        );
      });
      expect(apiRoutes.length).toBeGreaterThan(30);
      expect(apiRoutes.filter((r) => !table.has(r))).toEqual([]);
      expect([...table].filter((r) => !r.endsWith("/*") && !apiRoutes.includes(r))).toEqual([]);
    });

    it("answers every field of every body, and every query, given each hostile value", async () => {
      const both = () => `${visitor.cookieHeader()}; ${admin.cookieHeader()}`;
      const asBoth = (
        endpoint: Endpoint,
        label: string,
        query: string,
        body: RawBody | undefined,
      ): WireRequest => ({
        label: `${endpoint.method} ${endpoint.route}: ${label}`,
        method: endpoint.method,
        path: pathOf(endpoint.route, endpoint.params?.(sample) ?? {}) + (query ? `?${query}` : ""),
        headers: {
          origin: ORIGIN,
          "x-forwarded-for": nextClientIp(),
          cookie: both(),
          ...(body?.contentType ? { "content-type": body.contentType } : {}),
        },
        body: body?.body,
      });
      const jsonBody = (value: Record<string, unknown>): RawBody => ({
        label: "JSON",
        contentType: "application/json",
        body: Buffer.from(toJsonText(value)),
      });
      let sent = 0;
      for (const endpoint of endpoints) {
        if (endpoint.body) {
          const valid = endpoint.body(sample);
          for (const [field, value] of Object.entries(valid)) {
            const variants: [string, unknown][] = wrongTypes.map((v) => [toJsonText(v), v]);
            if (typeof value === "string") {
              for (const char of sweepPoison) {
                const at = Math.floor(value.length / 2);
                variants.push([
                  `${JSON.stringify(char)} inside`,
                  value.slice(0, at) + char + value.slice(at),
                ]);
              }
            }
            for (const [label, variant] of variants) {
              const body = jsonBody(objectOf([...Object.entries(valid), [field, variant]]));
              await exchange(
                asBoth(endpoint, `${field} = ${label.slice(0, 40)}`, "", body),
                endpoint.route,
              );
              sent += 1;
            }
            const without = objectOf(Object.entries(valid).filter(([k]) => k !== field));
            await exchange(
              asBoth(endpoint, `without ${field}`, "", jsonBody(without)),
              endpoint.route,
            );
            sent += 1;
          }
        } else if (queryRoutes.has(endpoint.route)) {
          for (const query of sweepQueries) {
            await exchange(asBoth(endpoint, `?${query}`, query, undefined), endpoint.route);
            sent += 1;
          }
        }
      }
      expect(sent).toBeGreaterThan(300);
    }, 120_000);

    it("answers hostile requests to every endpoint with a 4xx or better, in the API's shape", async () => {
      const cookieFor = (auth: Auth): string | undefined => {
        switch (auth) {
          case "none":
            return undefined;
          case "visitor":
            return visitor.cookieHeader();
          case "agent":
            return admin.cookieHeader();
          case "both":
            return `${visitor.cookieHeader()}; ${admin.cookieHeader()}`;
          case "forged":
            return [...visitor.cookies.keys(), ...admin.cookies.keys()]
              .map((name) => `${name}=${"A".repeat(43)}`)
              .join("; ");
        }
      };
      const bodyFor = (endpoint: Endpoint): fc.Arbitrary<RawBody | undefined> => {
        if (endpoint.multipart)
          return fc.oneof({ weight: 3, arbitrary: multipartGarbage }, hostileBody({}));
        if (endpoint.body) return hostileBody(endpoint.body(sample));
        return fc.option(hostileBody({ x: 1 }), { freq: 6, nil: undefined });
      };
      const paramsFor = (endpoint: Endpoint): fc.Arbitrary<Record<string, string>> => {
        const real = endpoint.params?.(sample) ?? {};
        const names = Object.keys(real);
        return fc
          .tuple(
            ...names.map((name) => fc.oneof(fc.constant(real[name] ?? ""), hostilePathSegment)),
          )
          .map((values) => Object.fromEntries(names.map((name, i) => [name, values[i] ?? ""])));
      };
      const requestArb = fc.constantFrom(...endpoints).chain((endpoint) =>
        fc.record({
          endpoint: fc.constant(endpoint),
          method: fc.oneof(
            { weight: 6, arbitrary: fc.constant(endpoint.method) },
            {
              weight: 1,
              arbitrary: fc.constantFrom<Method>(
                "GET",
                "HEAD",
                "POST",
                "PUT",
                "PATCH",
                "DELETE",
                "OPTIONS",
              ),
            },
          ),
          auth: fc.constantFrom<Auth>("none", "visitor", "agent", "agent", "both", "forged"),
          params: paramsFor(endpoint),
          query: fc.option(hostileQuery, { freq: 2, nil: undefined }),
          body: bodyFor(endpoint),
          origin: fc.option(hostileOrigin, { freq: 5, nil: undefined }),
          forwardedFor: fc.option(hostileForwardedFor, { freq: 8, nil: undefined }),
          extra: extraHeaders,
        }),
      );

      let sent = 0;
      const perRoute = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(requestArb, async (r) => {
          let path = pathOf(r.endpoint.route, r.params);
          if (r.query !== undefined) path += `?${r.query}`;
          const cookie = cookieFor(r.auth);
          const headers: Record<string, string> = {
            origin: r.origin ?? ORIGIN,
            "x-forwarded-for": r.forwardedFor ?? nextClientIp(),
            ...r.extra,
            ...(cookie ? { cookie } : {}),
            ...(r.body?.contentType !== undefined ? { "content-type": r.body.contentType } : {}),
          };
          await exchange(
            {
              label: `${r.endpoint.method} ${r.endpoint.route} as ${r.auth}, ${r.body?.label ?? "no body"}`,
              method: r.method,
              path,
              headers,
              body: r.body?.body,
            },
            r.endpoint.route,
          );
          sent += 1;
          perRoute.set(r.endpoint.route, (perRoute.get(r.endpoint.route) ?? 0) + 1);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(sent).toBe(RUNS);
      // Every endpoint was tried, not just the first few.
      expect(endpoints.filter((e) => !perRoute.has(e.route))).toEqual([]);
    }, 120_000);

    it("answers requests no HTTP client would send, without a 5xx, with the headers, then closes", async () => {
      for (const { label, bytes } of rawRequests) {
        const { text, closed } = await rawExchange(port, bytes);
        expect(closed, `${label}: the connection is closed after the answer`).toBe(true);
        for (const answer of rawAnswers(text)) {
          expect(answer.status, label).toBeLessThan(500);
          expect(securityHeaderProblems(answer.headers), label).toEqual([]);
        }
      }
      expect(processWatch.problems).toEqual([]);
      expect(logs.errors).toEqual([]);
    });

    it("still serves visitors and agents after the fuzz", async () => {
      expect(app.server.listening).toBe(true);
      await expectStillServing(server);
      expect(processWatch.problems).toEqual([]);
      expect(logs.errors).toEqual([]);
    });
  });
}
