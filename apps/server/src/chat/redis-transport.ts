/**
 * The broker's transport across instances, on Redis (REDIS_URL): pub/sub carries the payloads and
 * sorted sets count who is present. Redis only carries events; the database stays the record, and
 * every payload is published after its transaction committed (conversation-rules.ts).
 *
 * Two connections, as Redis requires: one for commands (publish, presence, the rate-limit store)
 * and one that only subscribes. Every payload is also delivered to this instance's own subscribers
 * at once, in process, and skipped when it comes back from Redis: so an instance keeps serving its
 * own sockets while Redis is down, and its own events never depend on a round trip. When the
 * subscription comes back after a break, `onResync` handlers run: the sockets are told to fetch
 * what they may have missed (`?after=`), since other instances' events of that time are gone.
 *
 * Presence: each key is a sorted set of members scored by when they expire. Every instance
 * re-marks its own members each `presenceRefreshMs` (a tenth of its keys every tenth of that, so
 * thousands of sockets never refresh in one burst); the members of an instance that crashed are
 * not re-marked and stop counting after `presenceTtlMs`. While Redis is down, counts are this
 * instance's own.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { BrokerTransport, Unsubscribe } from "./broker";

export interface RedisTransportOptions {
  /** Commands: publish and presence. Created with `enableOfflineQueue: false`, so nothing waits. */
  command: Redis;
  /** Subscriptions only (ioredis re-subscribes after a reconnect). */
  subscriber: Redis;
  /** Prefix of every channel and key, so several installations (or tests) can share a server. */
  keyPrefix: string;
  log: FastifyBaseLogger;
  /** A present member not re-marked within this time stops counting. */
  presenceTtlMs?: number;
  presenceRefreshMs?: number;
}

/**
 * Removes expired members, then adds (ARGV[2] = 1, refused with -1 when ARGV[5] > 0 members are
 * there already) or removes the member, and answers the count. The time is Redis's own, so the
 * instances' clocks need not agree.
 */
const SET_PRESENT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if ARGV[2] == '1' then
  local max = tonumber(ARGV[4])
  if max > 0 and not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= max then
    return -1
  end
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return redis.call('ZCARD', KEYS[1])
`;

/** Counts the members that have not expired. */
const COUNT_PRESENT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')
`;

