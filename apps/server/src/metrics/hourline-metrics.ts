/**
 * The series GET /metrics exposes, in one prom-client registry per app (tests build several apps in
 * one process; a global registry would mix them). The process's default metrics (memory, CPU,
 * garbage collection, nodejs_eventloop_lag_seconds) come from prom-client; the `hourline_` series
 * are counted where things happen (a socket opens, a message is stored, a mail fails, a request is
 * refused) so a scrape reads numbers already in memory. Only the queues that live in the database
 * (conversations waiting for an answer, unsent mail) are read at scrape, with two bounded queries.
 */
import { statfs } from "node:fs/promises";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { BuildInfo } from "../build-info";

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
  /**
   * An HTTP request answered: `route` is the route's pattern (`/api/agent/conversations/:id`),
   * never the URL, which may hold an address and would make a series per visitor.
   */
  httpAnswered(method: string, route: string, status: number, seconds: number): void;
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

/** From a static file's fraction of a millisecond to a slow upload or a long search. */
const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How old the database's queue figures may be when a scrape answers with them. */
export const defaultQueueMaxAgeMs = 5_000;

export function createHourlineMetrics({
  queueMaxAgeMs = defaultQueueMaxAgeMs,
  onQueueRead = () => undefined,
  build,
  dataDir,
}: {
  queueMaxAgeMs?: number | undefined;
  /** After each read of the queues: no argument when it succeeded, the error when it failed. */
  onQueueRead?: ((error?: unknown) => void) | undefined;
  /** hourline_build_info's labels. */
  build?: BuildInfo | undefined;
  /** DATA_DIR, whose file system's free space is exposed (read at scrape, one statfs call). */
  dataDir?: string | undefined;
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

  if (build) {
    new Gauge({
      name: "hourline_build_info",
      help: "The build this instance runs (always 1): server version, commit, Node.js version",
      labelNames: ["version", "commit", "node"] as const,
      registers: [registry],
    }).set({ version: build.version, commit: build.commit, node: build.node }, 1);
  }

  const httpRequests = new Counter({
    name: "hourline_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code (errors: code 5xx)",
    labelNames: ["method", "route", "code"] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: "hourline_http_request_duration_seconds",
    help: "From a request's arrival to its answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  // One child per label set, looked up by one string: prom-client would hash the labels again at
  // every request otherwise. The sets are few (routes x methods x codes), so the maps stay small.
  const requestCounters = new Map<string, { inc(): void }>();
  const durations = new Map<string, { observe(value: number): void }>();

  if (dataDir) {
    new Gauge({
      name: "hourline_data_dir_free_bytes",
      help: "Bytes available to the server on DATA_DIR's file system",
      registers: [registry],
      async collect() {
        const fs = await statfs(dataDir).catch(() => undefined);
        if (fs) this.set(fs.bavail * fs.bsize);
      },
    });
    new Gauge({
      name: "hourline_data_dir_size_bytes",
      help: "Size of DATA_DIR's file system",
      registers: [registry],
      async collect() {
        const fs = await statfs(dataDir).catch(() => undefined);
        if (fs) this.set(fs.blocks * fs.bsize);
      },
    });
  }

  let readQueues: (() => Promise<QueueState>) | undefined;
  // Exists once there is a database to read (setQueueReader): a 0 before that would say "down".
  let databaseUp: Gauge | undefined;
  let queues: { state: QueueState; readAt: number } | undefined;
  let reading: Promise<void> | undefined;
  // A read is dated by the scrape that started it (the figures are as of then), on the clock
  // render() is given, so the max age is measured on one clock.
  let readingSince = 0;
  const readNow = (startedAt: number) => {
    const read = readQueues;
    if (!read) return Promise.resolve();
    if (!reading) readingSince = startedAt;
    reading ??= read()
      .then((state) => {
        queues = { state, readAt: startedAt };
        databaseUp?.set(1);
        onQueueRead();
      })
      .catch((error: unknown) => {
        databaseUp?.set(0);
        onQueueRead(error ?? new Error("the queues could not be read"));
      })
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
    httpAnswered(method, route, status, seconds) {
      const key = `${method} ${route}`;
      let duration = durations.get(key);
      if (!duration) durations.set(key, (duration = httpDuration.labels(method, route)));
      duration.observe(seconds);
      const counterKey = `${key} ${status}`;
      let counter = requestCounters.get(counterKey);
      if (!counter) {
        requestCounters.set(
          counterKey,
          (counter = httpRequests.labels(method, route, String(status))),
        );
      }
      counter.inc();
    },
    setQueueReader(read) {
      readQueues = read;
      databaseUp ??= new Gauge({
        name: "hourline_database_up",
        help: "1 when this instance's latest read of the database (at scrape, at most the queue figures' age ago) succeeded, else 0",
        registers: [registry],
      });
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
      // A read that hangs (a database that stopped answering without closing the connection)
      // counts as down once it is older than the figures may be.
      if (reading && now - readingSince > queueMaxAgeMs) databaseUp?.set(0);
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
