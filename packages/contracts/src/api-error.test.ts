import { describe, expect, it } from "vitest";
import { z } from "zod";
import { apiError, apiErrorSchema, describeRetryAfter, fieldErrors } from "./api-error";

describe("API error envelope", () => {
  it("builds the API's error shape, with fields only when given", () => {
    expect(apiError(404, "not_found", "No such endpoint")).toEqual({
      status: 404,
      error: { code: "not_found", message: "No such endpoint" },
    });
    const withFields = apiError(400, "validation_failed", "Check", { name: "Required" });
    expect(apiErrorSchema.parse(withFields)).toEqual(withFields);
  });

  it("keeps the first problem of each field", () => {
    const schema = z.object({ a: z.string().min(2, "short").regex(/x/, "no x"), b: z.number() });
    const result = schema.safeParse({ a: "y", b: "1" });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({ a: "short", b: expect.any(String) });
    }
  });

  it.each([
    [0.2, "1 second"],
    [1, "1 second"],
    [45, "45 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [900, "15 minutes"],
  ])("describes a wait of %s s as %j", (seconds, words) => {
    expect(describeRetryAfter(seconds)).toBe(words);
  });
});
