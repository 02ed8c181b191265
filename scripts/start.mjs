// `npm start`: serves the build, building it first when there is none.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const built =
  existsSync("apps/web/build/site-manifest.json") && existsSync("apps/server/dist/server.js");
if (!built) {
  console.log("No build yet: building the site and the server first (npm run build)...");
  const { status } = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}
await import("../apps/server/dist/server.js");
