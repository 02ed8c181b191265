/**
 * Ratings and the Reports screen in a real Chromium, on the console's server: a chat the agent
 * ends asks the visitor "How did we do?", again after a reload; the rating reaches the agents,
 * and the Reports screen shows the same figures as the JSON for that day, with a CSV that holds
 * them too. Axe on each state; with SCREENSHOTS=1 the rating and the Reports screen go to
 * docs/screenshots.
 */
import { readFileSync } from "node:fs";
import { AgentSocket } from "./support/agent-client";
import { shoot } from "./support/business-hours";
import { openChat } from "./support/chat-widget";
import {
  api,
  consoleUrl,
  expect,
  expectNoAxeViolations,
  test,
  visitorChat,
} from "./support/console";
import { onDemandTimeout } from "./support/e2e-env";

test("a chat ended by the agent is rated in the widget after a reload and shows in Reports", async ({
  clients,
  admin,
}) => {
  test.setTimeout(120_000);
  const agent = await AgentSocket.connect(consoleUrl, admin);
  try {
    const visitor = await clients.open();
    const chat = await visitorChat(visitor.page, { name: "Ravi Menon" });
    await chat.panel.editor.fill("Where do I see my leave balance?");
    await chat.panel.editor.press("Enter");
    expect((await agent.reply(chat.conversationId, "Under People, then Leave.")).message_type).toBe(
      "ack",
    );
    agent.endChat(chat.conversationId);

    const question = chat.dialog.getByRole("group", { name: "How did we do?" });
    await expect(question).toBeVisible();
    await expect(question.getByRole("radio")).toHaveCount(5);
    await expectNoAxeViolations(visitor.page);
    await shoot(visitor.page, "widget-rating.png");

    // The question survives a reload of the tab (the token waits in its storage).
    await visitor.page.reload();
    const dialog = await openChat(visitor.page);
    const again = dialog.getByRole("group", { name: "How did we do?" });
    await expect(again).toBeVisible({ timeout: onDemandTimeout });
    await again.getByRole("radio", { name: /Good$/ }).check();
    await dialog.getByLabel("Anything to add? (optional)").fill("Quick and clear.");
    await dialog.getByRole("button", { name: "Send rating" }).click();
    await expect(
      dialog.getByRole("status").filter({ hasText: "Thank you for your rating." }),
    ).toBeVisible();
    await expectNoAxeViolations(visitor.page);
    const detail = await api(`/api/agent/conversations/${chat.conversationId}`, { cookie: admin });
    expect(await detail.json()).toMatchObject({
      rating: { score: 4, comment: "Quick and clear." },
    });

    // The Reports screen for today (UTC) shows what the API computes, this chat included.
    const console = await clients.open(admin);
    await console.page.goto("/console/reports");
    const today = new Date().toISOString().slice(0, 10);
    const field = (name: string) => console.page.getByRole("textbox", { name, exact: true });
    await field("From").fill(today);
    await field("To").fill(today);
    await field("Time zone").fill("UTC");
    const figure = (label: string) =>
      console.page
        .locator("div.card", { has: console.page.locator("dt", { hasText: label }) })
        .locator("dd")
        .first();
    // Other tests on this server may add chats meanwhile: compare until both agree.
    await expect(async () => {
      await console.page.getByRole("button", { name: "Show report" }).click();
      const report = (await (
        await api(`/api/agent/reports?from=${today}&to=${today}&tz=UTC`, { cookie: admin })
      ).json()) as { conversations: number; csat: { responses: number; average: number } };
      expect(report.conversations).toBeGreaterThanOrEqual(1);
      expect(report.csat.responses).toBeGreaterThanOrEqual(1);
      await expect(figure("Conversations")).toHaveText(String(report.conversations), {
        timeout: 2_000,
      });
      await expect(figure("Satisfaction (1 to 5)")).toHaveText(report.csat.average.toFixed(2), {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(console.page.getByRole("heading", { name: `${today} to ${today}` })).toBeVisible();
    await expectNoAxeViolations(console.page);
    await shoot(console.page, "console-reports.png");

    // The CSV holds the JSON's figures under the JSON's names (compared until both agree, as above).
    await expect(async () => {
      const [download] = await Promise.all([
        console.page.waitForEvent("download"),
        console.page.getByRole("link", { name: "Download CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`hourline-report-${today}-to-${today}.csv`);
      const csv = readFileSync((await download.path()) as string, "utf8");
      const report = (await (
        await api(`/api/agent/reports?from=${today}&to=${today}&tz=UTC`, { cookie: admin })
      ).json()) as { conversations: number; csat: { responses: number } };
      const rows = new Map(csv.split(/\r?\n/).map((line) => line.split(",") as [string, string]));
      expect(rows.get("tz")).toBe("UTC");
      expect(rows.get("conversations")).toBe(String(report.conversations));
      expect(rows.get("csat.responses")).toBe(String(report.csat.responses));
    }).toPass({ timeout: 30_000 });
  } finally {
    await agent.close();
  }
});
