import { describe, expect, it } from "vitest";
import { backoff, reconnectDelay } from "./reconnect-backoff";

describe("reconnectDelay", () => {
  it("doubles from one second, drawing each delay from the upper half of its step", () => {
    expect([0, 1, 2, 3, 4].map((a) => reconnectDelay(a, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000,
    ]);
    expect([0, 1, 2, 3, 4].map((a) => reconnectDelay(a, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
  });

  it("never waits longer than 30 seconds, however many attempts failed", () => {
    for (const attempt of [5, 6, 10, 50, 1000]) {
      expect(reconnectDelay(attempt, () => 1)).toBe(backoff.capMs);
      expect(reconnectDelay(attempt, () => 0)).toBe(backoff.capMs / 2);
    }
  });

  it("spreads visitors out: random draws give different delays within the step", () => {
    const delays = new Set(Array.from({ length: 50 }, () => reconnectDelay(3)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(4000);
      expect(d).toBeLessThanOrEqual(8000);
    }
  });
});
