/**
 * The series GET /metrics exposes, in one prom-client registry per app (tests build several apps in
 * one process; a global registry would mix them). The process's default metrics (memory, CPU,
 * garbage collection, nodejs_eventloop_lag_seconds) come from prom-client; the `hourline_` series
 * are counted where things happen (a socket opens, a message is stored, a mail fails, a request is
 * refused) so a scrape reads numbers already in memory. Only the queues that live in the database
 * (conversations waiting for an answer, unsent mail) are read at scrape, with two bounded queries.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export type Side = "visitor" | "agent";

/** What the database says at scrape time (see repositories/operations-metrics.ts). */
export interface QueueState {
  waitingConversations: number;
  /** created_at of the oldest unanswered visitor message, or null when nobody waits. */
  oldestWaitingSince: number | null;
  unsentMail: number;
  /** created_at of the oldest pending mail, or null when the outbox is empty. */
  oldestUnsentSince: number | null;
}

export interface HourlineMetrics {
  readonly registry: Registry;
  socketOpened(side: Side): void;
  socketClosed(side: Side): void;
  messageStored(side: Side): void;
  /** A stored message reached this instance's sockets of `to`, `seconds` after it was stored. */
  messageDelivered(to: Side, seconds: number): void;
  mailFailed(outcome: "retry" | "gave_up"): void;
  /** A request or frame refused by a limit; `limit` names the limit (a route, "socket_flood"). */
  refused(limit: string): void;
  /** Reads the database's queues; called by the /metrics route before rendering. */
  setQueueReader(read: () => Promise<QueueState>): void;
  /**
   * Where hourline_redis_connected reads from. Without one (no REDIS_URL) the series is not
   * exposed at all: a 0 would say "Redis is down" where no Redis is meant to be.
   */
  setRedisProbe(connected: () => boolean): void;
  /** The text exposition format, after reading the queues. */
  render(now?: number): Promise<string>;
  readonly contentType: string;
}

/** prom-client defaults whose cost grows with every open socket (see below). */
const LISTING_EVERY_HANDLE = [
  "process_open_fds",
  "nodejs_active_handles",
  "nodejs_active_handles_total",
  "nodejs_active_requests",
  "nodejs_active_requests_total",
  "nodejs_active_resources",
  "nodejs_active_resources_total",
];

/** Delivery is measured in milliseconds on one instance, tens of them across Redis. */
const DELIVERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** How old the database's queue figures may be when a scrape answers with them. */
export const defaultQueueMaxAgeMs = 5_000;

export function createHourlineMetrics({
  queueMaxAgeMs = defaultQueueMaxAgeMs,
  onQueueReadError = () => undefined,
}: {
  queueMaxAgeMs?: number | undefined;
  onQueueReadError?: ((error: unknown) => void) | undefined;
} = {}): HourlineMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // These list every open handle at each scrape (a readdir of /proc/self/fd, arrays of every
  // socket, twice): with 10,000 chat sockets they cost about 100 ms of the event loop per scrape.
  // hourline_sockets_open says what they would, from a count kept in memory.
  for (const name of LISTING_EVERY_HANDLE) registry.removeSingleMetric(name);

  const sockets = new Gauge({
    name: "hourline_sockets_open",
    help: "Chat WebSockets open on this instance, by side",
    labelNames: ["side"] as const,
    registers: [registry],
  });
  // Present from the first scrape, so a dashboard shows 0 instead of "no data".
  sockets.set({ side: "visitor" }, 0);
  sockets.set({ side: "agent" }, 0);
  const stored = new Counter({
    name: "hourline_messages_stored_total",
    help: "Chat messages stored by this instance, by the side that sent them",
    labelNames: ["side"] as const,
    registers: [registry],
  });
  stored.inc({ side: "visitor" }, 0);
  stored.inc({ side: "agent" }, 0);
  const delivery = new Histogram({
    name: "hourline_message_delivery_seconds",
    help: "From a chat message's commit to its write to the receiving side's sockets on this instance",
    labelNames: ["to"] as const,
    buckets: DELIVERY_BUCKETS,
    registers: [registry],
  });
  const waiting = new Gauge({
    name: "hourline_conversations_waiting",
    help: "Open conversations whose newest visitor messages have no agent answer yet",
    registers: [registry],
  });
  const oldestWait = new Gauge({
    name: "hourline_conversation_oldest_wait_seconds",
    help: "How long the longest-waiting visitor has waited for an answer (0 when nobody waits)",
    registers: [registry],
  });
  const outboxDepth = new Gauge({
    name: "hourline_outbox_depth",
    help: "Mail in the outbox not yet sent (pending, including retries)",
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: "hourline_outbox_oldest_unsent_seconds",
    help: "Age of the oldest mail not yet sent (0 when the outbox is empty)",
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: "hourline_mail_failures_total",
    help: "Failed mail deliveries: retry (will be tried again) or gave_up (marked failed)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  mailFailures.inc({ outcome: "retry" }, 0);
  mailFailures.inc({ outcome: "gave_up" }, 0);
  const refusals = new Counter({
    name: "hourline_rate_limit_refusals_total",
    help: "Requests, socket upgrades and frames refused by a rate or count limit, by limit",
    labelNames: ["limit"] as const,
    registers: [registry],
  });

  let readQueues: (() => Promise<QueueState>) | undefined;
  let queues: { state: QueueState; readAt: number } | undefined;
  let reading: Promise<void> | undefined;
  // A read is dated by the scrape that started it (the figures are as of then), on the clock
  // render() is given, so the max age is measured on one clock.
  const readNow = (startedAt: number) => {
    const read = readQueues;
    if (!read) return Promise.resolve();
    reading ??= read()
      .then((state) => {
        queues = { state, readAt: startedAt };
      })
      .catch(onQueueReadError)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  let redisGauge: Gauge | undefined;
  let redisProbe: (() => boolean) | undefined;

  return {
    registry,
    contentType: registry.contentType,
    socketOpened: (side) => sockets.inc({ side }),
    socketClosed: (side) => sockets.dec({ side }),
    messageStored: (side) => stored.inc({ side }),
    messageDelivered: (to, seconds) => delivery.observe({ to }, Math.max(0, seconds)),
    mailFailed: (outcome) => mailFailures.inc({ outcome }),
    refused: (limit) => refusals.inc({ limit }),
    setQueueReader(read) {
      readQueues = read;
    },
    setRedisProbe(connected) {
      redisProbe = connected;
      redisGauge ??= new Gauge({
        name: "hourline_redis_connected",
        help: "1 while this instance's Redis connection (REDIS_URL) is up, else 0",
        registers: [registry],
        // Read at scrape from the client's own state: no round trip to Redis.
        collect() {
          this.set(redisProbe?.() ? 1 : 0);
        },
      });
    },
    async render(now = Date.now()) {
      if (readQueues) {
        if (!queues || queueMaxAgeMs === 0) await readNow(now);
        else if (now - queues.readAt >= queueMaxAgeMs) void readNow(now);
      }
      if (queues) {
        const q = queues.state;
        waiting.set(q.waitingConversations);
        oldestWait.set(q.oldestWaitingSince === null ? 0 : (now - q.oldestWaitingSince) / 1000);
        outboxDepth.set(q.unsentMail);
        outboxOldest.set(q.oldestUnsentSince === null ? 0 : (now - q.oldestUnsentSince) / 1000);
      }
      return registry.metrics();
    },
  };
}
