// What the chat benchmarks share: child processes with logs kept for failures, the client process
// (bench/chat-clients.mjs) driven over IPC, the built server on SQLite or PostgreSQL, the bare `ws`
// peers (idle, relay, relays that commit each frame to SQLite or PostgreSQL), visitor sessions and
// conversations written straight into the server's database, and one chat load with its CPU use.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cpuSeconds, hardFdLimit, root, startWithFdLimit, waitForHttp } from "./tools.mjs";

const require = createRequire(import.meta.url);

// The SQLite driver made for this Node line (apps/server/src/db/sqlite-binding.ts says why).
export const SQLITE_DRIVER =
  Number.parseInt(process.versions.node, 10) >= 22 ? "better-sqlite3" : "better-sqlite3-node20";

export const ORIGIN = "http://localhost:3000";
export const AGENT = { email: "bench-agent@hourline.example", password: "bench-agent-password-1" };

/**
 * PostgreSQL for the benchmarks: a database of their own, emptied at each run (its public schema
 * is dropped and made again). BENCH_DATABASE_URL names another one.
 */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/hourline_bench";
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

/** First of the ports the benchmarks listen on (BENCH_PORT moves them when taken). */
export const BASE_PORT = Number(process.env.BENCH_PORT ?? 3204);

// CHAT_BENCH_SERVER runs another build of the server (an older one kept aside, to compare);
// CHAT_BENCH_PROFILE=<dir> writes each server's CPU profile there (--cpu-prof) when it stops.
const serverEntry = process.env.CHAT_BENCH_SERVER ?? join(root, "apps/server/dist/server.js");
// CHAT_BENCH_NODE_ARGS adds Node options to each server (e.g. --trace-gc).
const profileArgs = [
  ...(process.env.CHAT_BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CHAT_BENCH_PROFILE}`]
    : []),
  ...(process.env.CHAT_BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
];

/**
 * BENCH_NICE=-10 (as root) runs the benchmark's processes, servers, peers and clients alike, ahead
 * of the machine's other work: on a shared machine the latencies then measure the servers rather
 * than the scheduler. Every process measured gets the same priority, so the ratios stay fair.
 */
const NICE = process.env.BENCH_NICE;
function prioritize(pid) {
  if (NICE) spawnSync("renice", ["-n", NICE, "-p", String(pid)], { stdio: "ignore" });
}
prioritize(process.pid);

export const BENCH_REDIS_PREFIX = `${process.env.BENCH_REDIS_PREFIX ?? "hl-bench:"}${process.pid}:`;

/** Stops with a message when the open-file limit cannot hold `sockets`. */
export function requireFdLimit(sockets) {
  const fdLimit = hardFdLimit();
  if (fdLimit >= sockets + 1_000) return;
  console.error(
    `The open-file hard limit is ${fdLimit}; holding ${sockets} sockets needs more than ` +
      `${sockets + 1_000} per process. Raise it (e.g. \`ulimit -Hn 65536\` as root, or ` +
      `LimitNOFILE in a systemd unit) and run again.`,
  );
  process.exit(1);
}

