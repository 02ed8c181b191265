import { describe, expect, it } from "vitest";
import { elapsed, shortDateTime } from "./time-labels";

const now = Date.UTC(2026, 11, 1, 10, 0, 0);
const ago = (ms: number) => now - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("elapsed", () => {
  it("says how long, in the largest unit that fits", () => {
    expect(elapsed(ago(0), now)).toBe("under a minute");
    expect(elapsed(ago(59_000), now)).toBe("under a minute");
    expect(elapsed(ago(60_000), now)).toBe("1 min");
    expect(elapsed(ago(4 * MIN + 30_000), now)).toBe("4 min");
    expect(elapsed(ago(59 * MIN + 59_000), now)).toBe("59 min");
    expect(elapsed(ago(HOUR), now)).toBe("1 h");
    expect(elapsed(ago(2 * HOUR + 5 * MIN), now)).toBe("2 h 5 min");
    expect(elapsed(ago(23 * HOUR + 59 * MIN), now)).toBe("23 h 59 min");
    expect(elapsed(ago(DAY), now)).toBe("1 day");
    expect(elapsed(ago(2 * DAY - 1_000), now)).toBe("1 day");
    expect(elapsed(ago(3 * DAY + 5 * HOUR), now)).toBe("3 days");
  });

  it("reads a time in seconds as the server may send it", () => {
    expect(elapsed((now - 5 * MIN) / 1000, now)).toBe("5 min");
  });

  it("never says a negative time when the clocks disagree", () => {
    expect(elapsed(now + 5 * MIN, now)).toBe("under a minute");
  });
});

describe("shortDateTime", () => {
  // Local times, so the tests hold in any time zone; the formats are the agent's own locale's.
  const time = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });
  const date = new Intl.DateTimeFormat(undefined, {
    hour: "numeric",
    minute: "2-digit",
    day: "numeric",
    month: "short",
  });
  const dateWithYear = new Intl.DateTimeFormat(undefined, {
    hour: "numeric",
    minute: "2-digit",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  const today = new Date(2026, 11, 1, 15, 42).getTime();

  it("gives only the time for today", () => {
    for (const at of [new Date(2026, 11, 1, 0, 0), new Date(2026, 11, 1, 23, 59)]) {
      expect(shortDateTime(at.getTime(), today)).toBe(time.format(at));
    }
  });

  it("adds the day for another day of this year, and the year for another year", () => {
    const yesterday = new Date(2026, 10, 30, 23, 59);
    expect(shortDateTime(yesterday.getTime(), today)).toBe(date.format(yesterday));
    const january = new Date(2026, 0, 1, 0, 0);
    expect(shortDateTime(january.getTime(), today)).toBe(date.format(january));
    const lastYear = new Date(2025, 11, 31, 23, 59);
    expect(shortDateTime(lastYear.getTime(), today)).toBe(dateWithYear.format(lastYear));
    // The three formats really differ, so the checks above tell them apart.
    expect(
      new Set([time.format(lastYear), date.format(lastYear), dateWithYear.format(lastYear)]).size,
    ).toBe(3);
  });

  it("reads a time in seconds", () => {
    const at = new Date(2026, 11, 1, 9, 5);
    expect(shortDateTime(at.getTime() / 1000, today)).toBe(time.format(at));
  });
});
