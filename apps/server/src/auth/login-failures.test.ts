/** The per-e-mail count of failed sign-ins. */
import { describe, expect, it } from "vitest";
import { LoginFailures } from "./login-failures";

describe("LoginFailures", () => {
  const limit = { max: 3, windowMs: 60_000 };

  it("refuses an address after max failures until its window ends", () => {
    const failures = new LoginFailures(limit);
    const t0 = 1_000_000;
    for (let i = 0; i < 2; i++) failures.recordFailure("a@example.com", t0 + i);
    expect(failures.retryAfterSeconds("a@example.com", t0 + 10)).toBe(0);
    failures.recordFailure("a@example.com", t0 + 20);
    expect(failures.retryAfterSeconds("a@example.com", t0 + 30)).toBe(60);
    expect(failures.retryAfterSeconds("a@example.com", t0 + 30_000)).toBe(30);
    expect(failures.retryAfterSeconds("b@example.com", t0 + 30)).toBe(0);
    expect(failures.retryAfterSeconds("a@example.com", t0 + 60_000)).toBe(0);
    // A new window starts from nothing.
    failures.recordFailure("a@example.com", t0 + 60_001);
    expect(failures.retryAfterSeconds("a@example.com", t0 + 60_002)).toBe(0);
  });

  it("forgets an address on a successful sign-in", () => {
    const failures = new LoginFailures(limit);
    for (let i = 0; i < 3; i++) failures.recordFailure("a@example.com", 0);
    expect(failures.retryAfterSeconds("a@example.com", 1)).toBeGreaterThan(0);
    failures.clear("a@example.com");
    expect(failures.retryAfterSeconds("a@example.com", 1)).toBe(0);
  });

  it("keeps its memory bounded by dropping the oldest windows", () => {
    const failures = new LoginFailures({ max: 1, windowMs: 60_000 });
    failures.recordFailure("first@example.com", 0);
    for (let i = 0; i < 10_000; i++) failures.recordFailure(`x${i}@example.com`, 1);
    expect(failures.retryAfterSeconds("first@example.com", 2)).toBe(0);
    expect(failures.retryAfterSeconds("x9999@example.com", 2)).toBeGreaterThan(0);
  });
});
