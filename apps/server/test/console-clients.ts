/**
 * Helpers for the support console's tests, on top of chat-harness.ts: a server that trusts
 * X-Forwarded-For from 127.0.0.1 (as behind the load balancer) with browsers that each send their
 * own client address, so the per-IP limits (sign-in, codes, uploads) count every test client apart;
 * agents signed in and added through the API; the session row behind a browser's cookie; and an
 * image sent the way the console sends it.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { AgentAccount } from "@hourline/contracts/console";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { hashSessionToken } from "../src/auth/session-tokens";
import {
  AGENT_ENV,
  Browser,
  ORIGIN,
  startChatServerOn,
  type ChatServer,
  type FrameSocket,
} from "./chat-harness";

/** The chat server's environment for console tests: the bootstrap admin, and a trusted proxy. */
export const CONSOLE_ENV = { ...AGENT_ENV, TRUST_PROXY: "127.0.0.1" };

/** The bootstrap admin of CONSOLE_ENV. */
export const ADMIN = {
  email: AGENT_ENV.BOOTSTRAP_AGENT_EMAIL,
  password: AGENT_ENV.BOOTSTRAP_AGENT_PASSWORD,
  name: "Support",
} as const;

export const SIGN_IN = { status: 401, error: { code: "unauthorized", message: "Please sign in." } };

export const INCORRECT = {
  status: 401,
  error: { code: "unauthorized", message: "The e-mail or password is incorrect." },
};

/**
 * A chat server for console tests on SQLite, or on PostgreSQL in a fresh schema that close() drops.
 */
export function startConsoleServer(
  store: { pg: boolean },
  options: { dataDir?: string } = {},
): Promise<ChatServer> {
  return startChatServerOn(store, CONSOLE_ENV, options);
}

let lastIp = 0;
/** A client address no other browser of this test file uses. */
export function nextClientIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A Browser (chat-harness.ts) that sends X-Forwarded-For with an address of its own. */
export class ClientBrowser extends Browser {
  readonly ip = nextClientIp();

  override request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return super.request(method, path, body, { "x-forwarded-for": this.ip, ...headers });
  }

  patch(path: string, body: unknown): Promise<Answer> {
    return this.request("PATCH", path, body);
  }

  put(path: string, body: unknown): Promise<Answer> {
    return this.request("PUT", path, body);
  }

  delete(path: string): Promise<Answer> {
    return this.request("DELETE", path);
  }
}

export interface SignedIn {
  browser: ClientBrowser;
  agent: AgentProfile;
}

/** Signs in through POST /api/agent/login in a new browser; throws unless that answers 200. */
export async function signIn(
  server: ChatServer,
  email: string,
  password: string,
): Promise<SignedIn> {
  const browser = new ClientBrowser(server);
  const login = await browser.post("/api/agent/login", { email, password });
  if (login.status !== 200) throw new Error(`login ${email}: ${JSON.stringify(login.body)}`);
  return { browser, agent: (login.body as { agent: AgentProfile }).agent };
}

/** The agent socket of a signed-in browser, open. */
export async function agentSocket(browser: Browser): Promise<FrameSocket> {
  const socket = browser.socket("/ws/agent/");
  await socket.opened;
  return socket;
}

/** Adds an agent through the admin API (POST /api/agent/agents); throws unless that answers 201. */
export async function addAgent(
  admin: ClientBrowser,
  agent: { email: string; name: string; password: string; role?: "admin" | "agent" },
): Promise<AgentAccount> {
  const created = await admin.post("/api/agent/agents", { role: "agent", ...agent });
  if (created.status !== 201)
    throw new Error(`add ${agent.email}: ${JSON.stringify(created.body)}`);
  return (created.body as { agent: AgentAccount }).agent;
}

/** The agent_sessions row id behind the browser's agent cookie (found by the token's hash). */
export async function sessionIdOf(app: FastifyInstance, browser: Browser): Promise<number> {
  const token = browser.cookies.get(app.agentSessions.cookieName);
  if (!token) throw new Error("the browser has no agent session cookie");
  const row = await app.database.db
    .selectFrom("agent_sessions")
    .select("id")
    .where("token_hash", "=", hashSessionToken(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves the session's absolute end into the past, as if its 7 days were over. */
export async function expireSession(app: FastifyInstance, browser: Browser): Promise<void> {
  const id = await sessionIdOf(app, browser);
  await app.database.db
    .updateTable("agent_sessions")
    .set({ expires_at: Date.now() - 1 })
    .where("id", "=", id)
    .execute();
}

export interface ImageFile {
  data: Buffer;
  filename: string;
  type: string;
}

/** One image as multipart/form-data in the field `file`, from the browser, with its cookies. */
export function multipartImage({ data, filename, type }: ImageFile): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}

/** POSTs one image as the console does (multipart, our Origin, the browser's cookies). */
export async function uploadImage(
  server: ChatServer,
  browser: ClientBrowser,
  path: string,
  file: ImageFile,
): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: {
      origin: ORIGIN,
      "x-forwarded-for": browser.ip,
      ...(browser.cookies.size ? { cookie: browser.cookieHeader() } : {}),
    },
    body: multipartImage(file),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, headers: response.headers };
}

/** GETs a URL with the browser's cookies and returns the raw bytes (for served images). */
export async function fetchBytes(
  server: ChatServer,
  browser: ClientBrowser,
  path: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: {
      origin: ORIGIN,
      "x-forwarded-for": browser.ip,
      ...(browser.cookies.size ? { cookie: browser.cookieHeader() } : {}),
    },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * A request through app.inject with the browser's cookies, address and our Origin, for bodies that
 * Browser.request cannot send (not JSON, or not the JSON content type).
 */
export function injectAs(
  server: ChatServer,
  browser: ClientBrowser,
  request: { method: "POST" | "PATCH"; url: string; payload: string; contentType: string },
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: browser.ip,
    headers: {
      origin: ORIGIN,
      cookie: browser.cookieHeader(),
      "content-type": request.contentType,
    },
    payload: request.payload,
  });
}
