/**
 * Issue 29 in a real Chromium, on the console's server: a chat the agent ends asks the visitor
 * "How did we do?", again after a reload, and the rating and the chat show in the Reports screen
 * (the same figures as the JSON, and a CSV that downloads); the widget's header inside hours,
 * outside them and on a closed date, set through the agent API, and following a change of the
 * hours and the end of a period without a reload; axe on each state. With SCREENSHOTS=1 the
 * Reports screen and the widget's rating and out-of-hours states go to docs/screenshots.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { AgentSocket } from "./support/agent-client";
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

// The business hours are one setting of the server: these tests change them one after another.
test.describe.configure({ mode: "default" });

const HOURS = "/api/agent/settings/business-hours";
const DAY = 86_400_000;
const online = /^The team is online\. Start a chat/;
const awayUntil =
  /^The team is away until .+\. Leave a message and the reply will come by e-mail\.$/;

async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== "1") return;
  await page.screenshot({ path: join(process.cwd(), "docs", "screenshots", name) });
}

const everyDay = (periods: { open: string; close: string }[]) => ({
  mon: periods,
  tue: periods,
  wed: periods,
  thu: periods,
  fri: periods,
  sat: periods,
  sun: periods,
});
const noHours = {
  enabled: false,
  time_zone: "UTC",
  weekly: everyDay([]),
  closed_dates: [],
  offline_message: "",
};

async function setHours(cookie: string, hours: unknown) {
  const response = await api(HOURS, { method: "PUT", body: hours, cookie });
  expect(response.status, await response.clone().text()).toBe(200);
}

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

    const [download] = await Promise.all([
      console.page.waitForEvent("download"),
      console.page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`hourline-report-${today}-to-${today}.csv`);
    const csv = readFileSync((await download.path()) as string, "utf8");
    expect(csv.split("\n").length).toBeGreaterThan(3);
    expect(csv).toMatch(/conversations/i);
  } finally {
    await agent.close();
  }
});

test("the widget's header inside hours, outside them and on a closed date", async ({
  clients,
  admin,
}) => {
  test.setTimeout(90_000);
  const agent = await AgentSocket.connect(consoleUrl, admin);
  const visitor = await clients.open();
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const base = {
    enabled: true,
    time_zone: "UTC",
    weekly: everyDay([{ open: "00:00", close: "24:00" }]),
    closed_dates: [] as string[],
    offline_message: "We answer every message by e-mail the next working day.",
  };
  try {
    await setHours(admin, base);
    await visitor.page.goto("/");
    let dialog = await openChat(visitor.page);
    await expect(dialog).toHaveAccessibleDescription(online);
    await expectNoAxeViolations(visitor.page);

    // Outside today's one period (an hour well away from now).
    const hour = new Date(now).getUTCHours();
    const period =
      hour < 12 ? { open: "20:00", close: "21:00" } : { open: "03:00", close: "04:00" };
    await setHours(admin, { ...base, weekly: everyDay([period]) });
    await visitor.page.reload();
    dialog = await openChat(visitor.page);
    await expect(dialog).toHaveAccessibleDescription(awayUntil);
    await expectNoAxeViolations(visitor.page);
    await shoot(visitor.page, "widget-out-of-hours.png");

    // Today and tomorrow closed: away until the day after, whatever the schedule says.
    const tomorrow = new Date(now + DAY).toISOString().slice(0, 10);
    await setHours(admin, { ...base, closed_dates: [today, tomorrow] });
    await visitor.page.reload();
    dialog = await openChat(visitor.page);
    await expect(dialog).toHaveAccessibleDescription(awayUntil);
    const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(
      new Date(now + 2 * DAY),
    );
    await expect(dialog).toHaveAccessibleDescription(new RegExp(weekday));
    await expectNoAxeViolations(visitor.page);
  } finally {
    await setHours(admin, noHours);
    await agent.close();
  }
});

test("the widget's header follows a change of the hours without a reload", async ({
  clients,
  admin,
}) => {
  test.setTimeout(90_000);
  const agent = await AgentSocket.connect(consoleUrl, admin);
  const visitor = await clients.open();
  const today = new Date().toISOString().slice(0, 10);
  const base = {
    enabled: true,
    time_zone: "UTC",
    weekly: everyDay([{ open: "00:00", close: "24:00" }]),
    closed_dates: [] as string[],
    offline_message: "",
  };
  try {
    await setHours(admin, base);
    // The page's clock is ours to move: the widget's next look at the hours comes when we say.
    await visitor.page.clock.install();
    await visitor.page.goto("/");
    const dialog = await openChat(visitor.page);
    await expect(dialog).toHaveAccessibleDescription(online);

    await setHours(admin, { ...base, closed_dates: [today] });
    await visitor.page.clock.runFor(5 * 60_000 + 1_000);
    await expect(dialog).toHaveAccessibleDescription(awayUntil);

    // Back open: the tab coming back into view asks at once.
    await setHours(admin, base);
    await visitor.page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(dialog).toHaveAccessibleDescription(online);
  } finally {
    await setHours(admin, noHours);
    await agent.close();
  }
});

test("the widget's header changes when the running period ends", async ({ clients }) => {
  const visitor = await clients.open();
  const page = visitor.page;
  await page.clock.install();
  const start = await page.evaluate(() => Date.now());
  // The server's answers, as the schedule gives them: open until a minute from now, then closed.
  const answers = [
    { open: true, next_open_at: null, next_change_at: start + 60_000, message: "" },
    { open: false, next_open_at: start + 3600_000, next_change_at: start + 3600_000, message: "" },
  ];
  let asked = 0;
  await page.route("**/api/support/availability", (route) => {
    const answer = answers[Math.min(asked, answers.length - 1)];
    asked += 1;
    return route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ status: 200, agents_online: true, time_zone: "UTC", ...answer }),
    });
  });
  await page.goto("/");
  const dialog = await openChat(page);
  await expect(dialog).toHaveAccessibleDescription(online);
  expect(asked).toBe(1);
  await page.clock.runFor(61_000);
  await expect(dialog).toHaveAccessibleDescription(awayUntil);
  expect(asked).toBe(2);
});
