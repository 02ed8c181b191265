// GET /api/agent/reports on a year of data: 100,000 conversations (three messages each, or
// REPORTS_BENCH_MESSAGES in each answered one, agent and visitor taking turns; a rating on every
// third) spread over 2025, on SQLite and on PostgreSQL, through the built server. Each
// report is timed from the client, for the whole year in Europe/Berlin (two daylight-saving
// changes), with and without business hours, and for one month. The issue asks for the time on
// both databases; budget: a year's report under 5 s.
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { AGENT, ORIGIN, SQLITE_DRIVER, agentCookie } from "./chat-bench-kit.mjs";
import { ensureServerBuild, printTable, root, startWithFdLimit, waitForHttp } from "./tools.mjs";

const require = createRequire(import.meta.url);
const CONVERSATIONS = Number(process.env.REPORTS_BENCH_CONVERSATIONS ?? 100_000);
const MESSAGES = Math.max(3, Number(process.env.REPORTS_BENCH_MESSAGES ?? 3));
const RUNS = 5;
const port = Number(process.env.BENCH_PORT ?? 3204) + 40;
const PG_ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PG_DB = "hourline_reports_bench";
// 2025 in Europe/Berlin: from midnight CET on 1 January to midnight CET on 1 January 2026.
const YEAR_START = Date.parse("2024-12-31T23:00:00Z");
const YEAR_MS = 365 * 86_400_000 - 3_600_000;

ensureServerBuild();
const dir = mkdtempSync(join(tmpdir(), "hourline-reports-bench-"));
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
  // REPORTS_BENCH_KEEP=1 keeps the seeded databases (to look at a query plan), and says where.
  if (process.env.REPORTS_BENCH_KEEP) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

/** The i-th conversation: when it starts, who answers, how fast, when it ends, its rating. */
function chat(i) {
  // A deterministic spread: every hour of the year, answered in 5 s to 10 min.
  const start = YEAR_START + Math.floor((i / CONVERSATIONS) * YEAR_MS) + ((i * 7919) % 3_600_000);
  const reply = start + 5_000 + ((i * 104_729) % 600_000);
  const missed = i % 25 === 0;
  return {
    start,
    reply,
    missed,
    end: reply + 60_000 + ((i * 3_571) % 1_800_000),
    agent: 1 + (i % 3),
    score: i % 3 === 0 ? 1 + (i % 5) : null,
  };
}

function startServer(name, env) {
  const log = join(dir, `${name}.log`);
  const fd = openSync(log, "a");
  const proc = startWithFdLimit(process.execPath, [join(root, "apps/server/dist/server.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      BOOTSTRAP_AGENT_EMAIL: AGENT.email,
      BOOTSTRAP_AGENT_PASSWORD: AGENT.password,
      RETENTION_DAYS: "0",
      ...env,
    },
    stdio: ["ignore", fd, fd],
  });
  closeSync(fd);
  children.push(proc.child);
  return proc.child;
}

async function stop(child) {
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

async function seedSqlite(file) {
  const Database = require(SQLITE_DRIVER);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const agent = db.prepare(
    "insert into agents (email, name, role, password_hash, disabled, created_at, updated_at) values (?, ?, 'agent', 'x', 0, 0, 0)",
  );
  const conversation = db.prepare(
    "insert into chat_conversations (id, visitor_id, visitor_email, visitor_name, state, started_at, ended_at, ended_by, assigned_agent_id) values (?, 1, ?, 'Visitor', 'ended', ?, ?, 'visitor', ?)",
  );
  const message = db.prepare(
    "insert into chat_messages (conversation_id, sender_type, agent_id, sender, receiver, sender_username, message, msg_type, created_at) values (?, ?, ?, 's', 'r', 'n', 'Hello', 'text', ?)",
  );
  const rating = db.prepare(
    "insert into chat_ratings (conversation_id, score, comment, created_at, updated_at) values (?, ?, null, ?, ?)",
  );
  db.transaction(() => {
    agent.run("bench-2@hourline.example", "Second Agent");
    agent.run("bench-3@hourline.example", "Third Agent");
    for (let i = 1; i <= CONVERSATIONS; i++) {
      const c = chat(i);
      conversation.run(i, `v${i}@example.com`, c.start, c.end, c.missed ? null : c.agent);
      message.run(i, "visitor", null, c.start + 1000);
      if (!c.missed) {
        message.run(i, "agent", c.agent, c.reply);
        message.run(i, "visitor", null, c.reply + 20_000);
        for (let k = 3; k < MESSAGES; k++) {
          const agentTurn = k % 2 === 1;
          message.run(
            i,
            agentTurn ? "agent" : "visitor",
            agentTurn ? c.agent : null,
            c.reply + 20_000 + (k - 2) * 30_000,
          );
        }
      }
      if (c.score) rating.run(i, c.score, c.end, c.end);
    }
  })();
  db.close();
}

async function seedPostgres(url) {
  const pg = require("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      "insert into agents (email, name, role, password_hash, disabled, created_at, updated_at) values ('bench-2@hourline.example', 'Second Agent', 'agent', 'x', 0, 0, 0), ('bench-3@hourline.example', 'Third Agent', 'agent', 'x', 0, 0, 0)",
    );
    // In slices, each one statement per table from arrays of values.
    for (let from = 1; from <= CONVERSATIONS; from += 10_000) {
      const ids = [];
      const starts = [];
      const ends = [];
      const agents = [];
      const replies = [];
      const scores = [];
      for (let i = from; i < Math.min(from + 10_000, CONVERSATIONS + 1); i++) {
        const c = chat(i);
        ids.push(i);
        starts.push(c.start);
        ends.push(c.end);
        agents.push(c.missed ? null : c.agent);
        replies.push(c.missed ? null : c.reply);
        scores.push(c.score);
      }
      await client.query(
        `insert into chat_conversations (id, visitor_id, visitor_email, visitor_name, state, started_at, ended_at, ended_by, assigned_agent_id)
         select id, 1, 'v' || id || '@example.com', 'Visitor', 'ended', s, e, 'visitor', a
         from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[]) as t(id, s, e, a)`,
        [ids, starts, ends, agents],
      );
      await client.query(
        `insert into chat_messages (conversation_id, sender_type, agent_id, sender, receiver, sender_username, message, msg_type, created_at)
         select id, 'visitor', null, 's', 'r', 'n', 'Hello', 'text', s + 1000 from unnest($1::bigint[], $2::bigint[]) as t(id, s)
         union all
         select id, 'agent', a, 's', 'r', 'n', 'Hello', 'text', r from unnest($1::bigint[], $3::bigint[], $4::bigint[]) as t(id, a, r) where r is not null
         union all
         select id, 'visitor', null, 's', 'r', 'n', 'Hello', 'text', r + 20000 from unnest($1::bigint[], $4::bigint[]) as t(id, r) where r is not null
         union all
         select id, case when g % 2 = 1 then 'agent' else 'visitor' end, case when g % 2 = 1 then a end, 's', 'r', 'n', 'Hello', 'text', r + 20000 + (g - 2) * 30000
         from unnest($1::bigint[], $3::bigint[], $4::bigint[]) as t(id, a, r) cross join generate_series(3, $5::int - 1) as g where r is not null`,
        [ids, starts, agents, replies, MESSAGES],
      );
      await client.query(
        `insert into chat_ratings (conversation_id, score, comment, created_at, updated_at)
         select id, sc, null, e, e from unnest($1::bigint[], $2::int[], $3::bigint[]) as t(id, sc, e) where sc is not null`,
        [ids, scores, ends],
      );
    }
    await client.query("analyze");
  } finally {
    await client.end();
  }
}