/** Whether PostgreSQL answers at BENCH_DATABASE_URL (the database is created when missing). */
export async function postgresAvailable() {
  const pg = require("pg");
  const url = new URL(BENCH_DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(BENCH_DATABASE_URL);
  admin.pathname = "/postgres";
  const client = new pg.Client({
    connectionString: admin.toString(),
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (err) {
    return `no PostgreSQL at ${BENCH_DATABASE_URL} (${err.code ?? err.message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Drops and makes again the bench database's public schema: every run starts empty. */
export async function emptyPostgres() {
  const pg = require("pg");
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query("drop schema if exists public cascade; create schema public");
  } finally {
    await client.end();
  }
}

// The bare servers: "idle" answers nothing; "relay" forwards every visitor frame to the agent
// socket (the one with role=agent in its URL); "relay-sqlite" first inserts it into a SQLite table
// (WAL, synchronous=NORMAL, one commit per frame) and "relay-pg" into a PostgreSQL table (a pool
// of 10 connections, as the server has), the least any ack-after-commit design does.
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
  const statement = db.prepare("insert into messages (client_id, body, created_at) values (?, ?, ?)");
  insert = async (clientId, body) => statement.run(clientId, body, Date.now());
} else if (mode === "relay-pg") {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: process.env.RELAY_DATABASE_URL, max: 10 });
  await pool.query("create table relay_messages (id bigserial primary key, client_id text not null unique, body text not null, created_at bigint not null)");
  insert = (clientId, body) =>
    pool.query("insert into relay_messages (client_id, body, created_at) values ($1, $2, $3)", [clientId, body, Date.now()]);
}
const wss = new WebSocketServer({ port: Number(process.env.PORT), host: "127.0.0.1", perMessageDeflate: false });
let agent = null;
wss.on("connection", (ws, req) => {
  if (mode === "idle") return;
  if (req.url.includes("role=agent")) { agent = ws; return; }
  ws.on("message", async (data, isBinary) => {
    if (insert) await insert(JSON.parse(String(data)).client_id, String(data));
    if (agent) agent.send(data, { binary: isBinary });
  });
});
`;

/** One benchmark's processes, temporary directory and client process. */
export function chatBench() {
  const dir = mkdtempSync(join(tmpdir(), "hourline-chat-bench-"));
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
    prioritize(proc.child.pid);
    const handle = {
      child: proc.child,
      pid: proc.child.pid,
      stopping: false,
      exited: false,
      async stop() {
        if (handle.exited) return;
        handle.stopping = true;
        const killer = setTimeout(() => proc.child.kill("SIGKILL"), 10_000);
        await proc.stop();
        clearTimeout(killer);
      },
    };
    running.add(handle);
    proc.child.once("exit", (code, signal) => {
      handle.exited = true;
      running.delete(handle);
      if (!handle.stopping) {
        console.error(`${name} exited unexpectedly (${signal ?? code}); its log:`);
        console.error(readFileSync(log, "utf8").split("\n").slice(-30).join("\n"));
      }
    });
    return handle;
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

  /** A bare `ws` server in `mode` on `port`, answering once it listens. */
  async function startBare(mode, port) {
    const server = start(`bare-${mode}-${port}`, ["--input-type=module", "-e", BARE_SERVER], {
      PORT: String(port),
      MODE: mode,
      RELAY_DB: join(dir, `relay-${Date.now()}.sqlite`),
      RELAY_DATABASE_URL: BENCH_DATABASE_URL,
      SQLITE_DRIVER,
    });
    await waitForHttp(`http://127.0.0.1:${port}/`);
    return server;
  }

  /**
   * The built server on `port`, ready: on SQLite in this run's data directory (shared by every
   * server of the run), or with `env` (DATABASE_URL, REDIS_URL) on what it names.
   */
  async function startOurs(name, port, env = {}) {
    const server = start(name, [...profileArgs, serverEntry], {
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_DIR: join(root, "apps/web/build"),
      DATA_DIR: join(dir, "data"),
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      BOOTSTRAP_AGENT_EMAIL: AGENT.email,
      BOOTSTRAP_AGENT_PASSWORD: AGENT.password,
      METRICS_TOKEN,
      ...env,
    });
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000);
    return server;
  }

  async function stopAll() {
    await Promise.all([...running].map((handle) => handle.stop()));
  }

  return { dir, start, ask, startBare, startOurs, stopAll };
}

const METRICS_TOKEN = "bench-metrics-token-0123456789abcdef";

/**
 * The server's own view of a load, from its /metrics: the event loop's delay (prom-client's
 * monitor, reset at each scrape, so scrape once before the load to start the window) and, per
 * route, how many requests were answered within each bucket (counted since the server started).
 */
export async function serverView(port) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const value = (name) => {
    const m = text.match(new RegExp(`^${name} ([\\d.e+-]+)$`, "m"));
    return m ? Number(m[1]) * 1000 : Number.NaN;
  };
  const buckets = new Map();
  for (const m of text.matchAll(
    /^hourline_http_request_duration_seconds_bucket\{(?=[^}]*method="(\w+)")(?=[^}]*route="([^"]*)")(?=[^}]*le="([^"]+)")[^}]+\} (\d+)$/gm,
  )) {
    const key = `${m[1]} ${m[2]}`;
    const list = buckets.get(key) ?? [];
    list.push({ le: m[3] === "+Inf" ? Infinity : Number(m[3]) * 1000, count: Number(m[4]) });
    buckets.set(key, list);
  }
  return {
    loopP99: value("nodejs_eventloop_lag_p99_seconds"),
    loopMax: value("nodejs_eventloop_lag_max_seconds"),
    buckets,
  };
}

/**
 * Scrapes the server's /metrics once a second while a load runs; `window(from, to)` then gives
 * the view of that span (the event loop's delay p99 and max over the scrapes inside it, the
 * answers' buckets between its first and last scrape), so the clients' connecting and the drain
 * are left out.
 */
export function watchServer(port) {
  const samples = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const at = Date.now();
      try {
        samples.push({ at, view: await serverView(port) });
      } catch {
        // a scrape that failed (the server busy starting or stopping) leaves a gap
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - at))));
    }
  })();
  return {
    async window(from, to) {
      stopped = true;
      await done;
      const inside = samples.filter((s) => s.at > from && s.at <= to + 1000);
      if (inside.length < 2) return undefined;
      const first = inside[0].view;
      const last = inside.at(-1).view;
      const later = inside.slice(1).map((s) => s.view);
      for (const [key, list] of last.buckets) {
        const before = first.buckets.get(key) ?? [];
        for (const b of list) b.count -= before.find((x) => x.le === b.le)?.count ?? 0;
      }
      return {
        loopP99: Math.max(...later.map((v) => v.loopP99)),
        loopMax: Math.max(...later.map((v) => v.loopMax)),
        buckets: last.buckets,
      };
    },
  };
}

