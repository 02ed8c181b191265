// Support chat sockets: the built server against a bare `ws` server, same machine, same run, same
// client process (bench/chat-clients.mjs, a child of its own so its work is not counted).
// Budgets:
//   - 10,000 idle visitor sockets take at most 1.5x the memory of a bare `ws` server holding as many
//     (judged on the RSS the sockets add; the ratio of total RSS is printed too);
//   - visitor-to-agent delivery p99 at 1,000 busy conversations is at most 2x a bare `ws` relay's.
// For scale, the delivery table also shows a relay that commits each frame to SQLite first.
// Visitor sessions, visitors and conversations are written straight into the server's SQLite file
// (no one-time codes, no mail); the agent is the BOOTSTRAP_AGENT one, signed in over the API.
// CHAT_BENCH_RATE (messages per second per visitor, default 1) and CHAT_BENCH_SECONDS (measured
// seconds, default 15) tune the latency run.
import { createHash, randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createRequire } from "node:module";

// The SQLite driver made for this Node line (apps/server/src/db/sqlite-binding.ts says why).
const SQLITE_DRIVER =
  Number.parseInt(process.versions.node, 10) >= 22 ? "better-sqlite3" : "better-sqlite3-node20";
const Database = createRequire(import.meta.url)(SQLITE_DRIVER);
import {
  cpuSeconds,
  ensureServerBuild,
  hardFdLimit,
  printTable,
  root,
  rssKiB,
  startWithFdLimit,
  waitForHttp,
} from "./tools.mjs";

