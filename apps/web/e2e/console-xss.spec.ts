/**
 * Message HTML from visitors never runs in the console. The server's XSS corpus is sent by a
 * visitor (from Node, over several of the visitor's sockets, as several tabs would) and read by an
 * agent in the console, with a listener for every dialog a payload would open; then the same
 * payloads are served raw, as a server that forgot to sanitize would, to prove the console's own
 * sanitizer. Both without the page's CSP, so the sanitizers are what is tested; the list's previews
 * and the tab title show text only.
 */
import type { Page } from "@playwright/test";
import { chatLimits } from "@hourline/contracts/chat-message";
import { xssPayloads } from "../../server/test/xss-corpus";
import {
  consoleUi,
  consoleUrl,
  expect,
  NodeVisitor,
  openConsole,
  test,
  type VisitorSocket,
} from "./support/console";

// Without the page's CSP, so the sanitizers are what is tested.
test.use({ bypassCSP: true });

function watchForExecution(page: Page) {
  const ran: string[] = [];
  page.on("dialog", (dialog) => {
    ran.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return ran;
}

async function activeContent(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        "[data-testid=console-messages] *, [data-testid=conversation-list] *",
      ),
    ].flatMap((el) => [
      ...([
        "SCRIPT",
        "IFRAME",
        "OBJECT",
        "EMBED",
        "SVG",
        "MATH",
        "STYLE",
        "FORM",
        "BASE",
        "META",
        "LINK",
      ].includes(el.tagName.toUpperCase())
        ? [el.tagName]
        : []),
      ...[...el.attributes]
        .filter((a) => a.name.startsWith("on") || /^\s*javascript:/i.test(a.value))
        .map((a) => `${el.tagName}[${a.name}]`),
    ]),
  );
}

async function sayAll(sockets: VisitorSocket[], payloads: string[]) {
  const refused: string[] = [];
  await Promise.all(
    sockets.map(async (socket, lane) => {
      for (let i = lane; i < payloads.length; i += sockets.length) {
        const answer = await socket.say(payloads[i] as string);
        if (answer.code === "rate_limited") {
          i -= sockets.length;
          await new Promise((r) => setTimeout(r, 300));
        } else if (answer.message_type !== "ack") {
          refused.push(`${String(answer.code)}: ${payloads[i]}`);
        }
      }
    }),
  );
  return refused;
}

test(`${xssPayloads.length} XSS payloads from a visitor never run in the console`, async ({
  clients,
  admin,
}) => {
  test.setTimeout(180_000);
  const agent = await clients.open(admin);
  // Payloads that point at an upload of ours that does not exist.
  agent.guard.allowConsole(/status of 404/);
  const ran = watchForExecution(agent.page);
  const visitor = await NodeVisitor.register(`<img src=x onerror=alert("name")>Eve`);
  await openConsole(agent.page, `/console/conversations/${visitor.conversationId}`);
  const ui = consoleUi(agent.page);

  const sockets = await Promise.all(Array.from({ length: 8 }, () => visitor.socket()));
  const fitting = xssPayloads
    .filter((p) => p.length <= chatLimits.message - 20)
    .map((p, i) => `Payload ${i + 1}: ${p}`);
  const refused = await sayAll(sockets, fitting);
  await Promise.all(sockets.map((s) => s.close()));
  // The only refusals: images of an upload that is not this conversation's.
  for (const r of refused) expect(r).toMatch(/^forbidden: .*\/api\/support\/uploads\//);
  expect(refused.length).toBeLessThan(20);

  // Live, as they arrived.
  await expect(ui.messages).toHaveCount(fitting.length - refused.length, { timeout: 30_000 });
  await agent.page.waitForTimeout(500);
  expect(ran).toEqual([]);
  expect(await activeContent(agent.page)).toEqual([]);
  // The visitor's name is text wherever it is shown.
  await expect(ui.view.getByRole("heading", { level: 1 })).toHaveText(
    `<img src=x onerror=alert("name")>Eve`,
  );

  // And again from history, after a reload.
  await agent.page.reload();
  await expect(ui.messages).toHaveCount(fitting.length - refused.length, { timeout: 30_000 });
  await agent.page.waitForTimeout(500);
  expect(ran).toEqual([]);
  expect(await activeContent(agent.page)).toEqual([]);
  expect(agent.page.url()).toBe(`${consoleUrl}/console/conversations/${visitor.conversationId}`);
});

test("raw HTML from a server that forgot to sanitize is made safe in the console", async ({
  clients,
  admin,
}) => {
  const agent = await clients.open(admin);
  agent.guard.allowConsole(/status of 404/);
  const ran = watchForExecution(agent.page);
  const visitor = await NodeVisitor.register("Raw Tester");
  await agent.page.route(
    `**/api/agent/conversations/${visitor.conversationId}/messages**`,
    (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify(
          xssPayloads.map((payload, i) => ({
            id: i + 1,
            client_id: null,
            conversation_id: visitor.conversationId,
            sender: visitor.email,
            receiver: "null",
            message: payload,
            msg_type: "text",
            sender_username: "Raw Tester",
            sender_type: "visitor",
            created_at: Date.now(),
          })),
        ),
      }),
  );
  await openConsole(agent.page, `/console/conversations/${visitor.conversationId}`);
  const ui = consoleUi(agent.page);
  await expect(ui.messages).toHaveCount(xssPayloads.length);
  await agent.page.waitForTimeout(1000);
  expect(ran).toEqual([]);
  expect(await activeContent(agent.page)).toEqual([]);
  const foreign = await ui.view.evaluate((view) =>
    [...view.querySelectorAll("img")]
      .map((img) => img.getAttribute("src") ?? "")
      .filter((src) => !src.startsWith("/api/support/uploads/")),
  );
  expect(foreign).toEqual([]);
});
