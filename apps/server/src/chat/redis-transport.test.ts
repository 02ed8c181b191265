import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { REDIS_URL, redisFor, testKeyPrefix } from "../../test/redis-service";
import { RedisTransport } from "./redis-transport";

const up = await redisFor("the Redis transport tests");
const quiet = {
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger;

const opened: { transport: RedisTransport; clients: Redis[] }[] = [];

/** One instance's transport, as the chat-broker plugin makes it. */
function instance(
  keyPrefix: string,
  timing: { presenceTtlMs?: number; presenceRefreshMs?: number } = {},
) {
  // Named after the prefix, so a test can find and cut this instance's connections.
  const connectionName = keyPrefix.replaceAll(":", "-");
  const command = new Redis(REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName,
  });
  const subscriber = new Redis(REDIS_URL, { maxRetriesPerRequest: null, connectionName });
  const transport = new RedisTransport({ command, subscriber, keyPrefix, log: quiet, ...timing });
  opened.push({ transport, clients: [command, subscriber] });
  return { transport, command, subscriber };
}

async function ready(...clients: Redis[]) {
  await Promise.all(
    clients.map((c) =>
      c.status === "ready" ? undefined : new Promise((resolve) => c.once("ready", resolve)),
    ),
  );
}

async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(20);
  }
}

afterEach(async () => {
  for (const { transport, clients } of opened.splice(0)) {
    await transport.close();
    for (const c of clients) c.disconnect();
  }
});

describe.runIf(up)("RedisTransport", () => {
  it("delivers every payload once to every instance's subscribers, its own at once", async () => {
    const prefix = testKeyPrefix();
    const a = instance(prefix);
    const b = instance(prefix);
    await ready(a.command, a.subscriber, b.command, b.subscriber);
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    await a.transport.subscribe("agents", (p) => gotA.push(p));
    await b.transport.subscribe("agents", (p) => gotB.push(p));
    for (let i = 1; i <= 20; i++) await a.transport.publish("agents", { n: i });
    expect(gotA).toHaveLength(20); // before any round trip
    await until(() => gotB.length === 20);
    await sleep(100);
    expect(gotA).toEqual(gotB);
    expect(gotB).toEqual(Array.from({ length: 20 }, (_, i) => ({ n: i + 1 })));
  });

  it("keeps installations with other prefixes apart", async () => {
    const a = instance(testKeyPrefix());
    const b = instance(testKeyPrefix());
    await ready(a.command, a.subscriber, b.command, b.subscriber);
    const got: unknown[] = [];
    await b.transport.subscribe("agents", (p) => got.push(p));
    await a.transport.publish("agents", { n: 1 });
    await a.transport.setPresent("agents", "a:1", true);
    await sleep(200);
    expect(got).toEqual([]);
    expect(await b.transport.countPresent("agents")).toBe(0);
  });

  it("counts presence across instances, and a claim holds its limit across them", async () => {
    const prefix = testKeyPrefix();
    const a = instance(prefix);
    const b = instance(prefix);
    await ready(a.command, b.command);
    expect(await a.transport.setPresent("visitor:x@example.com", "a:1", true)).toBe(1);
    expect(await b.transport.setPresent("visitor:x@example.com", "b:1", true)).toBe(2);
    expect(await a.transport.countPresent("visitor:x@example.com")).toBe(2);
    expect(await b.transport.setPresent("visitor:x@example.com", "b:1", false)).toBe(1);

    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).transport.claimPresence("socket-client:k", `m:${i}`, 4),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(4);
    expect(await a.transport.countPresent("socket-client:k")).toBe(4);
  });

  it("stops counting a crashed instance's members once they expire, and keeps its own alive", async () => {
    const prefix = testKeyPrefix();
    const timing = { presenceTtlMs: 600, presenceRefreshMs: 150 };
    const a = instance(prefix, timing);
    const crashed = instance(prefix, timing);
    await ready(a.command, crashed.command);
    await a.transport.setPresent("agents", "a:1", true);
    await crashed.transport.setPresent("agents", "c:1", true);
    expect(await a.transport.countPresent("agents")).toBe(2);
    // A crash: its connections drop without a word, so its refresh stops and nothing is removed.
    for (const c of [crashed.command, crashed.subscriber]) c.disconnect();
    await sleep(1_200);
    expect(await a.transport.countPresent("agents")).toBe(1);
  });

  it("keeps every open member counted while other keys come and go", async () => {
    const prefix = testKeyPrefix();
    const a = instance(prefix, { presenceTtlMs: 600, presenceRefreshMs: 200 });
    await ready(a.command);
    // Keys that will close, opened first; then the keys that stay open.
    const closing = Array.from({ length: 900 }, (_, i) => `socket-session:closing-${i}`);
    const staying = Array.from({ length: 40 }, (_, i) => `socket-session:staying-${i}`);
    for (const key of [...closing, ...staying]) await a.transport.setPresent(key, "a:1", true);
    // Nine keys close every 20 ms (a slice's turn) for 1.8 s, three times the expiry.
    for (let turn = 0; turn < 90; turn++) {
      await Promise.all(
        closing.splice(0, 9).map((key) => a.transport.setPresent(key, "a:1", false)),
      );
      await sleep(20);
    }
    const counts = await Promise.all(staying.map((key) => a.transport.countPresent(key)));
    expect(counts).toEqual(staying.map(() => 1));
  });

  it("serves its own subscribers while Redis is unreachable, reports it, and asks for a resync when it is back", async () => {
    const prefix = testKeyPrefix();
    const a = instance(prefix);
    await ready(a.command, a.subscriber);
    const admin = new Redis(REDIS_URL);
    let resyncs = 0;
    a.transport.onResync(() => resyncs++);
    const got: unknown[] = [];
    await a.transport.subscribe("agents", (p) => got.push(p));
    expect(a.transport.healthy()).toBe(true);

    // Both connections of this instance are cut (as when Redis restarts): it notices, goes on.
    const name = prefix.replaceAll(":", "-");
    const list = String(await admin.client("LIST"));
    const ids = list
      .split("\n")
      .filter((line) => line.includes(`name=${name} `))
      .map((line) => /id=(\d+)/.exec(line)?.[1]);
    expect(ids).toHaveLength(2);
    for (const id of ids) if (id) await admin.client("KILL", "ID", id);
    await until(() => !a.transport.healthy());
    await a.transport.publish("agents", { during: true });
    expect(got).toContainEqual({ during: true });
    await until(() => a.transport.healthy() && resyncs === 1);
    admin.disconnect();
  });
});
