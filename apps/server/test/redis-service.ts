/**
 * Redis for the tests that need a real one: its URL (TEST_REDIS_URL, else the loopback default),
 * whether it answers (skipping loudly on a developer's machine, failing under CI), and a key prefix
 * of each test's own, so runs sharing a server never meet.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export function testKeyPrefix(): string {
  return `hl-test:${randomBytes(6).toString("hex")}:`;
}

export async function redisAvailable(url = REDIS_URL): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Like postgresFor (helpers.ts): true when Redis answers; says loudly what is skipped when not. */
export async function redisFor(what: string): Promise<boolean> {
  const up = await redisAvailable();
  if (!up) {
    const why = `no Redis answers at ${REDIS_URL}`;
    if (process.env.CI) throw new Error(`${what} must run under CI, but ${why}.`);
    console.warn(`SKIPPING ${what}: ${why}. Start it (see docs/testing.md) or set TEST_REDIS_URL.`);
  }
  return up;
}

/**
 * The environment that puts an app on Redis (a prefix of its own), for the suites whose
 * PostgreSQL run stands for a deployment of several instances; empty when Redis is not up.
 */
export function redisEnv(up: boolean): Record<string, string> {
  return up ? { REDIS_URL, REDIS_KEY_PREFIX: testKeyPrefix() } : {};
}