/** Re-marks every member in ARGV[2..] of this instance under one key. */
const REFRESH_PRESENT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + ttl, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ttl)
return 0
`;

type RedisWithScripts = Redis & {
  hlSetPresent(key: string, member: string, add: string, ttl: number, max: number): Promise<number>;
  hlCountPresent(key: string): Promise<number>;
  hlRefreshPresent(key: string, ttl: number, ...members: string[]): Promise<number>;
};

interface Envelope {
  /** The instance that published it: it has already delivered it to its own subscribers. */
  o: string;
  p: unknown;
}

export const defaultPresenceTiming = { presenceTtlMs: 45_000, presenceRefreshMs: 15_000 };

/** The presence refresh visits a tenth of the keys every tenth of its interval. */
const REFRESH_SLICES = 10;

/**
 * Which slice of the refresh re-marks a key: from the key alone (FNV-1a), so a key keeps its
 * slice while others come and go. A position in the map would shift with every key removed
 * before it, and a key could miss its turn long enough to expire while its socket is open.
 */
function refreshSliceOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0) % REFRESH_SLICES;
}

export class RedisTransport implements BrokerTransport {
  private readonly origin = randomUUID();
  private readonly local = new EventEmitter();
  private readonly command: RedisWithScripts;
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly log: FastifyBaseLogger;
  private readonly ttlMs: number;
  /** This instance's present members, by key: re-marked by the refresh, counted while Redis is down. */
  private readonly present = new Map<string, Set<string>>();
  private readonly resyncHandlers = new Set<() => void>();
  private readonly refresh: NodeJS.Timeout;
  /** Which slice of the keys the next presence refresh re-marks. */
  private refreshSlice = 0;
  /** The subscription broke since it was last ready: the next ready means events were missed. */
  private broken = false;
  private closed = false;

  constructor(options: RedisTransportOptions) {
    this.command = options.command as RedisWithScripts;
    this.subscriber = options.subscriber;
    this.prefix = options.keyPrefix;
    this.log = options.log;
    this.ttlMs = options.presenceTtlMs ?? defaultPresenceTiming.presenceTtlMs;
    this.local.setMaxListeners(0);

    this.command.defineCommand("hlSetPresent", { numberOfKeys: 1, lua: SET_PRESENT });
    this.command.defineCommand("hlCountPresent", { numberOfKeys: 1, lua: COUNT_PRESENT });
    this.command.defineCommand("hlRefreshPresent", { numberOfKeys: 1, lua: REFRESH_PRESENT });

    this.subscriber.on("messageBuffer", (channel: Buffer, message: Buffer) => {
      this.receive(channel.toString("utf8"), message);
    });
    this.subscriber.on("close", () => {
      if (!this.closed && !this.broken) {
        this.broken = true;
        this.log.warn("redis subscription lost: serving this instance's sockets alone");
      }
    });
    this.subscriber.on("ready", () => {
      if (!this.broken) return;
      this.broken = false;
      // ioredis subscribes again right after 'ready': a ping queued behind those commands answers
      // once they hold, and only then may the sockets fetch (nothing published after it is lost).
      setImmediate(() => {
        void this.subscriber
          .ping()
          .catch(() => undefined)
          .then(() => this.resync());
      });
    });
    // ioredis logs nothing itself; an 'error' without a listener would crash the process.
    const onError = (err: Error) => this.log.debug({ err }, "redis connection error");
    this.command.on("error", onError);
    this.subscriber.on("error", onError);

    const refreshMs = options.presenceRefreshMs ?? defaultPresenceTiming.presenceRefreshMs;
    this.refresh = setInterval(() => {
      const slice = this.refreshSlice;
      this.refreshSlice = (slice + 1) % REFRESH_SLICES;
      void this.refreshPresence(slice);
    }, refreshMs / REFRESH_SLICES);
    this.refresh.unref();
  }

  /** Both connections are up: events reach the other instances. */
  healthy(): boolean {
    return this.command.status === "ready" && this.subscriber.status === "ready";
  }

  onResync(handler: () => void): Unsubscribe {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    this.local.emit(channel, payload);
    if (this.command.status !== "ready") return;
    const envelope: Envelope = { o: this.origin, p: payload };
    try {
      await this.command.publish(this.prefix + channel, JSON.stringify(envelope));
    } catch (err) {
      // Committed already and delivered here; the other instances catch up when Redis is back.
      this.log.warn({ err }, "redis publish failed");
    }
  }

  async subscribe(channel: string, handler: (payload: unknown) => void): Promise<Unsubscribe> {
    const first = this.local.listenerCount(channel) === 0;
    this.local.on(channel, handler);
    if (first) {
      const subscribed = this.subscriber.subscribe(this.prefix + channel).catch((err: unknown) => {
        this.log.warn({ err }, "redis subscribe failed");
      });
      // While Redis is down the subscription is made when it returns; nobody waits for that.
      if (this.subscriber.status === "ready") await subscribed;
    }
    return () => {
      this.local.off(channel, handler);
      if (this.local.listenerCount(channel) === 0 && !this.closed) {
        this.subscriber.unsubscribe(this.prefix + channel).catch(() => undefined);
      }
    };
  }

  async setPresent(key: string, member: string, present: boolean, max = 0): Promise<number> {
    let members = this.present.get(key);
    const had = members?.has(member) ?? false;
    if (present) {
      if (max > 0 && !had && (members?.size ?? 0) >= max) return -1;
      if (!members) this.present.set(key, (members = new Set()));
      members.add(member);
    } else if (members) {
      members.delete(member);
      if (members.size === 0) this.present.delete(key);
    }
    if (this.command.status !== "ready") return this.present.get(key)?.size ?? 0;
    try {
      const count = await this.command.hlSetPresent(
        this.presenceKey(key),
        member,
        present ? "1" : "0",
        this.ttlMs,
        max,
      );
      if (count === -1) this.forgetLocal(key, member);
      return count;
    } catch (err) {
      this.log.warn({ err }, "redis presence update failed");
      return this.present.get(key)?.size ?? 0;
    }
  }

  async claimPresence(key: string, member: string, max: number): Promise<boolean> {
    return (await this.setPresent(key, member, true, max)) !== -1;
  }

  async countPresent(key: string): Promise<number> {
    const own = this.present.get(key)?.size ?? 0;
    if (this.command.status !== "ready") return own;
    try {
      return await this.command.hlCountPresent(this.presenceKey(key));
    } catch {
      return own;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.refresh);
    this.local.removeAllListeners();
    this.resyncHandlers.clear();
    // This instance's members leave at once rather than when they expire.
    if (this.command.status === "ready") {
      const pipeline = this.command.pipeline();
      for (const [key, members] of this.present) {
        pipeline.zrem(this.presenceKey(key), ...members);
      }
      await pipeline.exec().catch(() => undefined);
    }
    this.present.clear();
  }

  private resync(): void {
    this.log.info("redis subscription back: telling the sockets to catch up");
    void this.refreshPresence(null);
    for (const handler of this.resyncHandlers) {
      try {
        handler();
      } catch (err) {
        this.log.error({ err }, "a resync handler failed");
      }
    }
  }

  private forgetLocal(key: string, member: string): void {
    const members = this.present.get(key);
    members?.delete(member);
    if (members?.size === 0) this.present.delete(key);
  }

  private presenceKey(key: string): string {
    return `${this.prefix}presence:${key}`;
  }

  private receive(channel: string, message: Buffer): void {
    if (!channel.startsWith(this.prefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.toString("utf8")) as Envelope;
    } catch {
      this.log.warn("redis payload dropped: not JSON");
      return;
    }
    if (typeof envelope !== "object" || envelope === null || envelope.o === this.origin) return;
    // The broker parses the payload with the channel's schema before any handler sees it.
    this.local.emit(channel.slice(this.prefix.length), envelope.p);
  }

  /** Re-marks this instance's members: of one slice of the keys, or of every key (null). */
  private async refreshPresence(slice: number | null): Promise<void> {
    if (this.command.status !== "ready" || this.present.size === 0) return;
    const pipeline = this.command.pipeline() as ReturnType<Redis["pipeline"]> & {
      hlRefreshPresent(key: string, ttl: number, ...members: string[]): unknown;
    };
    for (const [key, members] of this.present) {
      if (slice === null || refreshSliceOf(key) === slice) {
        pipeline.hlRefreshPresent(this.presenceKey(key), this.ttlMs, ...members);
      }
    }
    if (pipeline.length === 0) return;
    try {
      await pipeline.exec();
    } catch (err) {
      this.log.warn({ err }, "redis presence refresh failed");
    }
  }
}
