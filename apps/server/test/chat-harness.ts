/**
 * Chat test harness: the real server listening on a port, a real SMTP sink, and "browsers" (a
 * cookie jar that sends our Origin) that talk to it over HTTP and real WebSockets.
 */
import type { ChatLanguage } from "@hourline/contracts/chat-languages";
import { formatMessage } from "@hourline/contracts/message-template";
import { brandName } from "../src/mail/brand-sender";
import { chatMailCopy } from "../src/mail/templates/chat-mail-copy";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";
import type { BuildOptions } from "../src/app";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "./smtp-sink";
import { freshPgSchema, PG_URL, testApp } from "./helpers";
import { redisEnv, redisFor } from "./redis-service";

/**
 * Asked once per test file, when a PostgreSQL run first starts. Without Redis (said loudly; under
 * CI a failure) the PostgreSQL runs use the in-process broker.
 */
let redisUp: Promise<boolean> | undefined;

export const ORIGIN = "http://localhost:3000";

export interface ChatServer {
  app: FastifyInstance;
  baseUrl: string;
  wsUrl: string;
  sink: SmtpSink;
  close(): Promise<void>;
}

export async function startChatServer(
  env: Record<string, string> = {},
  options: BuildOptions & { dataDir?: string; sink?: SmtpSink } = {},
): Promise<ChatServer> {
  const { sink: givenSink, ...buildOptions } = options;
  const sink = givenSink ?? (await startSmtpSink());
  const app = await testApp(
    { PUBLIC_URL: ORIGIN, SMTP_URL: sink.url, ...env },
    // Automatic assignment would give other tests' chats to their signed-in agents: the tests
    // of routing turn it on (chat.autoAssign).
    {
      mailWorker: { pollIntervalMs: 20 },
      ...buildOptions,
      chat: { autoAssign: false, ...buildOptions.chat },
    },
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    sink,
    async close() {
      await app.close();
      if (!givenSink) await sink.stop();
    },
  };
}

export { postgresFor, stores, type Store } from "./helpers";

/**
 * A chat server on SQLite in one process, or as one of several instances would run: on PostgreSQL
 * in a fresh schema that close() drops, with its chat events on Redis (a key prefix of its own)
 * when Redis answers. `schema` lets a second instance share the first one's database.
 */
export async function startChatServerOn(
  store: { pg: boolean },
  env: Record<string, string> = {},
  options: BuildOptions & { dataDir?: string; sink?: SmtpSink; schema?: string } = {},
): Promise<ChatServer & { schema?: string }> {
  const { schema: shared, ...rest } = options;
  if (!store.pg) return startChatServer(env, rest);
  redisUp ??= redisFor("the chat events of the PostgreSQL runs on Redis");
  env = { ...redisEnv(await redisUp), ...env };
  const fresh = shared ? undefined : await freshPgSchema();
  const schema = shared ?? (fresh?.schema as string);
  let server: ChatServer;
  try {
    server = await startChatServer({ ...env, DATABASE_URL: PG_URL }, { ...rest, pgSchema: schema });
  } catch (err) {
    // A server that never started leaves no schema behind either.
    await fresh?.drop();
    throw err;
  }
  return {
    ...server,
    schema,
    async close() {
      await server.close();
      await fresh?.drop();
    },
  };
}

