// `npm test`: everything a fresh machine needs to run every suite, then the suites.
// Chromium and nginx (Debian's) -> deploy/'s files through their own tools (nginx -t, systemd-analyze,
// promtool; about a second) -> build -> unit and integration tests (Vitest) -> browser tests (Playwright).
// In CI (CI=true) the suites that depend on the Node line (scripts/node-line-suites.mjs: the SQLite
// driver each line loads, the processes, a whole chat) run a second time on Node 24 LTS when this
// Node is another line, so the product is tested on both the machine's Node and the current LTS.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { nodeLineSuites } from "./node-line-suites.mjs";

const CURRENT_LTS = "24";
const onOtherLine = process.versions.node.split(".")[0] !== CURRENT_LTS;

function run(command, args, env = process.env) {
  console.log(`\n> ${command} ${args.join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit", env });
  if (status !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}

run("bash", ["scripts/ensure-chromium.sh"]);
run("bash", ["scripts/ensure-nginx.sh"]);
run("bash", ["scripts/check-deploy-config.sh"]);
run("npm", ["run", "build"]);
run("npx", ["vitest", "run"]);
run("npx", ["playwright", "test"]);

if (process.env.CI === "true" && onOtherLine) {
  const found = spawnSync("bash", ["scripts/ensure-node.sh", CURRENT_LTS], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const bin = found.stdout.trim();
  if (found.status !== 0 || !bin) {
    console.error(`\nNode ${CURRENT_LTS} could not be installed (exit ${found.status})`);
    process.exit(1);
  }
  const missing = nodeLineSuites.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(`\nscripts/node-line-suites.mjs names files that do not exist: ${missing}`);
    process.exit(1);
  }
  console.log(`\n# the suites that depend on the Node line, again on Node ${CURRENT_LTS} LTS`);
  run(`${bin}/node`, ["node_modules/vitest/vitest.mjs", "run", ...nodeLineSuites], {
    ...process.env,
    PATH: `${bin}:${process.env.PATH}`,
  });
}
