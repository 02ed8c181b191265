import { describe, expect, it } from "vitest";
import { claims } from "./claims";
import { ratingAverage, ratingBreakdown, ratingCount } from "./reviews";

describe("rating summary", () => {
  it("derives the total and the average from the per-star counts", () => {
    expect(ratingBreakdown.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(ratingCount).toBe(ratingBreakdown.reduce((s, r) => s + r.count, 0));
    const exact = ratingBreakdown.reduce((s, r) => s + r.stars * r.count, 0) / ratingCount;
    expect(Math.abs(ratingAverage - exact)).toBeLessThanOrEqual(0.05);
    expect(ratingAverage).toBeGreaterThanOrEqual(1);
    expect(ratingAverage).toBeLessThanOrEqual(5);
  });

  it("counts no more ratings than there are businesses to give them (one per workspace)", () => {
    expect(ratingCount).toBeLessThanOrEqual(claims.businessesServed);
  });
});
