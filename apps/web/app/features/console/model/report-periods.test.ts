import { describe, expect, it } from "vitest";
import {
  formatDuration,
  lastDays,
  percentChange,
  previousRange,
  rangeDays,
} from "./report-periods";

describe("report periods", () => {
  it("opens on the last days in the lead's zone and compares with the days before", () => {
    // 20:00 UTC on 31 March is already 1 April in Kolkata.
    const now = Date.parse("2026-03-31T20:00:00Z");
    expect(lastDays(7, "Asia/Kolkata", now)).toEqual({ from: "2026-03-26", to: "2026-04-01" });
    expect(lastDays(7, "UTC", now)).toEqual({ from: "2026-03-25", to: "2026-03-31" });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-31" })).toEqual({
      from: "2026-01-29",
      to: "2026-02-28",
    });
    expect(rangeDays({ from: "2026-03-28", to: "2026-03-30" })).toBe(3);
  });

  it("says durations and changes in words", () => {
    expect(formatDuration(null)).toBe("–");
    expect(formatDuration(27.4)).toBe("27 s");
    expect(formatDuration(185)).toBe("3 min 5 s");
    expect(formatDuration(120)).toBe("2 min");
    expect(formatDuration(7800)).toBe("2 h 10 min");
    expect(formatDuration(100_800)).toBe("1 d 4 h");
    expect(percentChange(12, 10)).toBe("+20%");
    expect(percentChange(9.5, 10)).toBe("−5%");
    expect(percentChange(0, 0)).toBe("no change");
    expect(percentChange(3, 0)).toBeNull();
    expect(percentChange(null, 3)).toBeNull();
  });
});
