/**
 * `app.chatBroker`: the one path by which anything reaches the chat's sockets, on this instance or
 * any other: in process without REDIS_URL, over Redis with it (or another transport tests give).
 * `app.redis` is the command connection (the rate-limit store shares it), null without Redis.
 * `app.instanceId`, unique per running instance, names this instance's sockets in presence sets.
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { ChatBroker, InProcessTransport, type BrokerTransport } from "../chat/broker";
import { RedisTransport, type RedisTransportOptions } from "../chat/redis-transport";

declare module "fastify" {
  interface FastifyInstance {
    chatBroker: ChatBroker;
    /** Redis's command connection when REDIS_URL is set; null in one process. */
    redis: Redis | null;
    /** What every Redis key and channel of this installation starts with. */
    redisKeyPrefix: string;
    /** Unique per running instance: presence members are `<instanceId>:<socket>`. */
    instanceId: string;
  }
}

export interface ChatBrokerOptions {
  /** Tests plug in another transport; it wins over `redisUrl`. */
  transport?: BrokerTransport | undefined;
  redisUrl?: string | undefined;
  /** Prefix of every Redis key and channel (REDIS_KEY_PREFIX). */
  redisKeyPrefix?: string | undefined;
  /** Tests shorten how long a crashed instance's sockets keep counting. */
  presence?: Pick<RedisTransportOptions, "presenceTtlMs" | "presenceRefreshMs"> | undefined;
}

/** How long the start waits for Redis before serving without it (it connects when it can). */
const FIRST_CONNECT_WAIT_MS = 5_000;

async function connected(client: Redis): Promise<boolean> {
  if (client.status === "ready") return true;
  const timeout = AbortSignal.timeout(FIRST_CONNECT_WAIT_MS);
  try {
    await once(client, "ready", { signal: timeout });
    return true;
  } catch {
    return false;
  }
}

export default fp<ChatBrokerOptions>(
  async (app, options) => {
    const log = app.log.child({ component: "chat-broker" });
    let transport = options.transport;
    const keyPrefix = options.redisKeyPrefix ?? "hourline:";
    let redis: Redis | null = null;
    let subscriber: Redis | null = null;
    if (!transport && options.redisUrl) {
      // Commands fail at once while Redis is down (nothing queues behind an outage); the
      // subscriber queues its subscriptions and makes them again after every reconnect. Commands
      // issued in one turn of the event loop leave in one write (a message's two publishes, the
      // presence of sockets opening together).
      redis = new Redis(options.redisUrl, {
        enableAutoPipelining: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectionName: "hourline-commands",
      });
      subscriber = new Redis(options.redisUrl, {
        maxRetriesPerRequest: null,
        connectionName: "hourline-events",
      });
      transport = new RedisTransport({
        command: redis,
        subscriber,
        keyPrefix,
        log,
        ...options.presence,
      });
      const [up] = await Promise.all([connected(redis), connected(subscriber)]);
      if (!up) log.warn("redis unreachable at start: serving this instance's sockets alone");
    }
    const broker = new ChatBroker(transport ?? new InProcessTransport(), log);
    app.decorate("chatBroker", broker);
    app.decorate("redis", redis);
    app.decorate("redisKeyPrefix", keyPrefix);
    app.decorate("instanceId", randomUUID());
    app.addHook("onClose", async () => {
      await broker.close();
      for (const client of [redis, subscriber]) {
        if (client?.status === "ready") await client.quit().catch(() => undefined);
        else client?.disconnect();
      }
    });
  },
  { name: "chat-broker" },
);
