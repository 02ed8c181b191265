/** Starts the server: configuration, the app, the listener, and a graceful stop on SIGTERM/SIGINT. */
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "stopping after an error");
    else app.log.info({ signal }, "stopping: no new connections, finishing in-flight requests");
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Hourline is serving ${config.publicUrl} (listening on ${config.host}:${config.port})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
