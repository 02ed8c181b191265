/**
 * `npm run backup -- PATH`: a consistent copy of the server's data (same DATA_DIR / DATABASE_URL as
 * the server) into PATH, a new or empty folder, while the server keeps running. See
 * operations/backup.ts for what it holds and docs/operations.md for the routine around it.
 */
import { runStoreCommand } from "./store-command";
import { createBackup } from "../operations/backup";

await runStoreCommand({
  usage: `Usage: npm run backup -- [--env-file FILE] PATH

Copies the database (SQLite's online backup, or pg_dump with DATABASE_URL) and the chat images
into PATH, a new or empty folder, while the server runs. Uses DATA_DIR / DATABASE_URL, or those
of the environment file --env-file names (e.g. /etc/hourline/hourline.env).`,
  verb: "Backed up",
  run: (store, path) => createBackup(store, path),
});
