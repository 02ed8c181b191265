// `npm test`: everything a fresh machine needs to run every suite, then the suites.
// Chromium (Debian's) -> build -> unit and integration tests (Vitest) -> browser tests (Playwright).
import { spawnSync } from "node:child_process";

const steps = [
  ["bash", ["scripts/ensure-chromium.sh"]],
  ["npm", ["run", "build"]],
  ["npx", ["vitest", "run"]],
  ["npx", ["playwright", "test"]],
];

for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${status})`);
    process.exit(status ?? 1);
  }
}
