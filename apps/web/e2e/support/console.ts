/**
 * The support console's browser tests: their own server (consoleUrl, see e2e-env.ts), agents signed
 * in through the real API, console pages for them, visitors in the real widget, and a visitor's
 * socket driven from Node. Every client brings its own address in X-Forwarded-For (the console's
 * server trusts a proxy on loopback), so the per-IP limits on sign-ins and codes count each one
 * apart.
 */
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import WebSocket from "ws";
import { expectNoAxeViolations, test as base, watchPage, expect } from "../fixtures";
import { chatPanel, openChat, startChat, visitorEmail } from "./chat-widget";
import { clientIp, consoleUrl, e2eAgent, onDemandTimeout } from "./e2e-env";
import { nextChatCode } from "./mailbox";

export { clientIp, consoleUrl, e2eAgent, expect, expectNoAxeViolations, visitorEmail };

export async function api(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; ip?: string } = {},
) {
  const response = await fetch(`${consoleUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      origin: consoleUrl,
      "x-forwarded-for": init.ip ?? clientIp(),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return response;
}

/** Signs an agent in through the API; returns the session cookie ("hl_agent=..."). */
export async function apiSignIn(email: string, password: string): Promise<string> {
  const response = await api("/api/agent/login", { body: { email, password } });
  if (response.status !== 200) {
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  }
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("hl_agent="));
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie.split(";")[0] as string;
}

export interface TestAgent {
  id: number;
  name: string;
  email: string;
  password: string;
  cookie: string;
}

/** A new agent, added by the bootstrap admin through the admin API, and signed in. */
export async function newAgent(
  adminCookie: string,
  name: string,
  role: "agent" | "admin" = "agent",
): Promise<TestAgent> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}-${randomUUID().slice(0, 6)}@hourline.example`;
  const password = `pw-${randomUUID()}`;
  const response = await api("/api/agent/agents", {
    body: { email, name, role, password },
    cookie: adminCookie,
  });
  if (response.status !== 201) {
    throw new Error(`creating an agent answered ${response.status}: ${await response.text()}`);
  }
  const { agent } = (await response.json()) as { agent: { id: number } };
  return { id: agent.id, name, email, password, cookie: await apiSignIn(email, password) };
}

export interface ClientPage {
  context: BrowserContext;
  page: Page;
  guard: Awaited<ReturnType<typeof watchPage>>;
}

/**
 * A browser context of its own (its own cookies and client address) on the console's server, with
 * the same guard as every test page. With `cookie`, an agent's session is already in it.
 */
export async function newClient(browser: Browser, cookie?: string): Promise<ClientPage> {
  const context = await browser.newContext({
    baseURL: consoleUrl,
    extraHTTPHeaders: { "x-forwarded-for": clientIp() },
    viewport: { width: 1366, height: 860 },
  });
  if (cookie) {
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: consoleUrl, httpOnly: true, sameSite: "Lax" }]);
  }
  const page = await context.newPage();
  const guard = await watchPage(page, consoleUrl);
  // A console asks who is signed in before anything else; "not yet" is a 401 the browser logs.
  guard.allowConsole(/status of 401/);
  return { context, page, guard };
}

/** The console's pieces, found the way a person finds them. */
export function consoleUi(page: Page) {
  const view = page.getByTestId("conversation-view");
  return {
    connection: page.getByTestId("console-connection"),
    nav: page.getByRole("navigation", { name: "Console" }),
    openTab: page.getByRole("tab", { name: /^Open/ }),
    endedTab: page.getByRole("tab", { name: /^Ended/ }),
    items: page.getByTestId("conversation-item"),
    item: (name: string) => page.getByTestId("conversation-item").filter({ hasText: name }),
    view,
    messages: view.getByTestId("console-message"),
    editor: view.getByRole("textbox", { name: "Reply" }),
    imageInput: view.getByTestId("reply-image-input"),
    typing: view.getByTestId("console-typing"),
    endChat: view.getByRole("button", { name: "End chat" }),
    ended: view.getByTestId("conversation-ended"),
    presence: view.getByTestId("conversation-presence"),
  };
}

/** Opens the console signed in (through its cookie) and waits until it is live. */
export async function openConsole(page: Page, path = "/console") {
  await page.goto(path);
  await expect(consoleUi(page).connection).toHaveText("Connected", { timeout: onDemandTimeout });
}

/** A visitor in the real widget on the console's server, registered and connected. */
export async function visitorChat(
  page: Page,
  visitor: { name: string; email?: string; transcript?: boolean },
) {
  const email = visitor.email ?? visitorEmail("console");
  await page.goto("/");
  const dialog = await openChat(page);
  const started = await startChat(page, dialog, { ...visitor, email });
  return { dialog, panel: chatPanel(dialog), email, ...started };
}