/** The bucket (ms, its upper bound) that holds the `q` quantile of a route's answers, or "-". */
export function bucketQuantile(view, route, q) {
  const list = view.buckets.get(route);
  const total = list?.at(-1)?.count ?? 0;
  if (!list || total === 0) return "-";
  const b = list.find((x) => x.count >= q * total);
  return b ? (b.le === Infinity ? "> 10 s" : `<= ${b.le}`) : "-";
}

/** Visitor `i`'s address and a fresh session token for it. */
function benchVisitor(i) {
  const email = `visitor-${String(i).padStart(5, "0")}@bench.example`;
  const token = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(token).digest("hex");
  return {
    email,
    hash,
    target: { path: `/ws/support/${encodeURIComponent(email)}/`, cookie: `hl_chat=${token}` },
  };
}

/**
 * Visitor sessions (and for the first `withConversations`, a visitor and an open conversation),
 * written into the server's SQLite file (`sqliteFile`) or PostgreSQL database (`databaseUrl`).
 * Returns the socket targets: path and session cookie.
 */
export async function seedVisitors({ sqliteFile, databaseUrl }, count, withConversations) {
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const visitors = Array.from({ length: count }, (_, i) => benchVisitor(i));
  if (sqliteFile) {
    const Database = require(SQLITE_DRIVER);
    const db = new Database(sqliteFile);
    db.pragma("busy_timeout = 5000");
    const session = db.prepare(
      "insert into visitor_sessions (token_hash, email, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)",
    );
    const visitor = db.prepare(
      "insert into chat_visitors (email, name, created_at, updated_at) values (?, ?, ?, ?)",
    );
    const conversation = db.prepare(
      "insert into chat_conversations (visitor_id, visitor_email, visitor_name, state, started_at) values (?, ?, ?, 'open', ?)",
    );
    db.transaction(() => {
      visitors.forEach(({ email, hash }, i) => {
        session.run(hash, email, now, now, now + day);
        if (i < withConversations) {
          const { lastInsertRowid } = visitor.run(email, `Visitor ${i}`, now, now);
          conversation.run(lastInsertRowid, email, `Visitor ${i}`, now);
        }
      });
    })();
    db.close();
  } else {
    const pg = require("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query("begin");
      for (const [i, { email, hash }] of visitors.entries()) {
        await client.query(
          "insert into visitor_sessions (token_hash, email, created_at, last_seen_at, expires_at) values ($1, $2, $3, $3, $4)",
          [hash, email, now, now + day],
        );
        if (i < withConversations) {
          const { rows } = await client.query(
            "insert into chat_visitors (email, name, created_at, updated_at) values ($1, $2, $3, $3) returning id",
            [email, `Visitor ${i}`, now],
          );
          await client.query(
            "insert into chat_conversations (visitor_id, visitor_email, visitor_name, state, started_at) values ($1, $2, $3, 'open', $4)",
            [rows[0].id, email, `Visitor ${i}`, now],
          );
        }
      }
      await client.query("commit");
    } finally {
      await client.end();
    }
  }
  return visitors.map((v) => v.target);
}

/** Signs the bench agent in over the API; its session cookie. */
export async function agentCookie(port) {
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

/**
 * One chat load (bench/chat-clients.mjs `chat`): `agent` and `visitors` are targets, each with its
 * own `base` when the servers differ. Adds the CPU the `servers` used over the run, in cores.
 */
export async function chatLoad(ask, servers, { agent, visitors, rate, warmupMs, measureMs }) {
  const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
  const started = Date.now();
  const result = await ask({
    cmd: "chat",
    base: "",
    origin: ORIGIN,
    agent,
    visitors,
    batch: 500,
    perVisitorRate: rate / visitors.length,
    warmupMs,
    measureMs,
    drainMs: 3_000,
  });
  const seconds = (Date.now() - started) / 1000;
  const cpu = servers.reduce((sum, s, i) => sum + (cpuSeconds(s.pid) - cpuBefore[i]), 0) / seconds;
  return { ...result, cpu };
}

/** Problems with a chat load that make its latencies meaningless, as sentences. */
export function loadProblems(name, run, { acked = true } = {}) {
  const problems = [];
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
        "so it fell behind and its latencies are mostly queueing",
    );
  if (acked && run.unacked) problems.push(`${name}: ${run.unacked} measured messages never acked`);
  return problems;
}

export const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : "-");