const IDLE_SOCKETS = 10_000;
const BUSY_CONVERSATIONS = 1_000;
const BATCH = 500;
const SETTLE_MS = 3_000;
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 1);
const MEASURE_MS = Number(process.env.CHAT_BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 5_000;
const DRAIN_MS = 3_000;
const ORIGIN = "http://localhost:3000";
const AGENT = { email: "bench-agent@hourline.example", password: "bench-agent-password-1" };
const barePort = 3204;
const ourPort = 3205;

const fdLimit = hardFdLimit();
if (fdLimit < IDLE_SOCKETS + 1_000) {
  console.error(
    `The open-file hard limit is ${fdLimit}; holding ${IDLE_SOCKETS} sockets needs more than ` +
      `${IDLE_SOCKETS + 1_000} per process. Raise it (e.g. \`ulimit -Hn 65536\` as root, or ` +
      `LimitNOFILE in a systemd unit) and run again.`,
  );
  process.exit(1);
}
ensureServerBuild();

const dir = mkdtempSync(join(tmpdir(), "hourline-chat-bench-"));
const dataDir = join(dir, "data");
const running = new Set();
process.on("exit", () => {
  for (const { child } of running) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

/** Starts a child (open-file limit raised) whose output goes to a log kept for failures. */
function start(name, args, env, extra = {}) {
  const log = join(dir, `${name}.log`);
  const fd = openSync(log, "a");
  const proc = startWithFdLimit(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", fd, fd, ...(extra.ipc ? ["ipc"] : [])],
  });
  closeSync(fd);
  const handle = {
    child: proc.child,
    pid: proc.child.pid,
    stopping: false,
    async stop() {
      handle.stopping = true;
      const killer = setTimeout(() => proc.child.kill("SIGKILL"), 10_000);
      await proc.stop();
      clearTimeout(killer);
    },
  };
  running.add(handle);
  proc.child.once("exit", (code, signal) => {
    running.delete(handle);
    if (!handle.stopping) {
      console.error(`${name} exited unexpectedly (${signal ?? code}); its log:`);
      console.error(readFileSync(log, "utf8").split("\n").slice(-30).join("\n"));
    }
  });
  return handle;
}

// The bare servers: "idle" answers nothing; "relay" forwards every visitor frame to the agent
// socket (the one with role=agent in its URL); "relay-sqlite" first inserts it into a SQLite table
// (WAL, synchronous=NORMAL, one commit per frame), the least any ack-after-commit design does.
const BARE_SERVER = `
import { WebSocketServer } from "ws";
const mode = process.env.MODE;
let insert = null;
if (mode === "relay-sqlite") {
  const { default: Database } = await import(process.env.SQLITE_DRIVER);
  const db = new Database(process.env.RELAY_DB);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec("create table messages (id integer primary key, client_id text not null unique, body text not null, created_at integer not null)");
  insert = db.prepare("insert into messages (client_id, body, created_at) values (?, ?, ?)");
}
const wss = new WebSocketServer({ port: Number(process.env.PORT), host: "127.0.0.1", perMessageDeflate: false });
let agent = null;
wss.on("connection", (ws, req) => {
  if (mode === "idle") return;
  if (req.url.includes("role=agent")) { agent = ws; return; }
  ws.on("message", (data, isBinary) => {
    if (insert) insert.run(JSON.parse(String(data)).client_id, String(data), Date.now());
    if (agent) agent.send(data, { binary: isBinary });
  });
});
`;

function startBare(mode) {
  return start(`bare-${mode}`, ["--input-type=module", "-e", BARE_SERVER], {
    PORT: String(barePort),
    MODE: mode,
    RELAY_DB: join(dir, "relay.sqlite"),
    SQLITE_DRIVER,
  });
}

function startOurs(name) {
  return start(name, [join(root, "apps/server/dist/server.js")], {
    PORT: String(ourPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    BOOTSTRAP_AGENT_EMAIL: AGENT.email,
    BOOTSTRAP_AGENT_PASSWORD: AGENT.password,
  });
}

const clients = start("clients", [join(root, "bench/chat-clients.mjs")], {}, { ipc: true });

/** Sends one command to the client process and waits for its answer. */
function ask(command) {
  return new Promise((resolve, reject) => {
    const onExit = () => reject(new Error("the client process exited"));
    clients.child.once("exit", onExit);
    clients.child.once("message", (answer) => {
      clients.child.off("exit", onExit);
      if (answer.ok) resolve(answer);
      else reject(new Error(`client process: ${answer.error}`));
    });
    clients.child.send(command);
  });
}

/** Visitor sessions (and for the first `withConversations`, a visitor and an open conversation). */
function seedVisitors(count, withConversations) {
  const db = new Database(join(dataDir, "hourline.sqlite"));
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const session = db.prepare(
    "insert into visitor_sessions (token_hash, email, created_at, expires_at) values (?, ?, ?, ?)",
  );
  const visitor = db.prepare(
    "insert into chat_visitors (email, name, created_at, updated_at) values (?, ?, ?, ?)",
  );
  const conversation = db.prepare(
    "insert into chat_conversations (visitor_id, visitor_email, visitor_name, state, started_at) values (?, ?, ?, 'open', ?)",
  );
  const visitors = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const email = `visitor-${String(i).padStart(5, "0")}@bench.example`;
      const token = randomBytes(32).toString("base64url");
      const hash = createHash("sha256").update(token).digest("hex");
      session.run(hash, email, now, now + 24 * 60 * 60 * 1000);
      if (i < withConversations) {
        const name = `Visitor ${i}`;
        const { lastInsertRowid } = visitor.run(email, name, now, now);
        conversation.run(lastInsertRowid, email, name, now);
      }
      visitors.push({
        path: `/ws/support/${encodeURIComponent(email)}/`,
        cookie: `hl_chat=${token}`,
      });
    }
  })();
  db.close();
  return visitors;
}

/** RSS of the server before and after the client opens `targets` and leaves them idle. */
async function idleMemory(server, port, targets) {
  await sleep(SETTLE_MS);
  const before = rssKiB(server.pid);
  const opened = await ask({
    cmd: "open",
    base: `ws://127.0.0.1:${port}`,
    origin: ORIGIN,
    targets,
    batch: BATCH,
  });
  await sleep(SETTLE_MS);
  const after = rssKiB(server.pid);
  const { open } = await ask({ cmd: "count" });
  await ask({ cmd: "close" });
  return {
    before,
    after,
    opened: opened.opened,
    failed: opened.failed,
    failures: opened.failures,
    open,
    ms: opened.ms,
  };
}

/** The chat load against the server on `port`, and the server's CPU use while it ran. */
async function chatLoad(server, port, agent, visitors) {
  const cpuBefore = cpuSeconds(server.pid);
  const started = Date.now();
  const result = await ask({
    cmd: "chat",
    base: `ws://127.0.0.1:${port}`,
    origin: ORIGIN,
    agent,
    visitors,
    batch: BATCH,
    perVisitorRate: RATE,
    warmupMs: WARMUP_MS,
    measureMs: MEASURE_MS,
    drainMs: DRAIN_MS,
  });
  const cpu = (cpuSeconds(server.pid) - cpuBefore) / ((Date.now() - started) / 1000);
  return { ...result, cpu };
}

