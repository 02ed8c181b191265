import { describe, expect, it } from "vitest";
import { ConcurrencyGate } from "./concurrency-gate";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("ConcurrencyGate", () => {
  it("runs at most `limit` tasks at once, queues up to `maxWaiting`, and refuses the rest", async () => {
    const gate = new ConcurrencyGate(2, 1);
    const blockers = [deferred(), deferred(), deferred()];
    let running = 0;
    let most = 0;
    const task = (i: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await blockers[i]?.promise;
      running -= 1;
      return i;
    };
    const first = gate.run(task(0));
    const second = gate.run(task(1));
    const third = gate.run(task(2));
    expect(await gate.run(task(3))).toEqual({ ran: false });
    expect(gate.load).toEqual({ active: 2, waiting: 1 });
    blockers[0]?.resolve();
    expect(await first).toEqual({ ran: true, value: 0 });
    blockers[1]?.resolve();
    blockers[2]?.resolve();
    expect(await Promise.all([second, third])).toEqual([
      { ran: true, value: 1 },
      { ran: true, value: 2 },
    ]);
    expect(most).toBe(2);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it("frees the slot when a task throws", async () => {
    const gate = new ConcurrencyGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("bad image")))).rejects.toThrow(
      "bad image",
    );
    expect(await gate.run(async () => "next")).toEqual({ ran: true, value: "next" });
  });
});
