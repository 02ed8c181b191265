/**
 * What `npm run backup` and `npm run restore` share: one PATH argument, the store from the
 * server's configuration, a summary of what was copied (sizes, rows, time), and refusals printed
 * as one line with exit code 1.
 */
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../config";
import { BackupError, type StoreLocation } from "../operations/backup";
import type { BackupManifest } from "../operations/backup-files";

function loadEnvironment(file: string): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new BackupError(`Cannot read the environment file ${file}: ${(error as Error).message}`);
  }
}

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

export async function runStoreCommand(command: {
  usage: string;
  verb: string;
  run: (store: StoreLocation, path: string) => Promise<BackupManifest>;
}): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === "--help" || args[0] === "-h") {
    console.log(command.usage);
    process.exit(0);
  }
  // `--env-file FILE`: the server's own environment file (systemd's EnvironmentFile), so the
  // command reads the same DATA_DIR and DATABASE_URL as the service. Variables already set win.
  let envFile: string | undefined;
  if (args[0] === "--env-file") {
    envFile = args[1];
    args.splice(0, 2);
  }
  if (args.length !== 1 || !args[0] || (envFile !== undefined && !envFile)) {
    console.error(command.usage);
    process.exit(1);
  }
  const path = resolve(args[0]);
  try {
    if (envFile) loadEnvironment(envFile);
    const config = loadConfig();
    const started = performance.now();
    const manifest = await command.run(
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      path,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const imageBytes = manifest.uploads.reduce((sum, u) => sum + u.bytes, 0);
    const rows = Object.entries(manifest.counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(", ");
    const files = manifest.uploads.length;
    console.log(
      `${command.verb} ${path} in ${seconds} s (${manifest.dialect}): database ` +
        `${mib(manifest.database.bytes)} (chat images included)` +
        (files > 0
          ? `, ${files} image ${files === 1 ? "file" : "files"} from before 0006 ${mib(imageBytes)}.`
          : "."),
    );
    console.log(`Rows: ${rows}.`);
    if (manifest.missing_uploads.length > 0) {
      console.log(
        `${manifest.missing_uploads.length} image files were erased while the backup ran; ` +
          "their messages are in it without them.",
      );
    }
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
