import { describe, expect, it } from "vitest";
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
