/**
 * The chat where WebSocket upgrades are refused: Debian's nginx with deploy/nginx's files, told to
 * answer every upgrade with 403 (as some corporate proxies do), in front of two instances on
 * PostgreSQL and Redis. The widget finds the socket refused and carries on over server-sent events
 * and POSTs by itself; the agent, on the other instance, is on the fallback too. They chat both
 * ways with an image; instance A is killed and the widget comes back through nginx to B, still on
 * the fallback, losing and doubling nothing; the visitor ends the chat.
 */
import sharp from "sharp";
import { AgentEventStream, agentSignIn } from "./support/agent-client";
import { chatPanel, expect, openChat, startChat, test, visitorEmail } from "./support/chat-widget";
import { e2ePort } from "./support/e2e-env";
import {
  missingService,
  stackPorts,
  startStack,
  type Stack,
} from "./support/instances-behind-nginx";

const missing = await missingService();
if (missing) {
  if (process.env.CI) throw new Error(`the fallback test must run under CI, but ${missing}.`);
  console.warn(`SKIPPING the HTTP fallback test: ${missing}.`);
}

const ports = stackPorts(e2ePort + 44);
const nginxUrl = `http://127.0.0.1:${ports.nginx}`;
test.use({ baseURL: nginxUrl });

test.describe("the chat behind a proxy that refuses WebSocket upgrades", () => {
  if (missing) return;
  let stack: Stack;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startStack(ports, { refuseUpgrades: true });
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test("registers, chats both ways with an image over HTTP, survives a killed instance, ends", async ({
    page,
    guard,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The refused upgrades, and the stream of the instance that is killed.
    guard.allowConsole(
      /WebSocket connection to .* failed|Failed to load resource|net::ERR_INCOMPLETE_CHUNKED_ENCODING/,
    );
    const sockets: string[] = [];
    const streams: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    page.on("request", (request) => {
      if (request.url().includes("/sse/support/")) streams.push(request.method());
    });
    try {
      const b = stack.instance.b;
      await page.goto("/");
      const dialog = await openChat(page);
      const { conversationId } = await startChat(page, dialog, {
        name: "Tomás Okafor",
        email: visitorEmail("fallback"),
      });
      // The socket was tried and refused; the chat is open over the event stream.
      expect(sockets.length).toBeGreaterThan(0);
      expect(streams).toContain("GET");
      const panel = chatPanel(dialog);
      const agent = await AgentEventStream.connect(
        b.url,
        await agentSignIn(b.url, nginxUrl),
        nginxUrl,
      );
      const fromVisitor = (text: string) => (f: Record<string, unknown>) =>
        f.message_type === "message" &&
        f.conversation_id === conversationId &&
        typeof f.message === "string" &&
        f.message.includes(text);

      await panel.editor.fill("Hello from behind the proxy");
      await panel.editor.press("Enter");
      await expect(panel.messages.last().getByText("Sent")).toBeVisible();
      await agent.waitFor(fromVisitor("Hello from behind the proxy"));
      expect(streams).toContain("POST");

      expect((await agent.reply(conversationId, "Hello over the fallback")).message_type).toBe(
        "ack",
      );
      await expect(panel.messages.last()).toContainText("Hello over the fallback");

      const png = await sharp({
        create: { width: 90, height: 60, channels: 3, background: "#1d4ed8" },
      })
        .png()
        .toBuffer();
      await panel.imageInput.setInputFiles({
        name: "floor.png",
        mimeType: "image/png",
        buffer: png,
      });
      await expect(panel.messages.last().locator("img")).toBeVisible();
      await agent.waitFor(
        (f) =>
          f.message_type === "message" &&
          f.conversation_id === conversationId &&
          f.msg_type === "image",
      );

      // Instance A dies; nginx sends the widget's next stream and POSTs to B. The line is not
      // awaited: a failover that heals within 2 s shows no "Reconnecting" (decision 0054).
      await stack.instance.a.stop("SIGKILL");
      await panel.editor.fill("Written while an instance was down");
      await panel.editor.press("Enter");
      await expect(panel.connection).toHaveText("Connected", { timeout: 45_000 });
      await expect(panel.messages.last().getByText("Sent")).toBeVisible();
      await agent.waitFor(fromVisitor("Written while an instance was down"));
      await agent.reply(conversationId, "Still here on the other instance");
      await expect(panel.messages.last()).toContainText("Still here on the other instance");
      for (const text of [
        "Hello from behind the proxy",
        "Hello over the fallback",
        "Written while an instance was down",
        "Still here on the other instance",
      ]) {
        await expect(panel.messages.filter({ hasText: text })).toHaveCount(1);
      }

      await panel.endChat.click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: /Confirm|End chat/ })
        .click();
      const ended = await agent.waitFor(
        (f) => f.message_type === "chat_ended" && f.conversation_id === conversationId,
      );
      expect(ended.ended_by).toBe("visitor");
      agent.close();
    } finally {
      await testInfo.attach("processes", { body: stack.output() });
    }
  });
});
