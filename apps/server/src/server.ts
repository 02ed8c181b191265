/**
 * Starts the server: configuration, the app, the listener, and a graceful stop on SIGTERM/SIGINT.
 * Every line the process writes is a JSON log line (pino), from a configuration error before the
 * app exists to a crash, a stop that timed out, or Node's own warnings, so `journalctl -o cat | jq`
 * reads all of it.
 */
import closeWithGrace from "close-with-grace";
import { pino, type Logger } from "pino";
import { buildApp } from "./app";
import { ConfigError, effectiveConfiguration, loadConfig } from "./config";
import { tuneGarbageCollection } from "./garbage-collection";

/** How long app.close() may take (sockets closed with 1001, in-flight writes finished). */
const CLOSE_TIMEOUT_MS = 10_000;

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/**
 * The log before the app has its own (and after it, for what happens outside it). The level is
 * LOG_LEVEL's when that is valid; a bad LOG_LEVEL is reported by the configuration check below.
 */
const log: Logger = pino({
  level: LEVELS.has(process.env.LOG_LEVEL ?? "") ? (process.env.LOG_LEVEL as string) : "info",
});

// Node prints its warnings (deprecations, listener leaks) as plain text on stderr unless the
// default listener goes; they are log lines like any other.
process.removeAllListeners("warning");
process.on("warning", (warning) => log.warn({ err: warning }, "node warning"));

// Until closeWithGrace takes over (once the app is built), a crash is a fatal line and exit 1.
function crashedWhileStarting(err: unknown): never {
  log.fatal({ err }, "crashed while starting");
  process.exit(1);
}
process.on("uncaughtException", crashedWhileStarting);
process.on("unhandledRejection", crashedWhileStarting);

async function main() {
  // Before anything is served: the collector's set-up applies to every request (decision 0067).
  tuneGarbageCollection();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      log.fatal({ problems: err.problems }, err.message);
      process.exit(1);
    }
    throw err;
  }
  // One line with what is in effect (never a URL whole: they may hold passwords).
  log.info({ configuration: effectiveConfiguration(config) }, "configuration");

  const app = await buildApp(config);
  process.off("uncaughtException", crashedWhileStarting);
  process.off("unhandledRejection", crashedWhileStarting);

  const drainMs = config.shutdownDrainSeconds * 1000;
  closeWithGrace(
    {
      delay: drainMs + CLOSE_TIMEOUT_MS,
      logger: { error: (what: unknown) => app.log.error({ err: what }, "stop failed") },
      onTimeout: (delay) =>
        app.log.fatal({ timeoutMs: delay }, "stop timed out: exiting with work unfinished"),
      onSecondSignal: (signal) => app.log.warn({ signal }, "second signal while stopping: exiting"),
      onSecondError: (err) => app.log.fatal({ err }, "another error while stopping: exiting"),
    },
    async ({ signal, err }) => {
      if (err) {
        app.log.fatal({ err }, "stopping after an error");
      } else {
        app.log.info({ signal }, "stopping: no new connections, finishing in-flight requests");
        if (drainMs > 0) {
          // Everything is still served; only /readyz says 503, so balancers move traffic away.
          app.drain();
          app.log.info({ drainSeconds: config.shutdownDrainSeconds }, "draining: /readyz is 503");
          await new Promise((resolve) => setTimeout(resolve, drainMs));
        }
      }
      await app.close();
      app.log.info("stopped");
    },
  );
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Hourline is serving ${config.publicUrl} (listening on ${config.host}:${config.port})`,
  );
}

main().catch((err: unknown) => {
  log.fatal({ err }, "could not start");
  process.exit(1);
});
