// `npm run backup | restore | agent:create`: runs the command from the built server bundle
// (apps/server/dist), as the deployed server runs. It never rebuilds: a machine that serves a
// build needs neither the dev dependencies nor a changed bundle to back up or restore it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const [name, ...args] = process.argv.slice(2);
const entry = fileURLToPath(new URL(`../apps/server/dist/${name}.js`, import.meta.url));
if (!name || !existsSync(entry)) {
  console.error(`${entry} is missing: build the server first (npm run build).`);
  process.exit(1);
}
const { status, signal } = spawnSync(process.execPath, [entry, ...args], { stdio: "inherit" });
process.exit(status ?? (signal ? 1 : 0));