export async function send(editor: Locator, text: string) {
  await editor.fill(text);
  await editor.press("Enter");
}

/**
 * A visitor driven from Node: the code read from the mail, the session cookie from verify_otp, the
 * conversation from register, and sockets on /ws/support/{email}/ (several, like several tabs).
 */
export class NodeVisitor {
  private constructor(
    readonly email: string,
    readonly cookie: string,
    readonly conversationId: number,
    private readonly ip: string,
  ) {}

  static async register(name: string): Promise<NodeVisitor> {
    const email = visitorEmail("node");
    const ip = clientIp();
    const asked = await api("/api/support/otp_generate_chat", { body: { email }, ip });
    if (asked.status !== 200) throw new Error(`code request answered ${asked.status}`);
    // The code can only be spent with the nonce cookie the request set.
    const nonce = asked.headers
      .getSetCookie()
      .find((c) => c.startsWith("hl_code_nonce="))
      ?.split(";")[0];
    const verified = await api("/api/client/verify_otp", {
      body: { email, otp: await nextChatCode(email) },
      ...(nonce ? { cookie: nonce } : {}),
      ip,
    });
    const cookie = verified.headers
      .getSetCookie()
      .find((c) => c.startsWith("hl_chat="))
      ?.split(";")[0];
    if (verified.status !== 200 || !cookie) throw new Error(`verify answered ${verified.status}`);
    const registered = await api("/api/support/register", {
      body: { username: name, email },
      cookie,
      ip,
    });
    const user = (await registered.json()) as { conversation_id: number };
    return new NodeVisitor(email, cookie, user.conversation_id, ip);
  }

  async socket(): Promise<VisitorSocket> {
    const socket = new WebSocket(
      `${consoleUrl.replace(/^http/, "ws")}/ws/support/${encodeURIComponent(this.email)}/`,
      { headers: { cookie: this.cookie, "x-forwarded-for": this.ip }, origin: consoleUrl },
    );
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return new VisitorSocket(socket);
  }
}

export class VisitorSocket {
  private readonly frames: Record<string, unknown>[] = [];
  private waiters = new Set<() => void>();

  private closeCode = 0;

  constructor(private readonly socket: WebSocket) {
    socket.once("close", (code) => (this.closeCode = code));
    socket.on("message", (data) => {
      this.frames.push(JSON.parse(String(data)) as Record<string, unknown>);
      for (const wake of this.waiters) wake();
    });
  }

  /** Sends one message and waits for the server's ack or refusal. */
  async say(html: string): Promise<Record<string, unknown>> {
    const clientId = randomUUID().replace(/-/g, "");
    this.socket.send(
      JSON.stringify({
        sender: "",
        receiver: "null",
        message: html,
        msg_type: "text",
        client_id: clientId,
      }),
    );
    const match = (f: Record<string, unknown>) =>
      (f.message_type === "ack" || f.message_type === "error") && f.client_id === clientId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no answer within 10 s")), 10_000);
      const check = () => {
        const frame = this.frames.find(match);
        if (!frame) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(frame);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The close code once the server has closed the socket. */
  closedByServer(): Promise<number> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve(this.closeCode);
    return new Promise((resolve) => this.socket.once("close", (code) => resolve(code)));
  }

  /** Ends the chat as the visitor, and waits until the server says it ended. */
  async end(email: string): Promise<void> {
    this.socket.send(
      JSON.stringify({ message_type: "chat_end", target_email: email, user_type: "user" }),
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no chat_ended within 10 s")), 10_000);
      const check = () => {
        if (!this.frames.some((f) => f.message_type === "chat_ended")) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
      check();
    });
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }
}

/**
 * The console tests' fixtures: `admin` is the bootstrap admin's session cookie, signed in once per
 * worker; `clients` opens browser contexts (agents or visitors) and checks and closes them after
 * the test.
 */
export const test = base.extend<
  { clients: { open(cookie?: string): Promise<ClientPage> } },
  { admin: string }
>({
  admin: [
    // Playwright's fixture signature: the first argument lists the fixtures this one needs.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      await provide(await apiSignIn(e2eAgent.email, e2eAgent.password));
    },
    { scope: "worker" },
  ],
  clients: async ({ browser }, provide) => {
    const opened: ClientPage[] = [];
    await provide({
      async open(cookie) {
        const client = await newClient(browser, cookie);
        opened.push(client);
        return client;
      },
    });
    for (const client of opened) client.guard.verify();
    await Promise.all(opened.map((c) => c.context.close()));
  },
});
