/**
 * `npm run restore -- PATH`: puts a backup made by `npm run backup` into an empty DATA_DIR (SQLite)
 * or an empty database (DATABASE_URL), after checking every file against its checksum. It never
 * overwrites: a DATA_DIR or database that holds data is refused.
 */
import { runStoreCommand } from "./store-command";
import { restoreBackup } from "../operations/backup";

await runStoreCommand({
  usage: `Usage: npm run restore -- PATH

Restores the backup in PATH into an empty DATA_DIR (SQLite) or the empty database in
DATABASE_URL, with its chat images. Refuses to overwrite data. Start the server afterwards.`,
  verb: "Restored",
  run: (store, path) => restoreBackup(store, path),
});
