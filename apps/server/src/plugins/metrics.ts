/**
 * The app's metrics (metrics/hourline-metrics.ts) as `app.metrics`, for the services that count
 * things, and GET /metrics in the Prometheus text format. The endpoint exists only when
 * METRICS_TOKEN is set (otherwise the path is the site's 404 like any unknown one), and answers
 * only a request bearing that token: any other gets 401, after a comparison whose time does not
 * depend on how much of the token was right.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { apiError } from "@hourline/contracts/api-error";
import fp from "fastify-plugin";
import { buildInfo } from "../build-info";
import { createHourlineMetrics, type HourlineMetrics } from "../metrics/hourline-metrics";
import { readQueueState } from "../repositories/operations-metrics";

declare module "fastify" {
  interface FastifyInstance {
    metrics: HourlineMetrics;
  }
}

export interface MetricsPluginOptions {
  /** METRICS_TOKEN; unset: no endpoint. */
  token: string | undefined;
  /** Tests read the database's queues at every scrape (0). */
  queueMaxAgeMs?: number | undefined;
  /** DATA_DIR, whose free space is exposed. */
  dataDir?: string | undefined;
  /** Told how each read of the database's queues went (logged where the state changes). */
  onDatabase?: ((reachable: boolean, error?: unknown) => void) | undefined;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether the Authorization header is `Bearer <token>`. Both sides are hashed first, so the
 * constant-time comparison always compares 32 bytes, whatever length the client sent.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

export default fp<MetricsPluginOptions>(
  async (app, options) => {
    const metrics = createHourlineMetrics({
      queueMaxAgeMs: options.queueMaxAgeMs,
      onQueueRead: (err) => options.onDatabase?.(err === undefined, err),
      build: buildInfo,
      dataDir: options.dataDir,
    });
    const db = app.database.db;
    const reader = app.database.offThreadReads;
    metrics.setQueueReader(() => readQueueState(db, reader));
    app.decorate("metrics", metrics);

    // Every answer by its route pattern (a request no route matched is "unmatched"); the same
    // hook counts the 429s.
    app.addHook("onResponse", (request, reply, done) => {
      const route = request.routeOptions.url ?? "unmatched";
      metrics.httpAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      if (reply.statusCode === 429) metrics.refused(request.routeOptions.url ?? "unknown");
      done();
    });

    const token = options.token;
    if (!token) return;
    app.get(
      "/metrics",
      // Scrapes every few seconds would drown the request log.
      { logLevel: "warn" },
      async (request, reply) => {
        reply.header("Cache-Control", "no-store");
        if (!bearerMatches(request.headers.authorization, token)) {
          return reply
            .code(401)
            .header("WWW-Authenticate", 'Bearer realm="metrics"')
            .send(apiError(401, "unauthorized", "A valid metrics token is required."));
        }
        const body = await metrics.render();
        return reply.type(metrics.contentType).send(body);
      },
    );
  },
  { name: "metrics", dependencies: ["db"] },
);
