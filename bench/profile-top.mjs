// The top frames of V8 CPU profiles (`CHAT_BENCH_PROFILE` writes them, one per server process):
// `node bench/profile-top.mjs DIR_OR_FILE... [--top 25]` prints, per profile, the functions with
// the most self time (time on the CPU in that function itself, not in what it called), with where
// they live, and the share of the non-idle time. Idle time and the garbage collector are listed
// apart so they do not hide the rest.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const TOP = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const inputs = args.filter((a, i) => a !== "--top" && (topAt < 0 || i !== topAt + 1));
if (inputs.length === 0) {
  console.error("usage: node bench/profile-top.mjs <dir or .cpuprofile>... [--top N]");
  process.exit(2);
}

const files = inputs.flatMap((input) =>
  statSync(input).isDirectory()
    ? readdirSync(input)
        .filter((f) => f.endsWith(".cpuprofile"))
        .sort()
        .map((f) => join(input, f))
    : [input],
);

/** Where a frame lives, shortened: the package name for dependencies, the bundle line otherwise. */
function where(frame) {
  const url = frame.url.replace(/^file:\/\//, "");
  if (!url) return "(native)";
  const inModules = url.lastIndexOf("node_modules/");
  const short =
    inModules >= 0 ? url.slice(inModules + "node_modules/".length) : relative(process.cwd(), url);
  return `${short}:${frame.lineNumber + 1}`;
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  // timeDeltas[i] is the time before sample i; each sample's time goes to its node.
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFrame = new Map();
  let total = 0;
  let idle = 0;
  let gc = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id).callFrame;
    total += us;
    if (frame.functionName === "(idle)") {
      idle += us;
      continue;
    }
    if (frame.functionName === "(garbage collector)") gc += us;
    const key = `${frame.functionName || "(anonymous)"}  ${where(frame)}`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + us);
  }
  const busy = total - idle;
  console.log(`\n${file}`);
  console.log(
    `  profiled ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s ` +
      `(${((busy / total) * 100).toFixed(0)} %), garbage collector ${((gc / busy) * 100).toFixed(1)} % of busy`,
  );
  console.log("  self % of busy   self ms   function  where");
  for (const [key, us] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(
      `  ${((us / busy) * 100).toFixed(1).padStart(13)}  ${(us / 1000).toFixed(0).padStart(8)}   ${key}`,
    );
  }
}
