// `npm run bench`: runs every benchmark under bench/ and prints a table per benchmark.
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";

const benches = readdirSync(new URL(".", import.meta.url))
  .filter((f) => f.endsWith(".bench.mjs"))
  .sort();
if (benches.length === 0) {
  console.log("no benchmarks yet");
  process.exit(0);
}
let failed = 0;
for (const file of benches) {
  console.log(`\n## ${file}`);
  const { status } = spawnSync(process.execPath, [new URL(file, import.meta.url).pathname], {
    stdio: "inherit",
  });
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
