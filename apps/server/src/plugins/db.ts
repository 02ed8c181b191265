import fp from "fastify-plugin";
import { openDatabase, type DatabaseHandle } from "../db/database";

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Opens the database, applies pending migrations before the server accepts requests, closes on exit. */
export default fp<{ dataDir: string; databaseUrl?: string | undefined; pgSchema?: string }>(
  async (app, options) => {
    const handle = openDatabase(options);
    await handle.migrate();
    app.log.info({ dialect: handle.dialect }, "database ready, migrations applied");
    app.decorate("database", handle);
    app.addHook("onClose", async () => handle.close());
  },
  { name: "db" },
);
