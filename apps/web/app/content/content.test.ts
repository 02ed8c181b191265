import { describe, expect, it } from "vitest";
import { validateContent } from "./validate-content";

describe("content modules", () => {
  it("match their schemas and the route table", async () => {
    expect(await validateContent()).toEqual([]);
  });
});
