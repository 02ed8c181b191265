import { describe, expect, it } from "vitest";
import { createHourlineMetrics, type QueueState } from "./hourline-metrics";

const sample = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((l) => l.startsWith(`${series} `))
      ?.slice(series.length + 1),
  );

describe("the database's queues in /metrics", () => {
  it("are read at the first scrape, then at most once per max age, the ages kept exact", async () => {
    const metrics = createHourlineMetrics({ queueMaxAgeMs: 60_000 });
    let reads = 0;
    let waiting = 3;
    metrics.setQueueReader(async (): Promise<QueueState> => {
      reads += 1;
      return {
        waitingConversations: waiting,
        oldestWaitingSince: 1_000_000,
        unsentMail: 2,
        oldestUnsentSince: 1_000_000,
      };
    });
    const t0 = Date.now();
    let text = await metrics.render(t0);
    expect(reads).toBe(1);
    expect(sample(text, "hourline_conversations_waiting")).toBe(3);

    // Within the max age: no read, and the ages follow the clock.
    waiting = 7;
    text = await metrics.render(1_000_000 + 90_000);
    expect(reads).toBe(1);
    expect(sample(text, "hourline_conversation_oldest_wait_seconds")).toBe(90);
    expect(sample(text, "hourline_outbox_oldest_unsent_seconds")).toBe(90);

    // Past it: this scrape answers at once with the last read and starts a new one.
    text = await metrics.render(t0 + 60_000);
    expect(sample(text, "hourline_conversations_waiting")).toBe(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(2);
    text = await metrics.render(t0 + 60_001);
    expect(sample(text, "hourline_conversations_waiting")).toBe(7);
  });

  it("keeps the last figures when a read fails, and says so", async () => {
    const errors: unknown[] = [];
    const metrics = createHourlineMetrics({
      queueMaxAgeMs: 0,
      onQueueReadError: (e) => errors.push(e),
    });
    let fail = false;
    metrics.setQueueReader(async () => {
      if (fail) throw new Error("database unreachable");
      return {
        waitingConversations: 1,
        oldestWaitingSince: null,
        unsentMail: 0,
        oldestUnsentSince: null,
      };
    });
    await metrics.render();
    fail = true;
    const text = await metrics.render();
    expect(sample(text, "hourline_conversations_waiting")).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
