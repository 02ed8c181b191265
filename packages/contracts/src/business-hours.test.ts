import { describe, expect, it } from "vitest";
import {
  businessHoursSchema,
  businessMsBetween,
  defaultBusinessHours,
  isOpenAt,
  nextChange,
  nextOpening,
  type BusinessHours,
} from "./business-hours";
import { zonedInstant } from "./zoned-time";

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

  describe("with several periods a day", () => {
    // Berlin, 09:00-12:00 and 13:00-17:00 on weekdays, 10:00-11:00 and 11:00-14:00 on Sunday (touching).
    const split = [
      { open: "13:00", close: "17:00" },
      { open: "09:00", close: "12:00" },
    ];
    const lunch: BusinessHours = {
      ...berlin,
      weekly: {
        mon: split,
        tue: split,
        wed: split,
        thu: split,
        fri: split,
        sat: [],
        sun: [
          { open: "10:00", close: "11:00" },
          { open: "11:00", close: "14:00" },
        ],
      },
    };

    it("is open in each period and closed in the gap, on both sides of a DST change", () => {
      // Friday 27 March 2026, CET (UTC+1).
      expect(isOpenAt(lunch, at("2026-03-27T10:59:59Z"))).toBe(true); // 11:59
      expect(isOpenAt(lunch, at("2026-03-27T11:00:00Z"))).toBe(false); // 12:00
      expect(isOpenAt(lunch, at("2026-03-27T12:00:00Z"))).toBe(true); // 13:00
      // Sunday 29 March 2026: the clock jumps 02:00 -> 03:00; 10:00 CEST is 08:00 UTC.
      expect(isOpenAt(lunch, at("2026-03-29T07:59:00Z"))).toBe(false);
      expect(isOpenAt(lunch, at("2026-03-29T08:00:00Z"))).toBe(true);
      expect(isOpenAt(lunch, at("2026-03-29T09:00:00Z"))).toBe(true); // 11:00, between touching periods
      expect(isOpenAt(lunch, at("2026-03-29T12:00:00Z"))).toBe(false); // 14:00 CEST
      // Monday 30 March, CEST (UTC+2): 12:30 is the gap, 13:00 is 11:00 UTC.
      expect(isOpenAt(lunch, at("2026-03-30T10:30:00Z"))).toBe(false);
      expect(isOpenAt(lunch, at("2026-03-30T11:00:00Z"))).toBe(true);
      // Sunday 25 October 2026: the clock goes back 03:00 -> 02:00; 10:00 CET is 09:00 UTC.
      expect(isOpenAt(lunch, at("2026-10-25T08:59:00Z"))).toBe(false);
      expect(isOpenAt(lunch, at("2026-10-25T09:00:00Z"))).toBe(true);
      // A closed date closes every period of that day.
      expect(isOpenAt(lunch, at("2026-12-25T08:30:00Z"))).toBe(false);
      expect(isOpenAt(lunch, at("2026-12-25T12:30:00Z"))).toBe(false);
    });

    it("says when the next period starts and when the running one ends", () => {
      // Lunch on Friday: back at 13:00 CET the same day.
      expect(nextOpening(lunch, at("2026-03-27T11:30:00Z"))).toBe(at("2026-03-27T12:00:00Z"));
      // Friday after 17:00 CET: Sunday 10:00 CEST, the day the clocks went forward.
      expect(nextOpening(lunch, at("2026-03-27T16:00:00Z"))).toBe(at("2026-03-29T08:00:00Z"));
      // Christmas Eve (Thursday) lunch: the afternoon period; after it, Christmas is skipped.
      expect(nextOpening(lunch, at("2026-12-24T11:30:00Z"))).toBe(at("2026-12-24T12:00:00Z"));
      expect(nextOpening(lunch, at("2026-12-24T16:30:00Z"))).toBe(at("2026-12-27T09:00:00Z"));
      // The morning ends at 12:00; touching Sunday periods are one span until 14:00 CEST.
      expect(nextChange(lunch, at("2026-03-27T09:00:00Z"))).toBe(at("2026-03-27T11:00:00Z"));
      expect(nextChange(lunch, at("2026-03-29T08:30:00Z"))).toBe(at("2026-03-29T12:00:00Z"));
      expect(nextChange(lunch, at("2026-03-27T11:30:00Z"))).toBe(at("2026-03-27T12:00:00Z"));
      expect(nextChange(defaultBusinessHours, 0)).toBeNull();
      const always = [{ open: "00:00", close: "24:00" }];
      const allWeek = { ...lunch, closed_dates: [] };
      allWeek.weekly = {
        mon: always,
        tue: always,
        wed: always,
        thu: always,
        fri: always,
        sat: always,
        sun: always,
      };
      expect(nextChange(allWeek, at("2026-03-29T01:30:00Z"))).toBeNull();
    });

    it("counts business time over both periods, on the DST day too", () => {
      // Friday 11:00 to 14:00 CET: 1 h in the morning + 1 h after lunch.
      expect(businessMsBetween(lunch, at("2026-03-27T10:00:00Z"), at("2026-03-27T13:00:00Z"))).toBe(
        2 * 3600_000,
      );
      // The whole Sunday of the spring change: 10:00-14:00 local is 4 h, whatever the 23 h day.
      expect(businessMsBetween(lunch, at("2026-03-28T23:00:00Z"), at("2026-03-29T22:00:00Z"))).toBe(
        4 * 3600_000,
      );
    });

    it("names the day and the period of each mistake, on the time it concerns", () => {
      const issues = (mon: unknown) => {
        const r = businessHoursSchema.safeParse({ ...lunch, weekly: { ...lunch.weekly, mon } });
        return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
      };
      expect(issues(split)).toEqual([]);
      expect(
        issues([
          { open: "09:00", close: "12:00" },
          { open: "11:30", close: "17:00" },
        ]),
      ).toEqual([
        ["weekly.mon.1.open", "Monday, period 2: it overlaps period 1; periods must not overlap."],
      ]);
      expect(issues([{ open: "13:00", close: "13:00" }])).toEqual([
        [
          "weekly.mon.0.close",
          "Monday, period 1: the closing time must come after the opening time.",
        ],
      ]);
      expect(issues([{ open: "24:00", close: "24:00" }])[0]?.[0]).toBe("weekly.mon.0.open");
      expect(issues([{ open: "9:00", close: "10:00" }])[0]?.[1]).toMatch(/^Monday, period 1: /);
      const five = ["08", "10", "12", "14", "16"].map((h) => ({
        open: `${h}:00`,
        close: `${h}:30`,
      }));
      expect(issues(five)[0]).toEqual(["weekly.mon", "Monday: at most 4 opening periods a day."]);
      expect(issues(five.slice(0, 4))).toEqual([]);
    });
  });
});
