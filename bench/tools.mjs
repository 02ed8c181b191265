// Shared pieces of the benchmarks: the build, the tools they need, wrk runs and table printing.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const root = new URL("..", import.meta.url).pathname;

export function ensureBuild() {
  if (
    existsSync(`${root}apps/web/build/site-manifest.json`) &&
    existsSync(`${root}apps/server/dist/server.js`)
  )
    return;
  const { status } = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (status !== 0) throw new Error("npm run build failed");
}

/** Installs Debian packages the benchmark needs when missing (as root), or says how to get them. */
export function ensureCommands(commands) {
  const missing = Object.entries(commands).filter(
    ([cmd]) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status !== 0,
  );
  if (missing.length === 0) return;
  const packages = missing.map(([, pkg]) => pkg);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `missing ${missing.map(([c]) => c).join(", ")}: apt-get install ${packages.join(" ")}`,
    );
  }
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const { status } = spawnSync("apt-get", ["install", "-y", "-qq", ...packages], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (status !== 0) throw new Error(`apt-get install ${packages.join(" ")} failed`);
}

export async function waitForHttp(url, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function startProcess(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit"], ...options });
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Runs wrk and returns requests/s and latency percentiles (ms). */
export function wrk(url, { connections = 50, seconds = 8, headers = {} } = {}) {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  args.push(url);
  const { stdout, status } = spawnSync("wrk", args, { encoding: "utf8" });
  if (status !== 0) throw new Error(`wrk failed: ${stdout}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const ms = (label) => {
    const m = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`).exec(stdout);
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
  };
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  return { rps, p50: ms("50"), p99: ms("99"), non2xx };
}

export function printTable(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
}

/** Newest modification time (ms) of the files under `dirs`, test files left out. */
function newestSource(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(path);
      } else if (!/\.test\.[cm]?[jt]sx?$/.test(entry.name)) {
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return newest;
}

/**
 * The server bundle, rebuilt (server only) when missing or older than its sources; the web build
 * it serves is made by ensureBuild when missing.
 */
export function ensureServerBuild() {
  ensureBuild();
  const dist = `${root}apps/server/dist/server.js`;
  const sources = [
    "apps/server/src",
    "apps/server/migrations",
    "packages/contracts/src",
    "packages/brand/src",
  ];
  if (statSync(dist).mtimeMs >= newestSource(sources.map((d) => join(root, d)))) return;
  const { status } = spawnSync("npm", ["run", "build", "-w", "@hourline/server"], {
    cwd: root,
    stdio: "inherit",
  });
  if (status !== 0) throw new Error("npm run build -w @hourline/server failed");
}

/** The hard limit on open files a child can raise itself to (`ulimit -Hn`). */
export function hardFdLimit() {
  const { stdout } = spawnSync("sh", ["-c", "ulimit -Hn"], { encoding: "utf8" });
  const value = stdout.trim();
  return value === "unlimited" ? Infinity : Number(value);
}

/**
 * Like startProcess, but the child first raises its open-file limit to the hard limit (children
 * holding thousands of sockets need it). `exec` keeps the pid: it is the program's own.
 */
export function startWithFdLimit(command, args, options = {}) {
  return startProcess(
    "sh",
    ["-c", 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"', "sh", command, ...args],
    options,
  );
}

/** Resident memory of a process in KiB (VmRSS in /proc/<pid>/status; Linux only). */
export function rssKiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]);
}

let clockTicks;

/** CPU time (user + system, seconds) a process has used so far (/proc/<pid>/stat; Linux only). */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  clockTicks ??= Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}
