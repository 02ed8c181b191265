import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GroupCommit } from "./group-commit";

/** A store that records what each transaction wrote; `failBatch` makes a batch fail whole. */
function recordingStore(failBatch: (rows: string[]) => boolean, failOne = (_row: string) => false) {
  const committed: string[] = [];
  const batches: string[][] = [];
  const singles: string[] = [];
  const commit = new GroupCommit<string, string>(
    (rows) => {
      batches.push(rows);
      if (failBatch(rows)) return Promise.reject(new Error("batch failed"));
      committed.push(...rows);
      return Promise.resolve(rows.map((row) => `stored ${row}`));
    },
    (row) => {
      singles.push(row);
      if (failOne(row)) return Promise.reject(new Error(`${row} failed`));
      committed.push(row);
      return Promise.resolve(`stored ${row}`);
    },
    { maxBatch: 3 },
  );
  return { commit, committed, batches, singles };
}

describe("GroupCommit", () => {
  it("commits the writes of one turn together, in order, at most maxBatch at a time", async () => {
    const store = recordingStore(() => false);
    const answers = await Promise.all(["a", "b", "c", "d", "e"].map((r) => store.commit.add(r)));
    expect(answers).toEqual(["stored a", "stored b", "stored c", "stored d", "stored e"]);
    expect(store.batches).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
    expect(store.committed).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("settles no write before its batch has committed", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const settled: string[] = [];
    const commit = new GroupCommit<string, string>(
      async (rows) => {
        await gate;
        return rows;
      },
      (row) => Promise.resolve(row),
      { maxBatch: 10 },
    );
    const writes = ["a", "b"].map((row) => commit.add(row).then((r) => settled.push(r)));
    // The batch is under way and waits on its commit: nothing may be answered yet.
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    expect(settled).toEqual([]);
    release();
    await Promise.all(writes);
    expect(settled).toEqual(["a", "b"]);
  });

  it("a failed batch stores nothing by itself: each write is tried alone and gets its own outcome", async () => {
    const store = recordingStore(
      (rows) => rows.includes("bad"),
      (row) => row === "bad",
    );
    const outcomes = await Promise.allSettled(
      ["a", "bad", "c"].map((row) => store.commit.add(row)),
    );
    expect(outcomes).toEqual([
      { status: "fulfilled", value: "stored a" },
      { status: "rejected", reason: new Error("bad failed") },
      { status: "fulfilled", value: "stored c" },
    ]);
    expect(store.singles).toEqual(["a", "bad", "c"]);
    expect(store.committed).toEqual(["a", "c"]);
  });

  it("writes that arrive while a batch commits form the next batch", async () => {
    const store = recordingStore(() => false);
    const first = store.commit.add("a");
    await new Promise((resolve) => setImmediate(resolve));
    const later = ["b", "c"].map((row) => store.commit.add(row));
    await Promise.all([first, ...later]);
    await store.commit.settled();
    expect(store.committed).toEqual(["a", "b", "c"]);
    expect(store.batches).toEqual([["b", "c"]]);
    expect(store.singles).toEqual(["a"]);
  });
});

describe("GroupCommit with the database away", () => {
  it("refuses every write of a batch at once when its failure is one each would meet alone", async () => {
    const away = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const singles: string[] = [];
    const commit = new GroupCommit<string, string>(
      () => Promise.reject(away),
      (row) => {
        singles.push(row);
        return Promise.reject(away);
      },
      { maxBatch: 10, failsAlone: (error) => error === away },
    );
    const outcomes = await Promise.allSettled(["a", "b", "c"].map((r) => commit.add(r)));
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(outcomes.map((o) => (o.status === "rejected" ? o.reason : undefined))).toEqual([
      away,
      away,
      away,
    ]);
    // Not one connection attempt per write against a database that cannot answer.
    expect(singles).toEqual([]);
  });
});

describe("GroupCommit gathering under load", () => {
  /** A store recording each batch with the fake clock's time it was written at. */
  function gatheringStore(gather: { aboveRate: number; waitMs: number }, maxBatch = 50) {
    const batches: { rows: number[]; at: number }[] = [];
    const commit = new GroupCommit<number, number>(
      (rows) => {
        batches.push({ rows, at: performance.now() });
        return Promise.resolve(rows);
      },
      (row) => {
        batches.push({ rows: [row], at: performance.now() });
        return Promise.resolve(row);
      },
      { maxBatch, gather },
    );
    return { commit, batches };
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setImmediate", "performance"],
    });
  });

  /** `count` writes, one every `everyMs`, each answered with itself; how long each took. */
  async function arrive(
    commit: GroupCommit<number, number>,
    count: number,
    everyMs: number,
  ): Promise<number[]> {
    const waits: Promise<number>[] = [];
    for (let i = 0; i < count; i++) {
      const sent = performance.now();
      waits.push(
        commit.add(i).then((answer) => (expect(answer).toBe(i), performance.now() - sent)),
      );
      await vi.advanceTimersByTimeAsync(everyMs);
    }
    await vi.advanceTimersByTimeAsync(50);
    return Promise.all(waits);
  }

  it("below the rate, each write commits after its own turn, without waiting", async () => {
    const { commit, batches } = gatheringStore({ aboveRate: 500, waitMs: 5 });
    // 100 writes a second.
    const waits = await arrive(commit, 40, 10);
    expect(batches.every((b) => b.rows.length === 1)).toBe(true);
    expect(Math.max(...waits)).toBe(0);
  });

  it("above the rate, a batch waits up to waitMs and takes what arrived meanwhile", async () => {
    const { commit, batches } = gatheringStore({ aboveRate: 500, waitMs: 5 });
    // 1,000 writes a second: one turn holds one write, the gathering batches about five.
    const waits = await arrive(commit, 400, 1);
    const rows = batches.flatMap((b) => b.rows);
    expect(rows).toEqual(Array.from({ length: 400 }, (_, i) => i));
    // Once the rate is known (after the first window of 100 ms), batches hold several writes.
    const late = batches.filter((b) => b.at > 150);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((b) => b.rows.length >= 4 && b.rows.length <= 6)).toBe(true);
    // No write waited longer than the gathering time.
    expect(Math.max(...waits)).toBeLessThanOrEqual(5);
  });

  it("commits a batch that reached maxBatch at once, and stops waiting when writes stop coming", async () => {
    const { commit, batches } = gatheringStore({ aboveRate: 500, waitMs: 5 }, 8);
    await arrive(commit, 200, 1);
    const before = batches.length;
    // A burst of 20 at once: full batches go without waiting for the timer.
    const burst = Array.from({ length: 20 }, (_, i) => commit.add(1000 + i));
    const at = performance.now();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.slice(before, before + 2).map((b) => [b.rows.length, b.at - at])).toEqual([
      [8, 0],
      [8, 0],
    ]);
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all(burst);
    // After a pause the rate read is low again: a lone write does not wait.
    await vi.advanceTimersByTimeAsync(1000);
    const sent = performance.now();
    const lone = commit.add(5000);
    await vi.advanceTimersByTimeAsync(0);
    await expect(lone).resolves.toBe(5000);
    expect(batches.at(-1)).toEqual({ rows: [5000], at: sent });
  });
});
