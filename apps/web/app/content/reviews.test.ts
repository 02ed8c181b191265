import { describe, expect, it } from "vitest";
import { ratingAverage, ratingBreakdown, ratingCount, writeReviewHref } from "./reviews";

describe("rating summary", () => {
  it("derives the total and the average from the per-star counts", () => {
    expect(ratingBreakdown.map((r) => r.stars)).toEqual([5, 4, 3, 2, 1]);
    expect(ratingCount).toBe(ratingBreakdown.reduce((s, r) => s + r.count, 0));
    const exact = ratingBreakdown.reduce((s, r) => s + r.stars * r.count, 0) / ratingCount;
    expect(Math.abs(ratingAverage - exact)).toBeLessThanOrEqual(0.05);
    expect(ratingAverage).toBeGreaterThanOrEqual(1);
    expect(ratingAverage).toBeLessThanOrEqual(5);
  });

  it("sends a review to the support inbox with a subject", () => {
    const url = new URL(writeReviewHref);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("support@hourline.example");
    expect(url.searchParams.get("subject")).toBe("My review of Hourline");
  });
});
