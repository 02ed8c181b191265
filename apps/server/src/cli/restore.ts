/**
 * `npm run restore -- PATH`: puts a backup made by `npm run backup` into an empty DATA_DIR (SQLite)
 * or an empty database (DATABASE_URL), after checking every file against its checksum. It never
 * overwrites: a DATA_DIR or database that holds data is refused.
 */
import { runStoreCommand } from "./store-command";
import { restoreBackup } from "../operations/backup";

await runStoreCommand({
  usage: `Usage: npm run restore -- [--env-file FILE] PATH

Restores the backup in PATH into an empty DATA_DIR (SQLite) or the empty database in
DATABASE_URL, with its chat images. Refuses to overwrite data, and leaves the target as it was
when it fails. --env-file reads the server's environment file (e.g. /etc/hourline/hourline.env).
Run as root, what it writes belongs to DATA_DIR's owner. Start the server afterwards.`,
  verb: "Restored",
  run: (store, path) => restoreBackup(store, path),
});