/** One browser: its cookies, and our Origin on every request. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly server: { baseUrl: string; wsUrl: string },
    readonly origin = ORIGIN,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    const response = await fetch(`${this.server.baseUrl}${path}`, {
      method,
      headers: {
        origin: this.origin,
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  post(path: string, body: unknown = {}) {
    return this.request("POST", path, body);
  }

  get(path: string) {
    return this.request("GET", path);
  }

  socket(path: string, headers: Record<string, string> = {}): FrameSocket {
    return new FrameSocket(
      new WebSocket(`${this.server.wsUrl}${path}`, {
        headers: {
          origin: this.origin,
          ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
          ...headers,
        },
      }),
    );
  }
}

export type Frame = Record<string, unknown> & { message_type?: string };

/** A WebSocket that records every frame and lets a test wait for the one it expects. */
export class FrameSocket {
  readonly frames: Frame[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters = new Set<() => void>();

  constructor(readonly ws: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("unexpected-response", (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
      ws.once("error", reject);
    });
    this.closed = new Promise((resolve) =>
      ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const wake of this.waiters) wake();
    });
    ws.on("error", () => undefined);
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The first recorded frame (from `from` on) matching `match`, waiting for it if needed. */
  async next(match: (frame: Frame) => boolean, timeoutMs = 5000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`no matching frame; got ${JSON.stringify(this.frames).slice(0, 1500)}`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  ack(clientId: string, timeoutMs?: number): Promise<Frame> {
    return this.next((f) => f.message_type === "ack" && f.client_id === clientId, timeoutMs);
  }

  close(): void {
    this.ws.close();
  }
}

let counter = 0;
export function uniqueEmail(prefix = "visitor"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export function newClientId(): string {
  return `c${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.padEnd(12, "0");
}

/** The code mail's subject in every chat language. */
const codeSubjects = new Set(
  Object.values(chatMailCopy).map((copy) => formatMessage(copy.otpSubject, { brand: brandName })),
);

/** The 6-digit code in the newest code mail to `email` (in whichever language it is written). */
/** Follows a mail's link as a browser does, without following its redirect. */
export async function openLink(server: { baseUrl: string }, browser: Browser, path: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    redirect: "manual",
    headers: browser.cookies.size ? { cookie: browser.cookieHeader() } : {},
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    browser.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return { status: response.status, headers: response.headers };
}

export async function codeFromMail(sink: SmtpSink, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail: ReceivedMail | undefined = sink.messages
      .slice(after)
      .filter((m) => m.envelopeTo.includes(email) && codeSubjects.has(m.header("subject") ?? ""))
      .at(-1);
    const code = mail?.text?.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mail for ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Proves `email` in `browser` with a code read from the SMTP sink. */
export async function verifyVisitor(
  browser: Browser,
  sink: SmtpSink,
  email: string,
  language?: ChatLanguage,
) {
  const before = sink.messages.length;
  const sent = await browser.post("/api/support/otp_generate_chat", {
    email,
    ...(language ? { language } : {}),
  });
  if (sent.status !== 200) throw new Error(`otp_generate_chat: ${JSON.stringify(sent.body)}`);
  const otp = await codeFromMail(sink, email, before);
  const verified = await browser.post("/api/client/verify_otp", { email, otp });
  if (verified.status !== 200) throw new Error(`verify_otp: ${JSON.stringify(verified.body)}`);
}

/** A verified, registered visitor with an open socket. */
export async function chattingVisitor(
  server: Pick<ChatServer, "baseUrl" | "wsUrl" | "sink">,
  name = "Asha Rao",
  email = uniqueEmail(),
  { transcript = false }: { transcript?: boolean } = {},
) {
  const browser = new Browser(server);
  await verifyVisitor(browser, server.sink, email);
  const registered = await browser.post("/api/support/register", {
    username: name,
    email,
    ...(transcript ? { transcript } : {}),
  });
  if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const socket = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
  await socket.opened;
  await socket.next((f) => f.message_type === "presence");
  return {
    browser,
    email,
    socket,
    conversationId: (registered.body as { conversation_id: number }).conversation_id,
  };
}

/** A signed-in agent (created through the bootstrap variables) with an open socket. */
export async function connectedAgent(
  server: Pick<ChatServer, "baseUrl" | "wsUrl" | "sink">,
  email = "lead@hourline.example",
  password = "correct horse battery",
) {
  const browser = new Browser(server);
  const login = await browser.post("/api/agent/login", { email, password });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  const socket = browser.socket("/ws/agent/");
  await socket.opened;
  return { browser, socket, agent: (login.body as { agent: { name: string; id: number } }).agent };
}

export const AGENT_ENV = {
  BOOTSTRAP_AGENT_EMAIL: "lead@hourline.example",
  BOOTSTRAP_AGENT_PASSWORD: "correct horse battery",
};

/** A browser behind the trusted proxy, whose requests come from `ip` (as X-Forwarded-For says). */
export class BrowserAt extends Browser {
  constructor(
    server: ChatServer,
    private readonly ip: string,
  ) {
    super(server);
  }
  override request(method: string, path: string, body?: unknown, headers = {}) {
    return super.request(method, path, body, { "x-forwarded-for": this.ip, ...headers });
  }
}

/** A logger option that keeps every line the app writes, for tests that read the log. */
export function capturedLog(level = "info"): { lines: string[]; logger: BuildOptions["logger"] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
