// Support chat sockets, one instance on SQLite: the built server against bare `ws` servers, same
// machine, same run, same client process (bench/chat-clients.mjs, a child of its own so its work
// is not counted). Budgets:
//   - 10,000 idle visitor sockets take at most 1.5x the memory of a bare `ws` server holding as many
//     (judged on the RSS the sockets add; the ratio of total RSS is printed too);
//   - visitor-to-agent delivery p99 at 1,000 busy conversations is at most 1.5x a relay that
//     commits each frame to SQLite before forwarding it (the least an ack-after-commit design
//     does), and at most 2x a bare `ws` relay that only forwards;
//   - the same delivery over the HTTP fallback (event streams down, one POST at a time up) is at
//     most 2x the WebSocket's, measured right after it on the same server.
// Visitor sessions, visitors and conversations are written straight into the server's SQLite file
// (no one-time codes, no mail); the agent is the BOOTSTRAP_AGENT one, signed in over the API.
// CHAT_BENCH_RATE (messages per second per visitor, default 1) and CHAT_BENCH_SECONDS (measured
// seconds, default 15) tune the latency run; CHAT_BENCH_PARTS=memory or =latency runs one half.
import { join } from "node:path";
import { availableParallelism, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import {
  BASE_PORT,
  ORIGIN,
  agentCookie,
  bucketQuantile,
  chatBench,
  chatLoad,
  loadProblems,
  ms,
  requireFdLimit,
  seedVisitors,
  watchServer,
} from "./chat-bench-kit.mjs";
import { ensureServerBuild, printTable, rssKiB } from "./tools.mjs";

const IDLE_SOCKETS = 10_000;
const BUSY_CONVERSATIONS = 1_000;
const SETTLE_MS = 3_000;
const RATE = Number(process.env.CHAT_BENCH_RATE ?? 1);
const MEASURE_MS = Number(process.env.CHAT_BENCH_SECONDS ?? 15) * 1000;
const WARMUP_MS = 5_000;
const parts = (process.env.CHAT_BENCH_PARTS ?? "memory,latency").split(",");
const barePort = BASE_PORT;
const ourPort = BASE_PORT + 1;

requireFdLimit(IDLE_SOCKETS);
ensureServerBuild();
const bench = chatBench();
const sqliteFile = join(bench.dir, "data/hourline.sqlite");

/** RSS of the server before and after the client opens `targets` and leaves them idle. */
async function idleMemory(server, port, targets) {
  await sleep(SETTLE_MS);
  const before = rssKiB(server.pid);
  const opened = await bench.ask({
    cmd: "open",
    base: `ws://127.0.0.1:${port}`,
    origin: ORIGIN,
    targets,
    batch: 500,
  });
  await sleep(SETTLE_MS);
  const after = rssKiB(server.pid);
  const { open } = await bench.ask({ cmd: "count" });
  await bench.ask({ cmd: "close" });
  return { before, after, open, ...opened };
}

const mib = (kib) => (kib / 1024).toFixed(1);
const loadBefore = loadavg()[0];
const problems = [];
/** The measured window of a load that just ended: before its drain (3 s), `MEASURE_MS` long. */
const measuredSpan = () => [Date.now() - 3_000 - MEASURE_MS, Date.now() - 3_000];
/** The fallback's POST route as the server's metrics name it. */
const POST_ROUTE = "POST /sse/support/:email/";
const verdicts = [];
let ok = true;
try {
  // Ours first: it makes the SQLite file that the visitors are seeded into.
  let server = await bench.startOurs("server-idle", ourPort);
  const visitors = await seedVisitors({ sqliteFile }, IDLE_SOCKETS, BUSY_CONVERSATIONS);

  if (parts.includes("memory")) {
    const ourMem = await idleMemory(server, ourPort, visitors);
    await server.stop();
    server = await bench.startBare("idle", barePort);
    const bareTargets = Array.from({ length: IDLE_SOCKETS }, () => ({ path: "/ws/support/x/" }));
    const bareMem = await idleMemory(server, barePort, bareTargets);
    await server.stop();

    const bareDelta = bareMem.after - bareMem.before;
    const ourDelta = ourMem.after - ourMem.before;
    const deltaRatio = ourDelta / bareDelta;
    printTable(
      ["measure", "bare ws", "hourline", "hourline/bare", "budget"],
      [
        [`idle sockets open (of ${IDLE_SOCKETS})`, bareMem.open, ourMem.open, "", ""],
        ["connect time, s", (bareMem.ms / 1000).toFixed(1), (ourMem.ms / 1000).toFixed(1), "", ""],
        ["RSS before, MiB", mib(bareMem.before), mib(ourMem.before), "", ""],
        [
          `RSS with ${IDLE_SOCKETS} sockets, MiB`,
          mib(bareMem.after),
          mib(ourMem.after),
          (ourMem.after / bareMem.after).toFixed(2),
          "",
        ],
        ["RSS added, MiB", mib(bareDelta), mib(ourDelta), deltaRatio.toFixed(2), "<= 1.5"],
        [
          "RSS added per socket, KiB",
          (bareDelta / IDLE_SOCKETS).toFixed(2),
          (ourDelta / IDLE_SOCKETS).toFixed(2),
          "",
          "",
        ],
      ],
    );
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
    const memOk = deltaRatio <= 1.5 && !problems.some((p) => p.includes("idle sockets"));
    ok &&= memOk;
    verdicts.push(
      `budget: ${IDLE_SOCKETS} idle sockets add <= 1.5 x the RSS they add to a bare ws server: ` +
        `${memOk ? "met" : "NOT met"} (${deltaRatio.toFixed(2)}; total RSS ` +
        `${(ourMem.after / bareMem.after).toFixed(2)} x, which includes the whole app and the ` +
        "site it holds in memory)",
    );
  }

  if (parts.includes("latency")) {
    // Delivery at 1,000 busy conversations: bare relay, relay + SQLite, then ours.
    const load = { rate: RATE * BUSY_CONVERSATIONS, warmupMs: WARMUP_MS, measureMs: MEASURE_MS };
    await server.stop();
    const bareBase = `ws://127.0.0.1:${barePort}`;
    const relayLoad = {
      ...load,
      agent: { base: bareBase, path: "/relay?role=agent" },
      visitors: Array.from({ length: BUSY_CONVERSATIONS }, () => ({
        base: bareBase,
        path: "/relay?role=visitor",
      })),
    };
    server = await bench.startBare("relay", barePort);
    const bareChat = await chatLoad(bench.ask, [server], relayLoad);
    await server.stop();
    server = await bench.startBare("relay-sqlite", barePort);
    const sqliteChat = await chatLoad(bench.ask, [server], relayLoad);
    await server.stop();
    server = await bench.startOurs("server-chat", ourPort);
    const ourBase = `ws://127.0.0.1:${ourPort}`;
    const busy = visitors.slice(0, BUSY_CONVERSATIONS);
    const agentSession = await agentCookie(ourPort);
    const ourWatch = watchServer(ourPort);
    const ourChat = await chatLoad(bench.ask, [server], {
      ...load,
      agent: { base: ourBase, path: "/ws/agent/", cookie: agentSession },
      visitors: busy.map((v) => ({ ...v, base: ourBase })),
    });
    ourChat.view = await ourWatch.window(...measuredSpan(ourChat));
    await server.stop();
    // The same server, conversations and load over the HTTP fallback: every visitor and the agent
    // on an event stream, the visitors' messages POSTed one at a time, as the widget does where a
    // proxy refuses the upgrade. The server starts afresh on the same database, as it did for the
    // sockets, so neither load inherits what the other left behind (run right after the socket
    // load on the same process, the fallback's p50 was 30 times as high on this machine).
    server = await bench.startOurs("server-chat-http", ourPort);
    const httpBase = `http://127.0.0.1:${ourPort}`;
    const httpWatch = watchServer(ourPort);
    const httpChat = await chatLoad(bench.ask, [server], {
      ...load,
      agent: {
        base: httpBase,
        path: "/sse/agent/",
        cookie: await agentCookie(ourPort),
        transport: "http",
      },
      visitors: busy.map((v) => ({
        ...v,
        path: v.path.replace(/^\/ws\//, "/sse/"),
        base: httpBase,
        transport: "http",
      })),
    });
    httpChat.view = await httpWatch.window(...measuredSpan(httpChat));
    await server.stop();

    const p99Ratio = ourChat.delivery.p99 / bareChat.delivery.p99;
    const p99SqliteRatio = ourChat.delivery.p99 / sqliteChat.delivery.p99;
    const p99HttpRatio = httpChat.delivery.p99 / ourChat.delivery.p99;
    const row = (measure, value, ratios = ["", "", ""], budget = "") => [
      measure,
      value(bareChat),
      value(sqliteChat),
      value(ourChat),
      value(httpChat),
      ...ratios,
      budget,
    ];
    printTable(
      [
        "measure",
        "bare ws",
        "ws + SQLite",
        "hourline",
        "hourline over HTTP",
        "hl/bare",
        "hl/ws+SQLite",
        "HTTP/ws",
        "budget",
      ],
      [
        row(`busy conversations open (of ${BUSY_CONVERSATIONS})`, (r) => r.visitorsOpened),
        row(`messages/s sent (target ${RATE * BUSY_CONVERSATIONS})`, (r) => r.sendRate.toFixed(0)),
        row("messages/s delivered to the agent", (r) => r.deliveredRate.toFixed(0)),
        row("server CPU over the run, % of a core", (r) => (r.cpu * 100).toFixed(0)),
        row("delivery p50, ms", (r) => ms(r.delivery.p50)),
        row("delivery p95, ms", (r) => ms(r.delivery.p95)),
        row(
          "delivery p99, ms",
          (r) => ms(r.delivery.p99),
          [p99Ratio.toFixed(2), p99SqliteRatio.toFixed(2), p99HttpRatio.toFixed(2)],
          "<= 2 / <= 1.5 / <= 2",
        ),
        row("delivery max, ms", (r) => ms(r.delivery.max)),
        row("ack p50 / p99, ms", (r) => (r.ack.n ? `${ms(r.ack.p50)} / ${ms(r.ack.p99)}` : "-")),
        row("measured / not delivered", (r) => `${r.measured} / ${r.lost}`),
        row("client send lag max, ms", (r) => ms(r.maxSendLagMs)),
        row("server event-loop delay p99 / max, ms", (r) =>
          r.view ? `${ms(r.view.loopP99)} / ${ms(r.view.loopMax)}` : "-",
        ),
        row("server: POSTed frames answered, p50 / p99, ms", (r) =>
          r.view
            ? `${bucketQuantile(r.view, POST_ROUTE, 0.5)} / ${bucketQuantile(r.view, POST_ROUTE, 0.99)}`
            : "-",
        ),
      ],
    );
    problems.push(
      ...loadProblems("bare relay", bareChat, { acked: false }),
      ...loadProblems("relay + SQLite", sqliteChat, { acked: false }),
      ...loadProblems("hourline", ourChat),
      ...loadProblems("hourline over HTTP", httpChat),
    );
    const delivered = ourChat.lost === 0 && bareChat.lost === 0 && sqliteChat.lost === 0;
    const sqliteOk = p99SqliteRatio <= 1.5 && delivered;
    const bareOk = p99Ratio <= 2 && delivered;
    const httpOk = p99HttpRatio <= 2 && ourChat.lost === 0 && httpChat.lost === 0;
    ok &&= sqliteOk && bareOk && httpOk;
    verdicts.push(
      `budget: delivery p99 <= 1.5 x a relay that commits each frame to SQLite, at ` +
        `${BUSY_CONVERSATIONS} busy conversations: ${sqliteOk ? "met" : "NOT met"} ` +
        `(${p99SqliteRatio.toFixed(2)} at ${ourChat.sendRate.toFixed(0)} msg/s)`,
      `budget: delivery p99 <= 2 x a bare ws relay's: ${bareOk ? "met" : "NOT met"} ` +
        `(${p99Ratio.toFixed(2)})`,
      `budget: delivery p99 over the HTTP fallback (event streams down, POST up) <= 2 x the ` +
        `WebSocket's, same server, same conversations: ${httpOk ? "met" : "NOT met"} ` +
        `(${p99HttpRatio.toFixed(2)}: ${ms(httpChat.delivery.p99)} against ` +
        `${ms(ourChat.delivery.p99)} ms)`,
      "note: hourline checks the session's open conversation, validates, sanitizes and commits " +
        "each message to SQLite (WAL, synchronous=NORMAL) before the agent gets it, and acks it; " +
        "the bare relay only forwards the frame, the ws + SQLite relay forwards it after one " +
        "prepared insert.",
    );
  }
  for (const problem of problems) console.log(`problem: ${problem}`);
  console.log("");
  for (const verdict of verdicts) console.log(verdict);
  console.log(
    `note: load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, on ` +
      `${availableParallelism()} cores; latencies on a shared machine are noisy.`,
  );
  process.exitCode = ok && problems.length === 0 ? 0 : 1;
} finally {
  await bench.stopAll();
}
