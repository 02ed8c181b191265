// Chat throughput, one instance: the most visitor messages per second the built server carries to
// the agent with delivery p99 under 50 ms, on SQLite and on PostgreSQL, against a `ws` relay that
// commits each frame to the same database before forwarding it; and the same per core of CPU the
// server process used at that rate. The load rises step by step (CHAT_THROUGHPUT_RATES, messages
// per second, comma-separated) over 2,000 busy conversations (the server lets one socket send 4
// messages a second, so 2,000 sockets can carry 8,000); a step passes when p99 < 50 ms, every
// message arrived and the server kept up. PostgreSQL: BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/hourline_bench, created when missing and emptied at each run);
// without it the PostgreSQL half is skipped with a message.
import { join } from "node:path";
import { availableParallelism, loadavg } from "node:os";
import {
  BASE_PORT,
  BENCH_DATABASE_URL,
  agentCookie,
  chatBench,
  chatLoad,
  emptyPostgres,
  loadProblems,
  ms,
  postgresAvailable,
  requireFdLimit,
  seedVisitors,
} from "./chat-bench-kit.mjs";
import { ensureServerBuild, printTable } from "./tools.mjs";

const CONVERSATIONS = 2_000;
const P99_LIMIT_MS = 50;
const RATES = (process.env.CHAT_THROUGHPUT_RATES ?? "250,500,1000,1500,2000,3000,4000,6000,8000")
  .split(",")
  .map(Number);
const STEP = { warmupMs: 2_000, measureMs: Number(process.env.CHAT_BENCH_SECONDS ?? 6) * 1000 };
const relayPort = BASE_PORT + 2;
const ourPort = BASE_PORT + 3;

requireFdLimit(CONVERSATIONS);
ensureServerBuild();
const bench = chatBench();

/**
 * Raises the load until a step fails twice in a row (a step that fails once is run again: on a
 * shared machine one slow second of another process's making can spoil a p99); every step's
 * figures, and the best passing one. The first step warms the server up for longer.
 */
async function climb(name, servers, targets) {
  const steps = [];
  let best;
  let first = true;
  for (const rate of RATES) {
    let pass = false;
    for (let attempt = 0; attempt < 2 && !pass; attempt++) {
      const warmupMs = first ? 6_000 : STEP.warmupMs;
      first = false;
      const run = await chatLoad(bench.ask, servers, { ...targets, rate, ...STEP, warmupMs });
      const problems = loadProblems(name, run, { acked: false });
      pass = problems.length === 0 && run.delivery.p99 < P99_LIMIT_MS;
      steps.push({ rate, run, pass, problems });
      console.log(
        `  ${name} at ${rate} msg/s: p99 ${ms(run.delivery.p99)} ms, ` +
          `${run.deliveredRate.toFixed(0)} delivered/s, CPU ${(run.cpu * 100).toFixed(0)}%` +
          (pass ? "" : ` (fails: ${problems.join("; ") || `p99 >= ${P99_LIMIT_MS} ms`})`),
      );
      if (pass) best = { rate, run };
    }
    if (!pass) break;
  }
  return { name, steps, best };
}

/** The relay for `mode` and the server on `env`, each climbed; the servers stop after. */
async function measureStore(label, relayMode, ourEnv, seedTarget) {
  let server = await bench.startBare(relayMode, relayPort);
  const relayBase = `ws://127.0.0.1:${relayPort}`;
  const relay = await climb(`ws + ${label}`, [server], {
    agent: { base: relayBase, path: "/relay?role=agent" },
    visitors: Array.from({ length: CONVERSATIONS }, () => ({
      base: relayBase,
      path: "/relay?role=visitor",
    })),
  });
  await server.stop();

  server = await bench.startOurs(`server-${relayMode}`, ourPort, ourEnv);
  const visitors = await seedVisitors(seedTarget, CONVERSATIONS, CONVERSATIONS);
  const ourBase = `ws://127.0.0.1:${ourPort}`;
  const ours = await climb(`hourline on ${label}`, [server], {
    agent: { base: ourBase, path: "/ws/agent/", cookie: await agentCookie(ourPort) },
    visitors: visitors.map((v) => ({ ...v, base: ourBase })),
  });
  await server.stop();
  return { label, relay, ours };
}

const loadBefore = loadavg()[0];
const results = [];
const skipped = [];
try {
  results.push(
    await measureStore(
      "SQLite",
      "relay-sqlite",
      {},
      {
        sqliteFile: join(bench.dir, "data/hourline.sqlite"),
      },
    ),
  );
  const pg = await postgresAvailable();
  if (pg === true) {
    await emptyPostgres();
    results.push(
      await measureStore(
        "PostgreSQL",
        "relay-pg",
        { DATABASE_URL: BENCH_DATABASE_URL },
        { databaseUrl: BENCH_DATABASE_URL },
      ),
    );
  } else {
    skipped.push(
      `SKIPPING the PostgreSQL half: ${pg}. Start PostgreSQL or set BENCH_DATABASE_URL.`,
    );
  }

  const rate = (c) => (c.best ? c.best.rate : 0);
  const perCore = (c) => (c.best ? c.best.rate / Math.max(c.best.run.cpu, 0.01) : 0);
  const rows = [];
  for (const { label, relay, ours } of results) {
    for (const c of [relay, ours]) {
      const first = c.steps[0]?.run;
      rows.push([
        c.name,
        c.best ? rate(c) : `< ${RATES[0]}`,
        c.best ? ms(c.best.run.delivery.p99) : "-",
        c.best ? (c.best.run.cpu * 100).toFixed(0) : "-",
        c.best ? perCore(c).toFixed(0) : "-",
        first ? (first.deliveredRate / Math.max(first.cpu, 0.01)).toFixed(0) : "-",
        c === ours && relay.best && ours.best
          ? `${(rate(ours) / rate(relay)).toFixed(2)} / ${(perCore(ours) / perCore(relay)).toFixed(2)}`
          : "",
      ]);
    }
    void label;
  }
  console.log("");
  printTable(
    [
      `store (${CONVERSATIONS} conversations)`,
      `msg/s at p99 < ${P99_LIMIT_MS} ms`,
      "p99 there, ms",
      "server CPU, % of a core",
      "msg/s per core",
      `msg per CPU-second at ${RATES[0]} msg/s`,
      "hourline/relay (msg/s / per core)",
    ],
    rows,
  );
  for (const line of skipped) console.log(line);
  console.log(
    "\nnote: msg per CPU-second is the delivered rate over the server's CPU at the first step: " +
      "what a core would carry if the server had it to itself, and the figure least moved by " +
      "other work on the machine; the p99 columns are what this machine gave while it ran.",
  );
  console.log(
    "note: each step runs the load anew; the best step passing is shown. The relay's ceiling " +
      "can be the client process's (one core shared with everything else here), not the relay's.",
  );
  console.log(
    `note: load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ` +
      `${availableParallelism()} cores; figures on a shared machine are noisy.`,
  );
} finally {
  await bench.stopAll();
}
