/**
 * Business hours with several periods a day, on SQLite and PostgreSQL: an admin saves a split day
 * (morning and afternoon), reads it back, and the widget's availability follows every period (closed
 * at lunch, back at the afternoon's start, the running period's end as `next_change_at`). A day
 * that makes no sense is refused with a 400 that names the day and the period. A value stored
 * before days had several periods (one period, as the first settings screen wrote it) still reads.
 */
import type { AvailabilityAnswer, BusinessHours } from "@hourline/contracts/business-hours";
import { afterEach, expect, it } from "vitest";
import { Browser } from "../../../../test/chat-harness";
import { describeConsole, invalid, postgresFor } from "../../../../test/console-suite";

const pgUp = await postgresFor("the business hours test");
const MINUTE = 60_000;
const PATH = "/api/agent/settings/business-hours";

/**
 * A fixed-offset zone where it is around noon now, so periods an hour or two either side of "now"
 * stay inside one local day; and the local minute of the day now.
 */
function noonZone(now: number): { zone: string; minute: number; sunday: boolean } {
  const utcHour = new Date(now).getUTCHours();
  const shift = utcHour - 12; // Etc/GMT+N is N hours behind UTC.
  const zone = shift === 0 ? "UTC" : `Etc/GMT${shift > 0 ? "+" : "-"}${Math.abs(shift)}`;
  const d = new Date(now - shift * 3600_000);
  return { zone, minute: d.getUTCHours() * 60 + d.getUTCMinutes(), sunday: d.getUTCDay() === 0 };
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

const everyDay = (periods: { open: string; close: string }[]) => ({
  mon: periods,
  tue: periods,
  wed: periods,
  thu: periods,
  fri: periods,
  sat: periods,
  sun: periods,
});

describeConsole("business hours with several periods a day", pgUp, (ctx) => {
  const availability = async () =>
    (await new Browser(ctx.server).get("/api/support/availability")).body as AvailabilityAnswer;
  const put = (body: unknown) => ctx.admin.browser.request("PUT", PATH, body);

  afterEach(async () => {
    await put({
      enabled: false,
      time_zone: "UTC",
      weekly: everyDay([]),
      closed_dates: [],
      offline_message: "",
    });
  });

  it("saves a split day and the widget is closed between the periods", async () => {
    const now = Date.now();
    const { zone, minute } = noonZone(now);
    const minuteStart = now - (now % MINUTE);
    const hours: BusinessHours = {
      enabled: true,
      time_zone: zone,
      weekly: everyDay([
        { open: clock(minute + 60), close: clock(minute + 120) },
        { open: clock(minute - 120), close: clock(minute - 60) },
      ]),
      closed_dates: [],
      offline_message: "Back after lunch.",
    };
    const saved = await put(hours);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await ctx.admin.browser.get(PATH)).body).toEqual({
      status: 200,
      business_hours: hours,
    });
    expect(await availability()).toMatchObject({
      open: false,
      next_open_at: minuteStart + 60 * MINUTE,
      next_change_at: minuteStart + 60 * MINUTE,
      message: "Back after lunch.",
      time_zone: zone,
    });

    // Inside the second period of three: open until its end.
    const inside = everyDay([
      { open: clock(minute - 120), close: clock(minute - 60) },
      { open: clock(minute - 1), close: clock(minute + 30) },
      { open: clock(minute + 90), close: clock(minute + 120) },
    ]);
    expect((await put({ ...hours, weekly: inside })).status).toBe(200);
    expect(await availability()).toMatchObject({
      open: true,
      next_open_at: null,
      next_change_at: minuteStart + 30 * MINUTE,
      message: "",
    });
  });

  it("refuses overlapping, reversed and too many periods, naming the day and the period", async () => {
    const base = {
      enabled: true,
      time_zone: "Europe/Berlin",
      weekly: everyDay([]),
      closed_dates: [],
      offline_message: "",
    };
    const day = (tue: unknown) => put({ ...base, weekly: { ...everyDay([]), tue } });
    const refused = async (tue: unknown) => (await day(tue)).body;
    expect(
      await refused([
        { open: "09:00", close: "12:30" },
        { open: "12:00", close: "17:00" },
      ]),
    ).toEqual(
      invalid({ weekly: "Tuesday, period 2: it overlaps period 1; periods must not overlap." }),
    );
    expect(await refused([{ open: "17:00", close: "09:00" }])).toEqual(
      invalid({ weekly: "Tuesday, period 1: the closing time must come after the opening time." }),
    );
    expect(await refused([{ open: "9am", close: "12:00" }])).toEqual(
      invalid({
        weekly: "Tuesday, period 1: the opening time is written HH:MM, from 00:00 to 23:59.",
      }),
    );
    const five = [8, 10, 12, 14, 16].map((h) => ({
      open: clock(h * 60),
      close: clock(h * 60 + 30),
    }));
    expect(await refused(five)).toEqual(
      invalid({ weekly: "Tuesday: at most 4 opening periods a day." }),
    );
    // Nothing was stored by the refusals; four touching periods are fine.
    expect((await ctx.admin.browser.get(PATH)).body).toMatchObject({
      business_hours: { enabled: false },
    });
    const four = [8, 10, 12, 14].map((h) => ({ open: clock(h * 60), close: clock(h * 60 + 120) }));
    expect((await day(four)).status).toBe(200);
  });

  it("reads a schedule stored with one period a day, as before", async () => {
    const now = Date.now();
    const { zone, minute, sunday } = noonZone(now);
    const minuteStart = now - (now % MINUTE);
    // Exactly what the first settings screen saved: one period per open day, Sunday closed.
    const stored = JSON.stringify({
      enabled: true,
      time_zone: zone,
      weekly: { ...everyDay([{ open: clock(minute - 30), close: clock(minute + 45) }]), sun: [] },
      closed_dates: [],
      offline_message: "",
    });
    await ctx.server.app.database.db
      .insertInto("app_settings")
      .values({ key: "business_hours", value: stored, updated_at: now })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: stored, updated_at: now }))
      .execute();
    const read = (await ctx.admin.browser.get(PATH)).body as { business_hours: BusinessHours };
    expect(read.business_hours.weekly.mon).toEqual([
      { open: clock(minute - 30), close: clock(minute + 45) },
    ]);
    // Sunday in the zone is closed all day; any other day is open until the period's end.
    expect(await availability()).toMatchObject(
      sunday ? { open: false } : { open: true, next_change_at: minuteStart + 45 * MINUTE },
    );
  });
});