async function agentCookie(port) {
  const res = await fetch(`http://127.0.0.1:${port}/api/agent/login`, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(AGENT),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("hl_agent="));
  if (res.status !== 200 || !cookie) throw new Error(`agent login failed: ${res.status}`);
  return cookie;
}

const mib = (kib) => (kib / 1024).toFixed(1);
const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : "-");

const bareVisitors = Array.from({ length: BUSY_CONVERSATIONS }, () => ({
  path: "/relay?role=visitor",
}));
const loadBefore = loadavg()[0];
try {
  // 1. Idle sockets: bare ws, then ours (fresh processes each time).
  let server = startBare("idle");
  await waitForHttp(`http://127.0.0.1:${barePort}/`);
  const bareTargets = Array.from({ length: IDLE_SOCKETS }, () => ({ path: "/ws/support/x/" }));
  const bareMem = await idleMemory(server, barePort, bareTargets);
  await server.stop();

  server = startOurs("server-idle");
  await waitForHttp(`http://127.0.0.1:${ourPort}/readyz`);
  const visitors = seedVisitors(IDLE_SOCKETS, BUSY_CONVERSATIONS);
  const ourMem = await idleMemory(server, ourPort, visitors);
  await server.stop();

  // 2. Delivery at 1,000 busy conversations: bare relay, relay + SQLite, then ours.
  const relayAgent = { path: "/relay?role=agent" };
  server = startBare("relay");
  await waitForHttp(`http://127.0.0.1:${barePort}/`);
  const bareChat = await chatLoad(server, barePort, relayAgent, bareVisitors);
  await server.stop();

  server = startBare("relay-sqlite");
  await waitForHttp(`http://127.0.0.1:${barePort}/`);
  const sqliteChat = await chatLoad(server, barePort, relayAgent, bareVisitors);
  await server.stop();

  server = startOurs("server-chat");
  await waitForHttp(`http://127.0.0.1:${ourPort}/readyz`);
  const ourChat = await chatLoad(
    server,
    ourPort,
    { path: "/ws/agent/", cookie: await agentCookie(ourPort) },
    visitors.slice(0, BUSY_CONVERSATIONS),
  );
  await server.stop();

  const bareDelta = bareMem.after - bareMem.before;
  const ourDelta = ourMem.after - ourMem.before;
  const deltaRatio = ourDelta / bareDelta;
  const totalRatio = ourMem.after / bareMem.after;
  const p99Ratio = ourChat.delivery.p99 / bareChat.delivery.p99;
  const p99SqliteRatio = ourChat.delivery.p99 / sqliteChat.delivery.p99;
  const memRow = (measure, bare, ours, ratio = "", budget = "") => [
    measure,
    bare,
    "",
    ours,
    ratio,
    budget,
  ];
  const chatRow = (measure, value, ratio = "", budget = "") => [
    measure,
    value(bareChat),
    value(sqliteChat),
    value(ourChat),
    ratio,
    budget,
  ];
  printTable(
    ["measure", "bare ws", "ws + SQLite", "hourline", "hourline/bare", "budget"],
    [
      memRow(`idle sockets open (of ${IDLE_SOCKETS})`, bareMem.open, ourMem.open),
      memRow("connect time, s", (bareMem.ms / 1000).toFixed(1), (ourMem.ms / 1000).toFixed(1)),
      memRow("RSS before, MiB", mib(bareMem.before), mib(ourMem.before)),
      memRow(
        `RSS with ${IDLE_SOCKETS} sockets, MiB`,
        mib(bareMem.after),
        mib(ourMem.after),
        totalRatio.toFixed(2),
      ),
      memRow("RSS added, MiB", mib(bareDelta), mib(ourDelta), deltaRatio.toFixed(2), "<= 1.5"),
      memRow(
        "RSS added per socket, KiB",
        (bareDelta / IDLE_SOCKETS).toFixed(2),
        (ourDelta / IDLE_SOCKETS).toFixed(2),
      ),
      chatRow(`busy conversations open (of ${BUSY_CONVERSATIONS})`, (r) => r.visitorsOpened),
      chatRow(`messages/s sent (target ${RATE * BUSY_CONVERSATIONS})`, (r) =>
        r.sendRate.toFixed(0),
      ),
      chatRow("messages/s delivered to the agent", (r) => r.deliveredRate.toFixed(0)),
      chatRow("server CPU over the run, % of a core", (r) => (r.cpu * 100).toFixed(0)),
      chatRow("delivery p50, ms", (r) => ms(r.delivery.p50)),
      chatRow("delivery p95, ms", (r) => ms(r.delivery.p95)),
      chatRow("delivery p99, ms", (r) => ms(r.delivery.p99), p99Ratio.toFixed(2), "<= 2"),
      chatRow("delivery max, ms", (r) => ms(r.delivery.max)),
      chatRow("ack p50 / p99, ms", (r) => (r.ack.n ? `${ms(r.ack.p50)} / ${ms(r.ack.p99)}` : "-")),
      chatRow("measured / not delivered", (r) => `${r.measured} / ${r.lost}`),
      chatRow("client send lag max, ms", (r) => ms(r.maxSendLagMs)),
    ],
  );

  const problems = [];
  for (const [name, mem] of [
    ["bare ws", bareMem],
    ["hourline", ourMem],
  ]) {
    if (mem.failed || mem.open !== IDLE_SOCKETS)
      problems.push(
        `${name}: ${mem.failed} idle sockets failed to open ${JSON.stringify(mem.failures)}, ` +
          `${mem.open} still open after settling`,
      );
  }
  for (const [name, run] of [
    ["bare relay", bareChat],
    ["relay + SQLite", sqliteChat],
    ["hourline", ourChat],
  ]) {
    if (run.visitorsFailed)
      problems.push(
        `${name}: ${run.visitorsFailed} visitor sockets failed ${JSON.stringify(run.failures)}`,
      );
    if (Object.keys(run.errors).length)
      problems.push(`${name}: error frames ${JSON.stringify(run.errors)}`);
    if (run.lost) problems.push(`${name}: ${run.lost} measured messages never reached the agent`);
    if (run.deliveredRate < 0.95 * run.sendRate)
      problems.push(
        `${name}: delivered ${run.deliveredRate.toFixed(0)} of ${run.sendRate.toFixed(0)} msg/s, ` +
          "so it fell behind and its latencies are mostly queueing (a busy machine? try CHAT_BENCH_RATE=0.5)",
      );
    if (run.unacked && run === ourChat)
      problems.push(`${name}: ${run.unacked} measured messages were never acked`);
  }
  for (const problem of problems) console.log(`problem: ${problem}`);

  const memOk = deltaRatio <= 1.5 && !problems.some((p) => p.includes("idle sockets"));
  const latencyOk = p99Ratio <= 2 && ourChat.lost === 0 && bareChat.lost === 0;
  console.log(
    `\nbudget: ${IDLE_SOCKETS} idle sockets add <= 1.5 x the RSS they add to a bare ws server: ` +
      `${memOk ? "met" : "NOT met"} (${deltaRatio.toFixed(2)}; total RSS ${totalRatio.toFixed(2)} x, ` +
      "which includes the whole app and the site it holds in memory)",
  );
  console.log(
    `budget: delivery p99 <= 2 x a bare ws relay's at ${BUSY_CONVERSATIONS} busy conversations: ` +
      `${latencyOk ? "met" : "NOT met"} (${p99Ratio.toFixed(2)} at ${ourChat.sendRate.toFixed(0)} ` +
      `msg/s; ${p99SqliteRatio.toFixed(2)} x the relay that commits each frame to SQLite)`,
  );
  console.log(
    "note: hourline validates, sanitizes and commits each message to SQLite (WAL, " +
      "synchronous=NORMAL) before the agent gets it, and acks it; the bare relay only forwards the " +
      "frame, the ws + SQLite relay forwards it after one prepared insert.",
  );
  console.log(
    `note: load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ` +
      `${availableParallelism()} cores; latencies on a shared machine are noisy.`,
  );
  process.exitCode = memOk && latencyOk ? 0 : 1;
} finally {
  await Promise.all([...running].map((handle) => handle.stop()));
}
