/**
 * What the browser tests of reports and business hours share: setting the team's hours through
 * the agent API, the header copy they expect, and screenshots taken only with SCREENSHOTS=1.
 */
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { api, expect } from "./console";

export const HOURS = "/api/agent/settings/business-hours";
export const online = /^The team is online\. Start a chat/;
export const awayUntil =
  /^The team is away until .+\. Leave a message and the reply will come by e-mail\.$/;

/** A screenshot into docs/screenshots, when SCREENSHOTS=1. */
export async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== "1") return;
  await page.screenshot({ path: join(process.cwd(), "docs", "screenshots", name) });
}

export const everyDay = (periods: { open: string; close: string }[]) => ({
  mon: periods,
  tue: periods,
  wed: periods,
  thu: periods,
  fri: periods,
  sat: periods,
  sun: periods,
});

/** No hours: what the server starts with, and what each test leaves behind. */
export const noHours = {
  enabled: false,
  time_zone: "UTC",
  weekly: everyDay([]),
  closed_dates: [],
  offline_message: "",
};

export async function setHours(cookie: string, hours: unknown) {
  const response = await api(HOURS, { method: "PUT", body: hours, cookie });
  expect(response.status, await response.clone().text()).toBe(200);
}
