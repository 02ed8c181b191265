import { describe, expect, it } from "vitest";
import { InProcessBroker } from "./broker";

describe("InProcessBroker presence", () => {
  it("answers the count right after each change, so only the first join and the last leave see 1 and 0", async () => {
    const broker = new InProcessBroker();
    // Two sockets joining in the same moment: each learns its own count, never both 2.
    const joined = await Promise.all([
      broker.setPresent("visitor:a@example.com", "tab-1", true),
      broker.setPresent("visitor:a@example.com", "tab-2", true),
    ]);
    expect(joined).toEqual([1, 2]);
    expect(await broker.setPresent("visitor:a@example.com", "tab-2", true)).toBe(2);
    expect(await broker.countPresent("visitor:a@example.com")).toBe(2);

    expect(await broker.setPresent("visitor:a@example.com", "tab-1", false)).toBe(1);
    expect(await broker.setPresent("visitor:a@example.com", "tab-2", false)).toBe(0);
    expect(await broker.setPresent("visitor:a@example.com", "tab-2", false)).toBe(0);
    expect(await broker.countPresent("visitor:a@example.com")).toBe(0);
    await broker.close();
  });
});
