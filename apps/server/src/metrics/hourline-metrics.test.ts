import { tmpdir } from "node:os";
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

  it("keeps the last figures when a read fails, says so, and reports the database down", async () => {
    const reads: unknown[] = [];
    const metrics = createHourlineMetrics({
      queueMaxAgeMs: 0,
      onQueueRead: (e) => reads.push(e),
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
    expect(sample(await metrics.render(), "hourline_database_up")).toBe(1);
    fail = true;
    const text = await metrics.render();
    expect(sample(text, "hourline_conversations_waiting")).toBe(1);
    expect(sample(text, "hourline_database_up")).toBe(0);
    expect(reads).toEqual([undefined, new Error("database unreachable")]);
  });

  it("counts HTTP answers by route pattern and code, and times them", async () => {
    const metrics = createHourlineMetrics();
    metrics.httpAnswered("GET", "/api/agent/conversations/:id", 200, 0.003);
    metrics.httpAnswered("GET", "/api/agent/conversations/:id", 200, 0.02);
    metrics.httpAnswered("GET", "/api/agent/conversations/:id", 503, 0.001);
    const text = await metrics.render();
    const route = 'method="GET",route="/api/agent/conversations/:id"';
    expect(sample(text, `hourline_http_requests_total{${route},code="200"}`)).toBe(2);
    expect(sample(text, `hourline_http_requests_total{${route},code="503"}`)).toBe(1);
    expect(sample(text, `hourline_http_request_duration_seconds_count{${route}}`)).toBe(3);
    expect(sample(text, `hourline_http_request_duration_seconds_bucket{le="0.005",${route}}`)).toBe(
      2,
    );
  });

  it("says which build runs, and how much room DATA_DIR has", async () => {
    const metrics = createHourlineMetrics({
      build: { version: "1.2.3", commit: "abc123", node: "v20.0.0" },
      dataDir: tmpdir(),
    });
    const text = await metrics.render();
    expect(
      sample(text, 'hourline_build_info{version="1.2.3",commit="abc123",node="v20.0.0"}'),
    ).toBe(1);
    const free = sample(text, "hourline_data_dir_free_bytes");
    const size = sample(text, "hourline_data_dir_size_bytes");
    expect(free).toBeGreaterThan(0);
    expect(size).toBeGreaterThanOrEqual(free);
  });
});
