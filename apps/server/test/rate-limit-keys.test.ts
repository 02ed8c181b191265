/**
 * The request limits shared through Redis count by a keyed hash of the client's address, never the
 * address itself, as the addresses kept in the database are (docs/security.md).
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { postgresFor, stores, testAppOn } from "./helpers";
import { REDIS_URL, redisFor, testKeyPrefix } from "./redis-service";

const pgUp = await postgresFor("the rate-limit key tests");
const redisUp = await redisFor("the rate-limit key tests");

describe.each(stores)("rate-limit keys in Redis on $name", (store) => {
  const run = redisUp && (!store.pg || pgUp);
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  afterAll(() => redis.disconnect());

  it.runIf(run)("hold a hash of the client's address, not the address", async () => {
    const prefix = testKeyPrefix();
    const app = await testAppOn(store, { REDIS_URL, REDIS_KEY_PREFIX: prefix });
    try {
      const answer = await app.inject({
        method: "POST",
        url: "/api/support/check_chat_email",
        remoteAddress: "203.0.113.77",
        headers: { origin: "http://localhost:3000" },
        payload: { email: "someone@example.com" },
      });
      expect(answer.statusCode).toBe(200);
      const keys = await redis.keys(`${prefix}rate-limit:*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join("\n")).not.toContain("203.0.113.77");
      expect(keys.join("\n")).toContain(app.hashIp("203.0.113.77"));
    } finally {
      await app.close();
      const left = await redis.keys(`${prefix}*`);
      if (left.length > 0) await redis.del(...left);
    }
  });
});
