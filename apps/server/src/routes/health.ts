import type { FastifyPluginAsync } from "fastify";
import { buildInfo } from "../build-info";
import type { StateChanges } from "../log/state-changes";

export interface HealthOptions {
  /** True from SIGTERM until the process exits: /readyz answers 503 so balancers drain first. */
  stopping: () => boolean;
  /** Where a change of the database's state is logged, once per change. */
  states: StateChanges;
}

/**
 * /healthz: the process answers, with the build it runs. /readyz: the database answers and every
 * migration is applied (200, else 503), and the instance is not stopping. With REDIS_URL it also
 * says whether Redis is reachable (`redis: "up" | "down"`), without changing the status: an
 * instance without Redis still serves its own sockets and commits every message, and a load
 * balancer that took every instance out of rotation would serve nobody.
 *
 * Probes come every few seconds from every balancer: they are not request-logged (logLevel
 * silent), and what they find is logged only when it changes.
 */
const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { stopping, states }) => {
  app.get("/healthz", { logLevel: "silent" }, async () => ({
    status: 200,
    version: buildInfo.version,
    commit: buildInfo.commit,
  }));

  app.get("/readyz", { logLevel: "silent" }, async (_req, reply) => {
    if (stopping()) {
      return reply.code(503).send({
        status: 503,
        error: { code: "unavailable", message: "The server is stopping." },
      });
    }
    try {
      await app.database.ping();
      states.report("database", true);
      const pending = await app.database.pendingMigrations();
      if (pending.length > 0) {
        return reply.code(503).send({
          status: 503,
          error: {
            code: "migrations_pending",
            message: `Pending migrations: ${pending.join(", ")}`,
          },
        });
      }
      if (!app.redis) return { status: 200 };
      // The transport logs Redis going away and coming back (chat/redis-transport.ts).
      return { status: 200, redis: app.chatBroker.healthy() ? "up" : "down" };
    } catch (err) {
      states.report("database", false, err);
      return reply.code(503).send({
        status: 503,
        error: { code: "database_unavailable", message: "Database unreachable" },
      });
    }
  });
};

export default healthRoutes;
