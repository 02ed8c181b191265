import { describe, expect, it } from "vitest";
import { COUNT_UP_MS, countUpValue } from "./count-up";

describe("countUpValue", () => {
  it("starts at 0 and ends exactly on the final value", () => {
    expect(countUpValue(92, 0)).toBe(0);
    expect(countUpValue(92, COUNT_UP_MS)).toBe(92);
    expect(countUpValue(92, COUNT_UP_MS + 500)).toBe(92);
  });

  it("rises steadily, faster at the start than at the end", () => {
    const samples = [0, 200, 400, 700, 1000, 1300, COUNT_UP_MS].map((t) => countUpValue(40, t));
    expect(samples).toEqual([...samples].sort((a, b) => a - b));
    expect(countUpValue(40, COUNT_UP_MS / 2)).toBeGreaterThan(20);
  });
});
