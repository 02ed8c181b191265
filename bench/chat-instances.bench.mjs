// Two instances over Redis against one, same run, same PostgreSQL database: visitor-to-agent
// delivery at 1,000 busy conversations (a message a second each). One instance alone (no Redis,
// as a one-machine installation runs), the same instance with REDIS_URL set, then two instances
// with the visitors on one and the agent on the other, so every message crosses Redis. Budget:
// the pair's p99 at most 2x the lone instance's. Needs PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/hourline_bench, emptied at each run) and Redis
// (BENCH_REDIS_URL, default redis://127.0.0.1:6379; keys and channels under BENCH_REDIS_PREFIX,
// default "hl-bench:"); without either it says so and skips.
import { availableParallelism, loadavg } from "node:os";
import { createConnection } from "node:net";
import {
  BASE_PORT,
  BENCH_DATABASE_URL,
  BENCH_REDIS_PREFIX,
  BENCH_REDIS_URL,
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

const BUSY_CONVERSATIONS = 1_000;
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 1) * BUSY_CONVERSATIONS;
const LOAD = {
  rate: RATE,
  warmupMs: 5_000,
  measureMs: Number(process.env.CHAT_BENCH_SECONDS ?? 15) * 1000,
};
const portA = BASE_PORT + 4;
const portB = BASE_PORT + 5;

/** Whether Redis answers PING at BENCH_REDIS_URL. */
function redisAvailable() {
  const url = new URL(BENCH_REDIS_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(3000, () => done(`no Redis at ${BENCH_REDIS_URL} (timeout)`));
    socket.once("error", (err) =>
      done(`no Redis at ${BENCH_REDIS_URL} (${err.code ?? err.message})`),
    );
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) =>
      done(
        String(data).startsWith("+PONG") || String(data).startsWith("-NOAUTH")
          ? true
          : String(data),
      ),
    );
  });
}

const [pg, redis] = await Promise.all([postgresAvailable(), redisAvailable()]);
if (pg !== true || redis !== true) {
  for (const why of [pg, redis].filter((v) => v !== true))
    console.log(
      `SKIPPING two instances over Redis: ${why}. Start it, or set BENCH_DATABASE_URL / BENCH_REDIS_URL.`,
    );
  process.exit(0);
}

requireFdLimit(BUSY_CONVERSATIONS);
ensureServerBuild();
const bench = chatBench();
const pgEnv = { DATABASE_URL: BENCH_DATABASE_URL };
const redisEnv = { ...pgEnv, REDIS_URL: BENCH_REDIS_URL, REDIS_KEY_PREFIX: BENCH_REDIS_PREFIX };
const base = (port) => `ws://127.0.0.1:${port}`;

/** The load with the visitors on `visitorPort` and the agent on `agentPort`. */
async function run(servers, visitors, visitorPort, agentPort) {
  return chatLoad(bench.ask, servers, {
    ...LOAD,
    agent: { base: base(agentPort), path: "/ws/agent/", cookie: await agentCookie(agentPort) },
    visitors: visitors.map((v) => ({ ...v, base: base(visitorPort) })),
  });
}

const loadBefore = loadavg()[0];
try {
  await emptyPostgres();
  let a = await bench.startOurs("alone", portA, pgEnv);
  const visitors = await seedVisitors(
    { databaseUrl: BENCH_DATABASE_URL },
    BUSY_CONVERSATIONS,
    BUSY_CONVERSATIONS,
  );
  const alone = await run([a], visitors, portA, portA);
  await a.stop();

  a = await bench.startOurs("alone-redis", portA, redisEnv);
  const aloneRedis = await run([a], visitors, portA, portA);
  await a.stop();

  a = await bench.startOurs("pair-a", portA, redisEnv);
  const b = await bench.startOurs("pair-b", portB, redisEnv);
  const pair = await run([a, b], visitors, portA, portB);
  await Promise.all([a.stop(), b.stop()]);

  const ratio = pair.delivery.p99 / alone.delivery.p99;
  const runs = [alone, aloneRedis, pair];
  const row = (measure, value, extra = ["", ""]) => [measure, ...runs.map(value), ...extra];
  printTable(
    [
      "measure",
      "one instance",
      "one instance + Redis",
      "two instances over Redis",
      "two/one",
      "budget",
    ],
    [
      row(`busy conversations open (of ${BUSY_CONVERSATIONS})`, (r) => r.visitorsOpened),
      row(`messages/s sent (target ${RATE})`, (r) => r.sendRate.toFixed(0)),
      row("messages/s delivered to the agent", (r) => r.deliveredRate.toFixed(0)),
      row("servers' CPU, % of a core", (r) => (r.cpu * 100).toFixed(0)),
      row("delivery p50, ms", (r) => ms(r.delivery.p50)),
      row("delivery p95, ms", (r) => ms(r.delivery.p95)),
      row("delivery p99, ms", (r) => ms(r.delivery.p99), [ratio.toFixed(2), "<= 2"]),
      row("delivery max, ms", (r) => ms(r.delivery.max)),
      row("ack p50 / p99, ms", (r) => (r.ack.n ? `${ms(r.ack.p50)} / ${ms(r.ack.p99)}` : "-")),
      row("measured / not delivered", (r) => `${r.measured} / ${r.lost}`),
    ],
  );
  const problems = [
    ...loadProblems("one instance", alone),
    ...loadProblems("one instance + Redis", aloneRedis),
    ...loadProblems("two instances", pair),
  ];
  for (const problem of problems) console.log(`problem: ${problem}`);
  const ok = ratio <= 2 && problems.length === 0;
  console.log(
    `\nbudget: delivery p99 across two instances over Redis <= 2 x one instance's, at ` +
      `${BUSY_CONVERSATIONS} busy conversations on PostgreSQL: ${ok ? "met" : "NOT met"} ` +
      `(${ratio.toFixed(2)}; ${(pair.delivery.p99 / aloneRedis.delivery.p99).toFixed(2)} x one ` +
      "instance with Redis)",
  );
  console.log(
    `note: load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ` +
      `${availableParallelism()} cores; latencies on a shared machine are noisy.`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await bench.stopAll();
}