async function freshPgDatabase() {
  const pg = require("pg");
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${PG_DB} with (force)`);
    await admin.query(`create database ${PG_DB}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_DB}`;
  return url.toString();
}

async function timeReport(cookie, query) {
  const times = [];
  let body;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/agent/reports?${query}`, {
      headers: { origin: ORIGIN, cookie },
    });
    body = await res.json();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`report: ${res.status} ${JSON.stringify(body)}`);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], body };
}

async function setHours(cookie, enabled) {
  const day = [{ open: "09:00", close: "18:00" }];
  const res = await fetch(`http://127.0.0.1:${port}/api/agent/settings/business-hours`, {
    method: "PUT",
    headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
    body: JSON.stringify({
      enabled,
      time_zone: "Europe/Berlin",
      weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] },
      closed_dates: ["2025-12-25", "2025-12-26"],
      offline_message: "",
    }),
  });
  if (res.status !== 200) throw new Error(`business hours: ${res.status}`);
}

const rows = [];
async function measure(store, env, seed) {
  let server = startServer(store, env);
  await waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000);
  // The server's migrations made the tables; the rows go in while it is stopped.
  await stop(server);
  const seedStarted = performance.now();
  await seed();
  const seedSeconds = ((performance.now() - seedStarted) / 1000).toFixed(1);
  server = startServer(store, env);
  await waitForHttp(`http://127.0.0.1:${port}/readyz`, 60_000);
  const cookie = await agentCookie(port);
  const year = "from=2025-01-01&to=2025-12-31&tz=Europe/Berlin";
  const clock = await timeReport(cookie, year);
  const month = await timeReport(cookie, "from=2025-03-01&to=2025-03-31&tz=Europe/Berlin");
  await setHours(cookie, true);
  const business = await timeReport(cookie, year);
  await setHours(cookie, false);
  if (clock.body.conversations !== CONVERSATIONS) {
    throw new Error(`${store}: the year counted ${clock.body.conversations} conversations`);
  }
  rows.push([
    store,
    CONVERSATIONS.toLocaleString("en"),
    seedSeconds,
    clock.median.toFixed(0),
    business.median.toFixed(0),
    month.median.toFixed(0),
    `${clock.body.first_response_seconds.median} / ${business.body.first_response_seconds.median}`,
  ]);
  await stop(server);
}

await measure("SQLite", { DATA_DIR: join(dir, "sqlite") }, () =>
  seedSqlite(join(dir, "sqlite", "hourline.sqlite")),
);
let pgUrl = null;
try {
  pgUrl = await freshPgDatabase();
} catch (err) {
  console.warn(`SKIPPING PostgreSQL: ${err.message}`);
}
if (pgUrl) {
  await measure("PostgreSQL", { DATA_DIR: join(dir, "pg"), DATABASE_URL: pgUrl }, () =>
    seedPostgres(pgUrl),
  );
}

console.log(
  `Reports on a year of conversations, ${MESSAGES} messages in each answered one (median of ${RUNS} runs, ms, from the client)`,
);
printTable(
  [
    "store",
    "conversations",
    "seed s",
    "year ms",
    "year, business hours ms",
    "one month ms",
    "first response median s (clock / business)",
  ],
  rows,
);
