/**
 * Tests that run the bundled server (dist/server.js) must run what the sources say today: a stale
 * bundle would let a test pass against code that no longer exists. Before the server's tests, the
 * bundle is rebuilt when any of its inputs is newer than it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const repoDir = join(serverDir, "..", "..");

/** Everything esbuild bundles into dist/server.js, or that decides how it bundles. */
export const BUILD_INPUTS = [
  join(serverDir, "src"),
  join(serverDir, "migrations"),
  join(serverDir, "build.mjs"),
  join(serverDir, "package.json"),
  join(repoDir, "packages", "contracts", "src"),
  join(repoDir, "packages", "brand", "src"),
];

export const BUILT_ENTRY = join(serverDir, "dist", "server.js");

/** The newest modification time among files under the paths (tests excluded: never bundled). */
export function newestInput(paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(path);
  return newest;
}

/** True when the bundle exists and no input changed after it was written. */
export function isBuildCurrent(entry: string, inputs: readonly string[]): boolean {
  return existsSync(entry) && statSync(entry).mtimeMs >= newestInput(inputs);
}

/** Rebuilds the bundle when it is missing or older than its sources. */
export function ensureCurrentServerBuild(): "current" | "rebuilt" {
  if (isBuildCurrent(BUILT_ENTRY, BUILD_INPUTS)) return "current";
  execFileSync(process.execPath, ["build.mjs"], { cwd: serverDir, stdio: "inherit" });
  if (!isBuildCurrent(BUILT_ENTRY, BUILD_INPUTS)) {
    throw new Error(`${BUILT_ENTRY} is still older than its sources after a rebuild`);
  }
  return "rebuilt";
}
