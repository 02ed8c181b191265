/**
 * Business hours in a real Chromium, on the console's server. The widget's header inside hours,
 * outside them and on a closed date (hours set through the agent API), following a change of the
 * hours and the end of the running period without a reload. The Business hours screen with several
 * periods a day, from the keyboard: "Add a period" puts the focus in the new period's first time,
 * a period that overlaps another is refused with the mistake beside (and described on) the input
 * it concerns, the split day is saved and read back, "Remove" gives the focus back to "Add a
 * period", and a day takes four periods at most. Axe on each state; with SCREENSHOTS=1 the
 * widget's out-of-hours state goes to docs/screenshots.
 */
import { AgentSocket } from "./support/agent-client";
import {
  HOURS,
  awayUntil,
  everyDay,
  noHours,
  online,
  setHours,
  shoot,
} from "./support/business-hours";
import { openChat } from "./support/chat-widget";
import { api, consoleUrl, expect, expectNoAxeViolations, test } from "./support/console";
import { onDemandTimeout } from "./support/e2e-env";

// The business hours are one setting of the server: the tests that change them run one by one.
test.describe.configure({ mode: "default" });

const DAY = 86_400_000;

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

test("an admin splits Monday into two periods with the keyboard", async ({ clients, admin }) => {
  const put = (body: unknown) => api(HOURS, { method: "PUT", body, cookie: admin });
  const monday = {
    enabled: true,
    time_zone: "Europe/Berlin",
    weekly: { ...everyDay([]), mon: [{ open: "09:00", close: "17:00" }] },
    closed_dates: [],
    offline_message: "",
  };
  expect((await put(monday)).status).toBe(200);
  try {
    const { page } = await clients.open(admin);
    await page.goto("/console/business-hours");
    const add = page.getByRole("button", { name: "Add a period on Monday" });
    await expect(add).toBeVisible({ timeout: onDemandTimeout });
    const time = (period: number, what: "opens" | "closes") =>
      page.getByLabel(`Monday, period ${period}, ${what} at`);
    await expect(time(1, "opens")).toHaveValue("09:00");
    await expectNoAxeViolations(page);

    await add.focus();
    await page.keyboard.press("Enter");
    await expect(time(2, "opens")).toBeFocused();
    await expect(time(2, "opens")).toHaveValue("17:00");
    await expect(time(2, "closes")).toHaveValue("18:00");

    // 09:00-12:00 and 11:00-17:00 overlap: refused, the message on the second period's start.
    await time(1, "closes").fill("12:00");
    await time(2, "opens").fill("11:00");
    await time(2, "closes").fill("17:00");
    await page.getByRole("button", { name: "Save business hours" }).click();
    const overlap = "Monday, period 2: it overlaps period 1; periods must not overlap.";
    await expect(page.getByText(overlap)).toBeVisible();
    await expect(time(2, "opens")).toHaveAttribute("aria-invalid", "true");
    await expect(time(2, "opens")).toHaveAccessibleDescription(overlap);
    await expect(time(1, "closes")).not.toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    await time(2, "opens").fill("13:00");
    await page.getByRole("button", { name: "Save business hours" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Business hours saved." }),
    ).toBeVisible();
    await expect(time(2, "opens")).not.toHaveAttribute("aria-invalid", "true");
    const saved = (await (await api(HOURS, { cookie: admin })).json()) as {
      business_hours: typeof monday;
    };
    expect(saved.business_hours.weekly.mon).toEqual([
      { open: "09:00", close: "12:00" },
      { open: "13:00", close: "17:00" },
    ]);

    // Removing gives the focus back to "Add a period"; four periods fill a day.
    await page.getByRole("button", { name: "Remove Monday, period 2" }).click();
    await expect(add).toBeFocused();
    await expect(time(2, "opens")).toHaveCount(0);
    for (let i = 0; i < 3; i += 1) await add.click();
    await expect(time(4, "opens")).toBeFocused();
    await expect(add).toBeDisabled();
  } finally {
    expect((await put(noHours)).status).toBe(200);
  }
});

test("a save is pending once: its button is aria-disabled and a second press sends nothing", async ({
  clients,
  admin,
}) => {
  const { page } = await clients.open(admin);
  // The save is held until the test lets it go, so the second press falls inside it.
  let puts = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${HOURS}`, async (route) => {
    if (route.request().method() !== "PUT") return route.continue();
    puts += 1;
    await held;
    return route.continue();
  });
  try {
    await page.goto("/console/business-hours");
    const save = page.getByRole("button", { name: "Save business hours" });
    await expect(save).toBeVisible({ timeout: onDemandTimeout });
    await page.getByLabel("Time zone").fill("Europe/Berlin");
    await save.click();
    await expect(save).toHaveAttribute("aria-disabled", "true");
    await expect.poll(() => puts).toBe(1);
    // Playwright will not click an aria-disabled button; a keyboard press reaches it all the same.
    await save.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    release();
    await expect(
      page.getByRole("status").filter({ hasText: "Business hours saved." }),
    ).toBeVisible();
    await expect(save).not.toHaveAttribute("aria-disabled", "true");
    expect(puts).toBe(1);
  } finally {
    release();
    expect((await api(HOURS, { method: "PUT", body: noHours, cookie: admin })).status).toBe(200);
  }
});
