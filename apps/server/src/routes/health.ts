import type { FastifyPluginAsync } from "fastify";

/** /healthz: the process answers. /readyz: the database answers and every migration is applied. */
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
      return { status: 200 };
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
