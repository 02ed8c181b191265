/**
 * Visitor context: what the widget sends when a chat starts (the page, pages visited, time zone)
 * and what the server reads from the request (browser, device class) reaches the agent's view of
 * the conversation, cleaned; hostile values are dropped without losing the chat.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversationDetailAnswer } from "@hourline/contracts/console";
import { verifyVisitor, type ChatServer } from "./chat-harness";
import { ADMIN, ClientBrowser, signIn, startConsoleServer } from "./console-clients";
import { postgresFor, stores } from "./helpers";

const pgUp = await postgresFor("the visitor context tests");

const PIXEL_7_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC_SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

describe.each(stores)("visitor context on $name", (store) => {
  const run = !store.pg || pgUp;
  let server: ChatServer;
  let admin: ClientBrowser;

  beforeAll(async () => {
    if (!run) return;
    server = await startConsoleServer(store);
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).browser;
  });
  afterAll(async () => server?.close());

  async function register(email: string, context: unknown, userAgent: string) {
    const browser = new ClientBrowser(server);
    await verifyVisitor(browser, server.sink, email);
    const registered = await browser.request(
      "POST",
      "/api/support/register",
      { username: "Noor", email, context },
      { "user-agent": userAgent },
    );
    expect(registered.status).toBe(200);
    return { browser, id: (registered.body as { conversation_id: number }).conversation_id };
  }

  async function detail(id: number) {
    const answer = await admin.get(`/api/agent/conversations/${id}`);
    expect(answer.status).toBe(200);
    return (answer.body as ConversationDetailAnswer).visitor.context;
  }

  it.runIf(run)(
    "shows the agent the page, pages visited, browser, device and time zone",
    async () => {
      const { id } = await register(
        "noor@lakeside.example",
        {
          opened_on: "/pricing?plan=team#faq",
          pages: ["/", "/features/time-tracking", "/pricing"],
          time_zone: "europe/oslo",
          // What the page says of the browser does not count: the request's header does.
          browser: "Netscape 4",
          device: "tablet",
        },
        PIXEL_7_CHROME,
      );
      expect(await detail(id)).toEqual({
        opened_on: "/pricing",
        pages: ["/", "/features/time-tracking", "/pricing"],
        browser: "Chrome 131",
        device: "mobile",
        time_zone: "Europe/Oslo",
      });
    },
  );

  it.runIf(run)("drops the format controls that would spoof a path", async () => {
    const { id } = await register(
      "spoof@lakeside.example",
      { opened_on: "/pricing\u202Egnp.exe", pages: ["/a\u200Bb", "/api/agent/logout"] },
      MAC_SAFARI,
    );
    const context = await detail(id);
    expect(context.opened_on).toBe("/pricinggnp.exe");
    expect(context.pages).toEqual(["/ab", "/api/agent/logout"]);
  });

  it.runIf(run)("drops hostile values and still opens the chat", async () => {
    const { id } = await register(
      "mallory@lakeside.example",
      {
        opened_on: "javascript:alert(1)",
        pages: [
          "https://evil.example/phish",
          "//evil.example/x",
          "/\\evil.example",
          "/ok\u0000<script>",
          "/line\u2028break",
          `/${"a".repeat(400)}`,
          42,
          { path: "/" },
          ...Array.from({ length: 300 }, (_, i) => `/flood/${i}`),
          "/contact",
        ],
        time_zone: "Mars/Olympus_Mons",
      },
      MAC_SAFARI,
    );
    const context = await detail(id);
    expect(context.opened_on).toBeUndefined();
    expect(context.time_zone).toBeUndefined();
    // Only the newest twenty clean paths are kept.
    expect(context.pages).toHaveLength(20);
    expect(context.pages?.at(-1)).toBe("/contact");
    expect(context.pages?.every((p) => /^\/(?:flood\/\d+|contact)$/.test(p))).toBe(true);
    expect(context).toMatchObject({ browser: "Safari 17", device: "desktop" });
  });

  it.runIf(run)("opens the chat when the context is not even an object", async () => {
    for (const [email, context] of [
      ["a@lakeside.example", "not an object"],
      ["b@lakeside.example", ["/"]],
      ["c@lakeside.example", null],
    ] as const) {
      const { id } = await register(email, context, "curl/8.5.0");
      expect(await detail(id)).toEqual({});
    }
  });

  it.runIf(run)(
    "keeps the newer pages when the visitor registers again into the open chat",
    async () => {
      const email = "ravi@lakeside.example";
      const first = await register(email, { opened_on: "/", pages: ["/"] }, PIXEL_7_CHROME);
      const again = await first.browser.request(
        "POST",
        "/api/support/register",
        { username: "Ravi", email, context: { opened_on: "/leave", pages: ["/", "/leave"] } },
        { "user-agent": PIXEL_7_CHROME },
      );
      expect((again.body as { conversation_id: number }).conversation_id).toBe(first.id);
      expect(await detail(first.id)).toMatchObject({ opened_on: "/leave", pages: ["/", "/leave"] });
    },
  );
});
