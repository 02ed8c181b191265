// What the server allocates per delivered chat message, over the WebSocket and over the HTTP
// fallback, with the load of chat-sockets.bench.mjs (1,000 busy conversations, one message a
// second each). Unlike latency, allocation does not depend on what else the machine runs, so two
// builds compare on a busy machine too. `node bench/chat-allocation.mjs` prints, per transport, from
// V8's own GC trace (--trace-gc-nvp) over the measured window: scavenges, the bytes allocated,
// what survived a scavenge and what was promoted, and the pauses, per 1,000 delivered messages.
//
// CHAT_ALLOC_PROFILE=1 also samples the fallback's allocations (the inspector's
// HeapProfiler.startSampling, objects collected by minor and major GCs included) and prints the
// functions that allocated the most, each with the frames that called it.
// CHAT_ALLOC_PROFILE=survivors samples only what outlived a scavenge; with either,
// CHAT_ALLOC_SNAPSHOT=<file> also writes a heap snapshot four seconds into the measured window.
// CHAT_ALLOC_CONVERSATIONS (default 1,000) lowers the load where the machine cannot carry it;
// CHAT_BENCH_SECONDS (default 10) is the measured window; CHAT_ALLOC_TRANSPORTS=ws,http picks the
// loads; CHAT_ALLOC_TOP (default 25) the length of the profile's list.
import { join, relative } from "node:path";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import { ensureServerBuild, printTable, root } from "./tools.mjs";

const CONVERSATIONS = Number(process.env.CHAT_ALLOC_CONVERSATIONS ?? 1_000);
const RATE = 1;
const WARMUP_MS = 5_000;
const MEASURE_MS = Number(process.env.CHAT_BENCH_SECONDS ?? 10) * 1000;
const DRAIN_MS = 3_000;
const PROFILE = ["1", "survivors"].includes(process.env.CHAT_ALLOC_PROFILE ?? "");
/** Only what outlived a scavenge (what the scavenges copy and promote) rather than everything. */
const SURVIVORS = process.env.CHAT_ALLOC_PROFILE === "survivors";
const TOP = Number(process.env.CHAT_ALLOC_TOP ?? 25);
const transports = (process.env.CHAT_ALLOC_TRANSPORTS ?? "ws,http").split(",");
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3204);
const port = BASE_PORT + 1;
const inspectPort = BASE_PORT + 50;

ensureServerBuild();
// The kit reads the servers' Node options when it loads: set them first.
process.env.CHAT_BENCH_NODE_ARGS = [
  process.env.CHAT_BENCH_NODE_ARGS ?? "",
  "--trace-gc-nvp",
  PROFILE ? `--inspect=127.0.0.1:${inspectPort}` : "",
].join(" ");
const { SQLITE_DRIVER, agentCookie, chatBench, chatLoad, loadProblems, seedVisitors } =
  await import("./chat-bench-kit.mjs");
const bench = chatBench();
const sqliteFile = join(bench.dir, "data/hourline.sqlite");

/** The GC trace's lines: when (ms since the isolate started), kind and the figures we sum. */
function gcEvents(log) {
  const events = [];
  for (const m of log.matchAll(/^\[\d+:0x[0-9a-f]+\]\s+(\d+) ms: (pause=.*)$/gm)) {
    const fields = Object.fromEntries(m[2].split(" ").map((kv) => kv.split("=")));
    events.push({
      at: Number(m[1]),
      kind: fields.gc,
      pause: Number(fields.pause),
      allocated: Number(fields.allocated),
      promoted: Number(fields.promoted),
      survived: Number(fields.new_space_survived),
    });
  }
  return events;
}

/** A minimal Chrome DevTools Protocol client on the server's inspector. */
async function inspector() {
  const list = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const ws = new WebSocket(list[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let nextId = 1;
  const pending = new Map();
  ws.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.method === "HeapProfiler.addHeapSnapshotChunk")
      client.onChunk?.(message.params.chunk);
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message));
    else waiter.resolve(message.result);
  });
  const client = {
    onChunk: undefined,
    call(method, params = {}) {
      const id = nextId++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    close: () => ws.close(),
  };
  return client;
}

