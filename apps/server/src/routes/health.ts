import type { FastifyPluginAsync } from "fastify";

/**
 * /healthz: the process answers. /readyz: the database answers and every migration is applied (200,
 * else 503). With REDIS_URL it also says whether Redis is reachable (`redis: "up" | "down"`), without
 * changing the status: an instance without Redis still serves its own sockets and commits every
 * message, and a load balancer that took every instance out of rotation would serve nobody.
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async () => ({ status: 200 }));

  app.get("/readyz", async (_req, reply) => {
    try {
      await app.database.ping();
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
      const redis = app.chatBroker.healthy() ? "up" : "down";
      if (redis === "down") app.log.warn("readiness: redis is down");
      return { status: 200, redis };
    } catch (err) {
      app.log.warn({ err }, "readiness check failed");
      return reply.code(503).send({
        status: 503,
        error: { code: "database_unavailable", message: "Database unreachable" },
      });
    }
  });
};

export default healthRoutes;
