// Bundles the server into dist/ with esbuild. Workspace packages (the contracts) are bundled in;
// every registry dependency stays external and is loaded from node_modules at run time.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@hourline/"));

await build({
  // The server, and its commands: adding support agents, backing up and restoring.
  entryPoints: {
    server: "src/server.ts",
    "agent-create": "src/cli/agent-create.ts",
    backup: "src/cli/backup.ts",
    restore: "src/cli/restore.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external,
  logLevel: "info",
});
