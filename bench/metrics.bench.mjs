// GET /metrics with 10,000 visitor sockets open: what a Prometheus scrape costs the built server.
// 1,000 of the visitors have an open conversation whose last message waits for an answer, so the
// scrape's database reads (conversations waiting, the outbox) have rows to look at. Each scrape is
// timed from the client, next to GET /healthz (the same HTTP path with no work) in the same run;
// the render cost is the difference. Budget: a scrape's median under 5 ms.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Database, seedVisitorSessions } from "./seed-visitors.mjs";
import {
  ensureServerBuild,
  hardFdLimit,
  printTable,
  root,
  startWithFdLimit,
  waitForHttp,
} from "./tools.mjs";

const SOCKETS = 10_000;
const WAITING = 1_000;
const SCRAPES = 300;
const ORIGIN = "http://localhost:3000";
const TOKEN = "bench-metrics-token-0123456789abcdef";
const port = 3206;

if (hardFdLimit() < SOCKETS + 1_000) {
  console.error(`The open-file hard limit is below ${SOCKETS + 1_000}; raise it and run again.`);
  process.exit(1);
}
ensureServerBuild();

const dir = mkdtempSync(join(tmpdir(), "hourline-metrics-bench-"));
const dataDir = join(dir, "data");
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

function start(name, args, env, ipc = false) {
  const log = join(dir, `${name}.log`);
  const fd = openSync(log, "a");
  const proc = startWithFdLimit(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", fd, fd, ...(ipc ? ["ipc"] : [])],
  });
  closeSync(fd);
  children.push(proc.child);
  return { ...proc, log };
}

const server = start("server", [join(root, "apps/server/dist/server.js")], {
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  PUBLIC_URL: ORIGIN,
  LOG_LEVEL: "warn",
  NODE_ENV: "test",
  // The clients' addresses come from X-Forwarded-For (see seed-visitors.mjs).
  TRUST_PROXY: "127.0.0.0/8",
  METRICS_TOKEN: TOKEN,
});
const clients = start("clients", [join(root, "bench/chat-clients.mjs")], {}, true);

function ask(command) {
  return new Promise((resolve, reject) => {
    clients.child.once("message", (answer) =>
      answer.ok ? resolve(answer) : reject(new Error(answer.error)),
    );
    clients.child.send(command);
  });
}

/** A visitor message in each of the first `count` conversations: they all wait for an answer. */
function seedWaitingMessages(count) {
  const db = new Database(join(dataDir, "hourline.sqlite"));
  db.pragma("busy_timeout = 5000");
  const insert = db.prepare(
    "insert into chat_messages (conversation_id, client_id, sender_type, sender, receiver, sender_username, message, msg_type, created_at) select id, 'bench' || id, 'visitor', visitor_email, 'null', visitor_name, '<p>Hello</p>', 'text', ? from chat_conversations order by id limit ?",
  );
  insert.run(Date.now() - 60_000, count);
  db.close();
}

async function time(path, headers = {}) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  const body = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
  return { ms, body };
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) };
}

try {
  await waitForHttp(`http://127.0.0.1:${port}/readyz`);
  const visitors = seedVisitorSessions(join(dataDir, "hourline.sqlite"), SOCKETS, WAITING);
  seedWaitingMessages(WAITING);
  const opened = await ask({
    cmd: "open",
    base: `ws://127.0.0.1:${port}`,
    origin: ORIGIN,
    targets: visitors,
    batch: 500,
  });
  await sleep(2_000);
  const auth = { authorization: `Bearer ${TOKEN}` };
  // Warm both paths (JIT, the statement cache), then alternate them so load affects both alike.
  for (let i = 0; i < 30; i++) {
    await time("/metrics", auth);
    await time("/healthz");
  }
  const metricsMs = [];
  const healthMs = [];
  let last = "";
  for (let i = 0; i < SCRAPES; i++) {
    const m = await time("/metrics", auth);
    metricsMs.push(m.ms);
    last = m.body;
    healthMs.push((await time("/healthz")).ms);
  }
  const gauge = (name) => {
    const line = last.split("\n").find((l) => l.startsWith(`${name} `));
    return line === undefined ? NaN : Number(line.slice(name.length + 1));
  };
  const m = stats(metricsMs);
  const h = stats(healthMs);
  const f = (v) => v.toFixed(2);
  printTable(
    ["measure", "GET /healthz", "GET /metrics", "render cost (difference)"],
    [
      ["sockets open (of 10,000)", "", String(gauge('hourline_sockets_open{side="visitor"}')), ""],
      ["conversations waiting", "", String(gauge("hourline_conversations_waiting")), ""],
      ["body bytes", "", String(Buffer.byteLength(last)), ""],
      ["p50, ms", f(h.p50), f(m.p50), f(m.p50 - h.p50)],
      ["p95, ms", f(h.p95), f(m.p95), f(m.p95 - h.p95)],
      ["p99, ms", f(h.p99), f(m.p99), f(m.p99 - h.p99)],
      ["max, ms", f(h.max), f(m.max), ""],
    ],
  );
  const problems = [];
  if (opened.failed)
    problems.push(`${opened.failed} sockets failed: ${JSON.stringify(opened.failures)}`);
  if (gauge('hourline_sockets_open{side="visitor"}') !== SOCKETS)
    problems.push("the scrape does not count every open socket");
  for (const p of problems) console.log(`problem: ${p}`);
  const ok = m.p50 < 5 && problems.length === 0;
  console.log(
    `\nbudget: /metrics renders in under 5 ms with ${SOCKETS} sockets open: ${ok ? "met" : "NOT met"} ` +
      `(median ${f(m.p50)} ms per scrape, HTTP included; ${f(m.p50 - h.p50)} ms more than /healthz)`,
  );
  await ask({ cmd: "close" });
  process.exitCode = ok ? 0 : 1;
} catch (err) {
  console.error(err);
  console.error(readFileSync(server.log, "utf8").split("\n").slice(-20).join("\n"));
  process.exitCode = 1;
} finally {
  await server.stop();
  clients.child.kill();
}
