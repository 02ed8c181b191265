/**
 * Several instances behind a load balancer, for real: Debian's nginx with deploy/nginx's files in
 * front of two instances on PostgreSQL and Redis. The visitor's Chromium goes through nginx (to
 * instance A); the agent is on instance B. They chat both ways, with typing and an image; then A
 * restarts (SIGTERM, as in a rolling deploy), the widget reconnects through nginx to B by itself,
 * nothing is lost or shown twice, and the agent ends the chat.
 */
import sharp from "sharp";
import { AgentSocket, agentSignIn } from "./support/agent-client";
import { chatPanel, expect, openChat, startChat, test, visitorEmail } from "./support/chat-widget";
import { missingService, nginxUrl, startStack, type Stack } from "./support/instances-behind-nginx";

const missing = await missingService();
if (missing) {
  if (process.env.CI) throw new Error(`the nginx test must run under CI, but ${missing}.`);
  console.warn(`SKIPPING the multi-instance nginx test: ${missing}.`);
}

test.use({ baseURL: nginxUrl });

test.describe("two instances behind nginx", () => {
  // Without nginx, PostgreSQL or Redis (outside CI) the suite has said so above and defines nothing.
  if (missing) return;
  let stack: Stack;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startStack();
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test("a visitor through nginx and an agent on the other instance chat, with a restart between", async ({
    page,
    guard,
  }, testInfo) => {
    test.setTimeout(120_000);
    // While instance A restarts, the browser logs the socket that went away.
    guard.allowConsole(/WebSocket connection to .* failed|Failed to load resource/);
    try {
      const b = stack.instance.b;
      await page.goto("/");
      const dialog = await openChat(page);
      const { conversationId } = await startChat(page, dialog, {
        name: "Ines Duarte",
        email: visitorEmail("nginx"),
      });
      const panel = chatPanel(dialog);
      const agent = await AgentSocket.connect(b.url, await agentSignIn(b.url, nginxUrl), nginxUrl);
      const fromVisitor = (text: string) => (f: Record<string, unknown>) =>
        f.message_type === "message" &&
        f.conversation_id === conversationId &&
        typeof f.message === "string" &&
        f.message.includes(text);

      await panel.editor.fill("Hello through nginx");
      await panel.editor.press("Enter");
      await expect(panel.messages.last().getByText("Sent")).toBeVisible();
      await agent.waitFor(fromVisitor("Hello through nginx"));

      agent.typing(conversationId, true);
      await expect(dialog.getByText("Support is typing…")).toBeVisible();
      expect(
        (await agent.reply(conversationId, "Hello from the other instance")).message_type,
      ).toBe("ack");
      await expect(panel.messages.last()).toContainText("Hello from the other instance");

      // An image uploaded through nginx to A, shown in the widget and served by B to the agent.
      const png = await sharp({
        create: { width: 120, height: 80, channels: 3, background: "#0f766e" },
      })
        .png()
        .toBuffer();
      await panel.imageInput.setInputFiles({
        name: "plan.png",
        mimeType: "image/png",
        buffer: png,
      });
      const image = panel.messages.last().locator("img");
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(120);
      const frame = await agent.waitFor(
        (f) =>
          f.message_type === "message" &&
          f.conversation_id === conversationId &&
          f.msg_type === "image",
      );
      const src = /src="([^"]+)"/.exec(String(frame.message))?.[1] ?? "";
      const cookie = await agentSignIn(b.url, nginxUrl);
      const served = await fetch(`${b.url}${src}`, { headers: { cookie } });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");

      // A rolling restart: A stops cleanly, the widget reconnects through nginx (now to B). The
      // line is not awaited: a failover that heals within 2 s shows no "Reconnecting" (0054).
      await stack.instance.a.stop("SIGTERM");
      await panel.editor.fill("Typed while the instance restarted");
      await panel.editor.press("Enter");
      await expect(panel.connection).toHaveText("Connected", { timeout: 45_000 });
      await expect(panel.messages.last().getByText("Sent")).toBeVisible();
      await agent.waitFor(fromVisitor("Typed while the instance restarted"));
      await agent.reply(conversationId, "Still here after the restart");
      await expect(panel.messages.last()).toContainText("Still here after the restart");
      for (const text of [
        "Hello through nginx",
        "Hello from the other instance",
        "Typed while the instance restarted",
        "Still here after the restart",
      ]) {
        await expect(panel.messages.filter({ hasText: text })).toHaveCount(1);
      }
      const stored = await agent.messages(conversationId);
      expect(stored).toHaveLength(5);

      agent.endChat(conversationId);
      await expect(
        dialog.getByText(/^The Hourline support team ended this chat at /),
      ).toBeVisible();
      await expect(panel.editor).toHaveCount(0);
      await agent.close();
    } finally {
      await testInfo.attach("processes", { body: stack.output() });
    }
  });
});