/** Where a frame lives, shortened as profile-top.mjs does. */
function where(frame) {
  const url = frame.url.replace(/^file:\/\//, "");
  if (!url) return "(native)";
  const inModules = url.lastIndexOf("node_modules/");
  const short =
    inModules >= 0 ? url.slice(inModules + "node_modules/".length) : relative(root, url);
  return `${short}:${frame.lineNumber + 1}`;
}

/** The functions with the most sampled bytes (self), each with its callers' path (4 frames). */
function topAllocations(profile, messages) {
  const bySite = new Map();
  let total = 0;
  const walk = (node, stack) => {
    const frame = node.callFrame;
    const name = `${frame.functionName || "(anonymous)"} ${where(frame)}`;
    const path = [name, ...stack];
    if (node.selfSize) {
      total += node.selfSize;
      const entry = bySite.get(name) ?? { bytes: 0, callers: new Map() };
      entry.bytes += node.selfSize;
      const callers = stack.slice(0, 4).join(" < ");
      entry.callers.set(callers, (entry.callers.get(callers) ?? 0) + node.selfSize);
      bySite.set(name, entry);
    }
    for (const child of node.children ?? []) walk(child, path);
  };
  walk(profile.head, []);
  const rows = [...bySite.entries()]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, TOP)
    .map(([name, { bytes, callers }]) => {
      const topCaller = [...callers.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
      return [
        name.slice(0, 70),
        (bytes / messages).toFixed(0),
        `${((100 * bytes) / total).toFixed(1)} %`,
        topCaller.slice(0, 150),
      ];
    });
  console.log(
    `\nsampled ${SURVIVORS ? "allocations that outlived a scavenge" : "allocation"} over the ` +
      `fallback's window: ${(total / messages).toFixed(0)} B per message`,
  );
  printTable(["function (self)", "B/message", "share", "most bytes called from"], rows);
}

/** Visitor messages the server stored between `from` and `to` (wall clock, ms). */
function storedBetween(from, to) {
  const Database = createRequire(import.meta.url)(SQLITE_DRIVER);
  const db = new Database(sqliteFile, { readonly: true });
  try {
    return db
      .prepare(
        "select count(*) as n from chat_messages where sender_type = 'visitor' and created_at >= ? and created_at < ?",
      )
      .get(from, to).n;
  } finally {
    db.close();
  }
}

const results = [];
try {
  let server = await bench.startOurs("server-seed", port);
  const visitors = await seedVisitors({ sqliteFile }, CONVERSATIONS, CONVERSATIONS);
  await server.stop();
  for (const transport of transports) {
    const name = `server-${transport}`;
    const spawned = Date.now();
    server = await bench.startOurs(name, port);
    const http = transport === "http";
    const base = `${http ? "http" : "ws"}://127.0.0.1:${port}`;
    const cookie = await agentCookie(port);
    let profiler;
    if (PROFILE && http) {
      profiler = await inspector();
      // Started once the clients have connected and warmed up, stopped before the drain.
      setTimeout(() => {
        void profiler.call("HeapProfiler.startSampling", {
          samplingInterval: 4096,
          includeObjectsCollectedByMinorGC: !SURVIVORS,
          includeObjectsCollectedByMajorGC: true,
        });
      }, WARMUP_MS + 2_000);
      const snapshotFile = process.env.CHAT_ALLOC_SNAPSHOT;
      if (snapshotFile) {
        // A heap snapshot in the middle of the load (it stops the server for a while).
        setTimeout(async () => {
          const { writeFileSync } = await import("node:fs");
          const chunks = [];
          profiler.onChunk = (chunk) => chunks.push(chunk);
          await profiler.call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
          writeFileSync(snapshotFile, chunks.join(""));
        }, WARMUP_MS + 4_000);
      }
    }
    const run = await chatLoad(bench.ask, [server], {
      rate: RATE * CONVERSATIONS,
      warmupMs: WARMUP_MS,
      measureMs: MEASURE_MS,
      agent: {
        base,
        path: http ? "/sse/agent/" : "/ws/agent/",
        cookie,
        ...(http ? { transport: "http" } : {}),
      },
      visitors: visitors.map((v) => ({
        ...v,
        base,
        ...(http ? { path: v.path.replace(/^\/ws\//, "/sse/"), transport: "http" } : {}),
      })),
    });
    let profile;
    if (profiler) {
      ({ profile } = await profiler.call("HeapProfiler.stopSampling"));
      profiler.close();
    }
    await server.stop();
    await sleep(200);
    // The window: the measured seconds, in the isolate's clock (started about when spawned).
    // Messages are counted as the server stored them in the same window, so a server that fell
    // behind on a busy machine is judged on what it did.
    const end = Date.now() - DRAIN_MS;
    const from = end - MEASURE_MS - spawned;
    const to = end - spawned;
    const messages = storedBetween(end - MEASURE_MS, end);
    for (const problem of loadProblems(name, run)) console.log(`problem: ${problem}`);
    const events = gcEvents(readFileSync(join(bench.dir, `${name}.log`), "utf8")).filter(
      (e) => e.at >= from && e.at < to,
    );
    const scavenges = events.filter((e) => e.kind === "s");
    const sum = (list, key) => list.reduce((total, e) => total + e[key], 0);
    const per1k = (v) => ((v * 1000) / messages).toFixed(1);
    const pauses = scavenges.map((e) => e.pause).sort((a, b) => a - b);
    results.push({
      transport: http ? "HTTP fallback" : "WebSocket",
      messages,
      lost: run.lost,
      scavenges: per1k(scavenges.length),
      // What the young generation took between scavenges: a full collection's line counts its
      // own figures (once over 2 GB a message, and past an int32 when summed).
      allocated: Math.trunc(sum(scavenges, "allocated") / messages).toLocaleString("en"),
      survived: Math.trunc(sum(scavenges, "survived") / messages).toLocaleString("en"),
      promoted: Math.trunc(sum(events, "promoted") / messages).toLocaleString("en"),
      major: events.filter((e) => e.kind !== "s").length,
      pause:
        `${pauses.length ? pauses[Math.floor(pauses.length / 2)].toFixed(1) : "-"} / ` +
        `${pauses.length ? pauses.at(-1).toFixed(1) : "-"}`,
      scavengeMsPer1k: per1k(sum(scavenges, "pause")),
    });
    if (profile) topAllocations(profile, (messages * (MEASURE_MS - 2_000)) / MEASURE_MS);
  }
  const rows = [
    ["messages delivered in the window", (r) => `${r.messages} (${r.lost} lost)`],
    ["scavenges per 1,000 messages", (r) => r.scavenges],
    ["bytes allocated per message", (r) => r.allocated],
    ["bytes surviving a scavenge per message", (r) => r.survived],
    ["bytes promoted per message", (r) => r.promoted],
    ["scavenge time per 1,000 messages, ms", (r) => r.scavengeMsPer1k],
    ["scavenge pause p50 / max, ms", (r) => r.pause],
    ["mark-compacts in the window", (r) => r.major],
  ];
  console.log("");
  printTable(
    ["measure", ...results.map((r) => r.transport)],
    rows.map(([label, value]) => [label, ...results.map(value)]),
  );
} finally {
  await bench.stopAll();
}
