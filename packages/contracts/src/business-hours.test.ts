import { describe, expect, it } from "vitest";
import {
  businessHoursSchema,
  businessMsBetween,
  defaultBusinessHours,
  isOpenAt,
  nextOpening,
  zonedInstant,
  type BusinessHours,
} from "./business-hours";

const nineToFive = [{ open: "09:00", close: "17:00" }];
const berlin: BusinessHours = {
  enabled: true,
  time_zone: "Europe/Berlin",
  weekly: {
    mon: nineToFive,
    tue: nineToFive,
    wed: nineToFive,
    thu: nineToFive,
    fri: nineToFive,
    sat: [],
    sun: [],
  },
  closed_dates: ["2026-12-25"],
  offline_message: "We are back on the next working day.",
};
const at = (iso: string) => Date.parse(iso);

describe("business hours", () => {
  it("turns wall-clock times into instants with the offset of that day (DST)", () => {
    // Winter: UTC+1; summer: UTC+2.
    expect(zonedInstant({ year: 2026, month: 3, day: 27 }, 9 * 60, "Europe/Berlin")).toBe(
      at("2026-03-27T08:00:00Z"),
    );
    expect(zonedInstant({ year: 2026, month: 3, day: 30 }, 9 * 60, "Europe/Berlin")).toBe(
      at("2026-03-30T07:00:00Z"),
    );
    // 02:30 does not exist on 29 March 2026 in Berlin: moved forward by the hour skipped.
    expect(zonedInstant({ year: 2026, month: 3, day: 29 }, 150, "Europe/Berlin")).toBe(
      at("2026-03-29T01:30:00Z"),
    );
    // 02:30 happens twice on 25 October 2026: the first one.
    expect(zonedInstant({ year: 2026, month: 10, day: 25 }, 150, "Europe/Berlin")).toBe(
      at("2026-10-25T00:30:00Z"),
    );
    expect(zonedInstant({ year: 2026, month: 1, day: 1 }, 24 * 60, "Asia/Kolkata")).toBe(
      at("2026-01-01T18:30:00Z"),
    );
  });

  it("is open inside hours, closed outside and on a closed date", () => {
    expect(isOpenAt(berlin, at("2026-03-30T07:00:00Z"))).toBe(true); // Mon 09:00 CEST
    expect(isOpenAt(berlin, at("2026-03-30T06:59:59Z"))).toBe(false);
    expect(isOpenAt(berlin, at("2026-03-30T15:00:00Z"))).toBe(false); // 17:00 CEST: closed
    expect(isOpenAt(berlin, at("2026-03-27T15:59:00Z"))).toBe(true); // Fri 16:59 CET
    expect(isOpenAt(berlin, at("2026-03-28T10:00:00Z"))).toBe(false); // Saturday
    expect(isOpenAt(berlin, at("2026-12-25T10:00:00Z"))).toBe(false); // Friday, closed date
    expect(isOpenAt(defaultBusinessHours, at("2026-03-28T03:00:00Z"))).toBe(true);
  });

  it("says when the team opens next, across a weekend with a DST change", () => {
    // Friday 27 March 18:00 CET -> Monday 30 March 09:00 CEST.
    expect(nextOpening(berlin, at("2026-03-27T17:00:00Z"))).toBe(at("2026-03-30T07:00:00Z"));
    // Before opening on a working day: the same morning.
    expect(nextOpening(berlin, at("2026-03-31T05:00:00Z"))).toBe(at("2026-03-31T07:00:00Z"));
    // Christmas Day is closed: Monday 28 December.
    expect(nextOpening(berlin, at("2026-12-24T17:00:00Z"))).toBe(at("2026-12-28T08:00:00Z"));
    expect(nextOpening(berlin, at("2026-03-30T08:00:00Z"))).toBeNull();
    expect(nextOpening({ ...berlin, weekly: defaultBusinessHours.weekly }, 0)).toBeNull();
  });

  it("counts business time only", () => {
    // Friday 16:50 CET to Monday 09:10 CEST: 10 minutes + 10 minutes.
    expect(businessMsBetween(berlin, at("2026-03-27T15:50:00Z"), at("2026-03-30T07:10:00Z"))).toBe(
      20 * 60_000,
    );
    expect(businessMsBetween(berlin, at("2026-03-28T10:00:00Z"), at("2026-03-28T11:00:00Z"))).toBe(
      0,
    );
    expect(businessMsBetween(defaultBusinessHours, 1000, 61_000)).toBe(60_000);
  });

  it("refuses a schedule that makes no sense", () => {
    const bad = (patch: Partial<Record<string, unknown>>) =>
      businessHoursSchema.safeParse({ ...berlin, ...patch }).success;
    expect(bad({})).toBe(true);
    expect(bad({ time_zone: "Mars/Olympus" })).toBe(false);
    expect(bad({ closed_dates: ["2026-02-30"] })).toBe(false);
    expect(bad({ weekly: { ...berlin.weekly, mon: [{ open: "17:00", close: "09:00" }] } })).toBe(
      false,
    );
    expect(
      bad({
        weekly: {
          ...berlin.weekly,
          mon: [
            { open: "09:00", close: "13:00" },
            { open: "12:00", close: "17:00" },
          ],
        },
      }),
    ).toBe(false);
    expect(bad({ weekly: { ...berlin.weekly, mon: [{ open: "9:00", close: "24:00" }] } })).toBe(
      false,
    );
    expect(bad({ weekly: { ...berlin.weekly, mon: [{ open: "00:00", close: "24:00" }] } })).toBe(
      true,
    );
  });
});
