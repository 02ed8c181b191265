import { describe, expect, it } from "vitest";
import { mapCooperatively } from "./cooperative-map";

function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin: a stand-in for converting one long message
  }
}

describe("mapCooperatively", () => {
  it("maps every item in order", async () => {
    expect(await mapCooperatively([1, 2, 3], (n, i) => n * 10 + i)).toEqual([10, 21, 32]);
    expect(await mapCooperatively([], () => 1)).toEqual([]);
  });

  it("lets other work run between slices", async () => {
    const order: string[] = [];
    const timer = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push("other work");
        resolve();
      }),
    );
    const mapped = mapCooperatively(
      Array.from({ length: 6 }, (_, i) => i),
      (i) => {
        busy(5);
        order.push(`item ${i}`);
        return i;
      },
      { sliceMs: 8 },
    );
    await Promise.all([mapped, timer]);
    // The other work ran before the last item, not after the whole list.
    expect(order.indexOf("other work")).toBeLessThan(order.indexOf("item 5"));
  });
});
