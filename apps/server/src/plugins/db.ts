import fp from "fastify-plugin";
import { openDatabase, type DatabaseHandle } from "../db/database";
import { isDatabaseUnavailable, unavailableReason } from "../db/database-unavailable";

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface DatabaseRetry {
  /** The first wait after a failed attempt; each next one doubles, up to maxDelayMs. */
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface DbPluginOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  pgSchema?: string;
  retry?: Partial<DatabaseRetry> | undefined;
}

const DEFAULT_RETRY: DatabaseRetry = { initialDelayMs: 500, maxDelayMs: 15_000 };

/**
 * Opens the database, applies pending migrations before the server accepts requests, closes on
 * exit. A database that cannot be reached at start (PostgreSQL still starting, restarting, the
 * network not up yet) is waited for: one log line per attempt says what is awaited and when the
 * next try comes, with a growing delay, until it answers or the process is stopped. Any other
 * failure (a wrong password, a migration that fails, an unwritable SQLite file) stops the start.
 */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const retry = { ...DEFAULT_RETRY, ...options.retry };
    const handle = openDatabase({
      ...options,
      onIdleConnectionError: (err) =>
        app.log.warn({ err, dependency: "database" }, "database connection lost; reconnecting"),
    });
    let delay = retry.initialDelayMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await handle.migrate();
        break;
      } catch (err) {
        if (!isDatabaseUnavailable(err)) {
          await handle.close().catch(() => undefined);
          throw err;
        }
        app.log.warn(
          {
            dependency: "database",
            dialect: handle.dialect,
            attempt,
            retryInMs: delay,
            reason: unavailableReason(err),
          },
          `waiting for the database (${unavailableReason(err)}); next try in ${delay} ms`,
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, retry.maxDelayMs);
      }
    }
    app.log.info({ dialect: handle.dialect }, "database ready, migrations applied");
    app.decorate("database", handle);
    app.addHook("onClose", async () => handle.close());
  },
  { name: "db" },
);
