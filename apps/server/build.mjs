// Bundles the server into dist/ with esbuild. Workspace packages (the contracts) are bundled in;
// every registry dependency stays external and is loaded from node_modules at run time.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@hourline/"));

/**
 * The commit the bundle is made from, for hourline_build_info and /healthz: HOURLINE_COMMIT when
 * the code is not a git checkout (a release archive), else git's HEAD, marked "-dirty" when
 * tracked files differ from it.
 */
function commit() {
  if (process.env.HOURLINE_COMMIT) return process.env.HOURLINE_COMMIT;
  const git = (...args) =>
    execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const head = git("rev-parse", "--short=12", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") ? `${head}-dirty` : head;
  } catch {
    return "unknown";
  }
}

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
  define: { __HOURLINE_COMMIT__: JSON.stringify(commit()) },
  logLevel: "info",
});
