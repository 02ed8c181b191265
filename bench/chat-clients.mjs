// The client side of chat-sockets.bench.mjs, run in a process of its own so that its work is not
// counted in the server's memory or CPU. The bench drives it over IPC:
//   {cmd: "open", base, origin, targets: [{path, cookie}], batch}  opens sockets and keeps them idle
//   {cmd: "count"}                                                   how many of them are still open
//   {cmd: "close"}                                                   closes every socket
//   {cmd: "chat", base, origin, agent, visitors, ...}                runs the chat load (see chat())
// A target is {path, cookie?, base?, transport?}: its own base (ws://host:port) when the servers
// differ; transport "http" opens the chat's HTTP fallback instead of a socket (base http://host:port,
// path /sse/...): an event stream down and one POST at a time up, as the widget does.
// Every answer is one message back: {ok: true, ...} or {ok: false, error}.
import { EventEmitter } from "node:events";
import http from "node:http";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";

/**
 * Sockets are spread over loopback source addresses (all of 127/8 is loopback on Linux): ephemeral
 * ports never run out, and no address holds more visitor sockets than the server allows one client
 * (40): 300 addresses carry 10,000 sockets at 34 each.
 */
const SOURCES = Array.from(
  { length: 300 },
  (_, i) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
);
let sourceIndex = 0;

let idle = [];

/**
 * How the fallback's POSTs are made: written as bytes on a kept-alive connection per client (the
 * default, as a load generator does), or with Node's HTTP client (CHAT_BENCH_HTTP_CLIENT=node).
 */
const RAW_POSTS = process.env.CHAT_BENCH_HTTP_CLIENT !== "node";

/** Keeps the POSTs' connections open, one pool per source address (the agent keys them so). */
const postAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * The HTTP fallback as the load sees a socket: `message` for each frame of the event stream and
 * each frame a POST answers with (the ack, or an error), `send` queues a frame (one POST at a
 * time, which keeps their order as the widget's client does), `close` once the stream ends.
 */
class FallbackClient extends EventEmitter {
  readyState = WebSocket.CONNECTING;
  #queue = [];
  #posting = false;
  #request;

  constructor(url, headers, localAddress) {
    super();
    this.url = new URL(url);
    this.headers = headers;
    this.localAddress = localAddress;
    this.#request = http.get(this.url, {
      headers: { ...headers, accept: "text/event-stream" },
      localAddress,
    });
    this.#request.once("response", (res) => {
      if (res.statusCode !== 200) {
        this.emit("unexpected-response", this.#request, res);
        return;
      }
      this.readyState = WebSocket.OPEN;
      this.emit("open");
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          this.#event(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      });
      res.once("close", () => this.#closed(1006));
    });
    this.#request.once("error", (err) => {
      this.emit("error", err);
      this.#closed(1006);
    });
  }

  #event(text) {
    let name = "message";
    let data = "";
    for (const line of text.split("\n")) {
      if (line.startsWith("event: ")) name = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
    }
    if (name === "close") this.#closed(Number(data) || 1000);
    else if (data) this.emit("message", data);
  }

  #closed(code) {
    if (this.readyState === WebSocket.CLOSED) return;
    this.readyState = WebSocket.CLOSED;
    this.emit("close", code);
  }

  send(data) {
    this.#queue.push(data);
    if (!this.#posting) void this.#drain();
  }

  async #drain() {
    this.#posting = true;
    while (this.#queue.length && this.readyState === WebSocket.OPEN) {
      const body = this.#queue.shift();
      let { status, json } = await this.#post(body);
      // A kept-alive connection the server closed just as it was reused: sent again, as the
      // widget's outbox would (same client_id, so stored once).
      if (status === "ECONNRESET") ({ status, json } = await this.#post(body));
      const frames = Array.isArray(json?.frames) ? json.frames : [];
      if (status !== 200 && frames.length === 0)
        frames.push({ message_type: "error", code: `http_${status}` });
      for (const frame of frames) this.emit("message", JSON.stringify(frame));
    }
    this.#posting = false;
  }

  #post(body) {
    if (RAW_POSTS) return this.#rawPost(body);
    return new Promise((resolve) => {
      const req = http.request(
        this.url,
        {
          method: "POST",
          agent: postAgent,
          localAddress: this.localAddress,
          headers: {
            ...this.headers,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => {
            let json = null;
            try {
              json = JSON.parse(text);
            } catch {
              // not JSON: the status says what happened
            }
            resolve({ status: res.statusCode, json });
          });
        },
      );
      req.once("error", (err) => resolve({ status: err.code ?? "error", json: null }));
      req.end(body);
    });
  }

  /** This client's kept-alive connection for its POSTs, and the answer it waits for. */
  #postSocket = null;
  #answer = null;

  /**
   * A POST written and read as bytes on the client's own kept-alive connection, the way a load
   * generator such as wrk does: the same request the server sees from Node's client (method, path,
   * Host, Origin, Cookie, Content-Type, Content-Length, keep-alive), without the client library's
   * per-request objects, whose collections in this one process were counted as delivery time.
   */
  #rawPost(body) {
    return new Promise((resolve) => {
      const socket = this.#postSocket ?? this.#openPostSocket();
      this.#answer = { resolve, buffer: Buffer.alloc(0) };
      let head = `POST ${this.url.pathname}${this.url.search} HTTP/1.1\r\nHost: ${this.url.host}\r\n`;
      for (const [name, value] of Object.entries(this.headers)) head += `${name}: ${value}\r\n`;
      head += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n`;
      socket.write(head + body);
    });
  }

  #openPostSocket() {
    const socket = net.connect({
      host: this.url.hostname,
      port: Number(this.url.port),
      localAddress: this.localAddress,
      noDelay: true,
    });
    this.#postSocket = socket;
    const settle = (result) => {
      const answer = this.#answer;
      this.#answer = null;
      answer?.resolve(result);
    };
    socket.on("data", (chunk) => {
      const answer = this.#answer;
      if (!answer) return;
      answer.buffer = answer.buffer.length ? Buffer.concat([answer.buffer, chunk]) : chunk;
      const headEnd = answer.buffer.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      const head = answer.buffer.toString("latin1", 0, headEnd);
      const status = Number(head.slice(9, 12));
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (answer.buffer.length < headEnd + 4 + length) return;
      const text = answer.buffer.toString("utf8", headEnd + 4, headEnd + 4 + length);
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON: the status says what happened
      }
      if (/\r\nconnection:\s*close/i.test(head)) {
        this.#postSocket = null;
        socket.destroy();
      }
      settle({ status, json });
    });
    const gone = (err) => {
      if (this.#postSocket === socket) this.#postSocket = null;
      settle({ status: err?.code ?? "ECONNRESET", json: null });
    };
    socket.once("error", gone);
    socket.once("close", () => gone(null));
    return socket;
  }

  terminate() {
    this.#request.destroy();
    this.#postSocket?.destroy();
    this.#closed(1006);
  }
}

function connect(base, origin, target, onMessage) {
  if (target.transport === "http") {
    const client = new FallbackClient(
      `${target.base ?? base}${target.path}`,
      { origin, ...(target.cookie ? { cookie: target.cookie } : {}) },
      SOURCES[sourceIndex++ % SOURCES.length],
    );
    if (onMessage) client.on("message", onMessage);
    const opened = new Promise((resolve) => {
      client.once("open", () => resolve(null));
      client.once("unexpected-response", (req, res) => {
        resolve(`HTTP ${res.statusCode}`);
        res.resume();
        client.terminate();
      });
      client.once("error", (err) => resolve(err.code ?? err.message));
      client.once("close", (code) => resolve(`closed ${code}`));
    });
    client.on("error", () => undefined);
    return { ws: client, opened };
  }
  const ws = new WebSocket(`${target.base ?? base}${target.path}`, {
    headers: {
      origin,
      ...(target.cookie ? { cookie: target.cookie } : {}),
      // Behind a trusted proxy (TRUST_PROXY) the server counts sockets per this address.
      ...(target.ip ? { "x-forwarded-for": target.ip } : {}),
    },
    perMessageDeflate: false,
    localAddress: SOURCES[sourceIndex++ % SOURCES.length],
  });
  if (onMessage) ws.on("message", onMessage);
  const opened = new Promise((resolve) => {
    ws.once("open", () => resolve(null));
    ws.once("unexpected-response", (_req, res) => {
      resolve(`HTTP ${res.statusCode}`);
      res.resume();
      ws.terminate();
    });
    ws.once("error", (err) => resolve(err.code ?? err.message));
    ws.once("close", (code) => resolve(`closed ${code}`));
  });
  ws.on("error", () => undefined);
  return { ws, opened };
}

/** Opens `targets` `batch` at a time (so the server's accept queue never overflows). */
async function openAll(base, origin, targets, batch, onMessage) {
  const started = performance.now();
  const sockets = [];
  const failures = {};
  let failed = 0;
  for (let i = 0; i < targets.length; i += batch) {
    const pending = targets
      .slice(i, i + batch)
      .map((t, j) => connect(base, origin, t, onMessage && ((data) => onMessage(i + j, data))));
    const results = await Promise.all(pending.map((p) => p.opened));
    results.forEach((reason, j) => {
      if (reason === null) sockets.push(pending[j].ws);
      else {
        failed++;
        failures[reason] = (failures[reason] ?? 0) + 1;
      }
    });
  }
  return { sockets, failed, failures, ms: Math.round(performance.now() - started) };
}

async function closeAll(sockets) {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once("close", resolve);
          ws.terminate();
        }),
    ),
  );
}

function percentiles(values) {
  const sorted = Float64Array.from(values).sort();
  const at = (p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1), n: sorted.length };
}

/**
 * The chat load: one agent socket, then every visitor socket; visitors take turns so that each
 * sends `perVisitorRate` messages a second, evenly spread. Only messages sent in the measured
 * window (after the warm-up) count; the drain waits for the stragglers. Delivery = send until the
 * agent socket has the frame with that client_id; ack = send until the visitor socket has its ack.
 */
async function chat({
  base,
  origin,
  agent,
  visitors,
  batch,
  perVisitorRate,
  warmupMs,
  measureMs,
  drainMs,
}) {
  const total = Math.ceil(((warmupMs + measureMs) / 1000) * perVisitorRate * visitors.length);
  const sentAt = new Float64Array(total);
  const deliveredAt = new Float64Array(total);
  const ackedAt = new Float64Array(total);
  const errors = {};
  let strayFrames = 0;
  // Each load has client_ids of its own, so loads can follow each other on one server.
  const prefix = `bench${Math.random().toString(36).slice(2, 8)}-`;
  const indexOf = (clientId) =>
    typeof clientId === "string" && clientId.startsWith(prefix)
      ? Number(clientId.slice(prefix.length))
      : -1;

  const agentSide = await openAll(base, origin, [agent], 1, (_i, data) => {
    const now = performance.now();
    const frame = JSON.parse(String(data));
    if (frame.message_type !== undefined && frame.message_type !== "message") return;
    const m = indexOf(frame.client_id);
    if (m >= 0 && m < total && deliveredAt[m] === 0) deliveredAt[m] = now;
    else strayFrames++;
  });
  if (agentSide.failed) throw new Error(`agent socket: ${JSON.stringify(agentSide.failures)}`);
  const visitorSide = await openAll(base, origin, visitors, batch, (_i, data) => {
    const now = performance.now();
    const frame = JSON.parse(String(data));
    if (frame.message_type === "ack") {
      const m = indexOf(frame.client_id);
      if (m >= 0 && m < total && ackedAt[m] === 0) ackedAt[m] = now;
    } else if (frame.message_type === "error") {
      errors[frame.code] = (errors[frame.code] ?? 0) + 1;
    }
  });
  const sockets = visitorSide.sockets;
  if (sockets.length === 0) {
    await closeAll(agentSide.sockets);
    throw new Error(`no visitor socket opened: ${JSON.stringify(visitorSide.failures)}`);
  }
  await sleep(1000);

  const interval = 1000 / (perVisitorRate * sockets.length);
  const start = performance.now() + 50;
  const measureFrom = start + warmupMs;
  const measureTo = measureFrom + measureMs;
  let m = 0;
  let maxLag = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (m < total && start + m * interval <= now) {
        const scheduled = start + m * interval;
        if (scheduled >= measureFrom) maxLag = Math.max(maxLag, now - scheduled);
        const ws = sockets[m % sockets.length];
        sentAt[m] = performance.now();
        ws.send(
          JSON.stringify({
            message: `bench ${m}`,
            msg_type: "text",
            client_id: `${prefix}${String(m).padStart(9, "0")}`,
          }),
        );
        m++;
      }
      if (m >= total) resolve();
      else setTimeout(tick, 1);
    };
    setTimeout(tick, 50);
  });
  const sendEnd = performance.now();
  await sleep(drainMs);

  const delivery = [];
  const ack = [];
  let measured = 0;
  let measuredSendFirst = Infinity;
  let measuredSendLast = 0;
  let deliveredInWindow = 0;
  for (let i = 0; i < total; i++) {
    if (deliveredAt[i] >= measureFrom && deliveredAt[i] < measureTo) deliveredInWindow++;
    if (sentAt[i] < measureFrom || sentAt[i] >= measureTo) continue;
    measured++;
    measuredSendFirst = Math.min(measuredSendFirst, sentAt[i]);
    measuredSendLast = Math.max(measuredSendLast, sentAt[i]);
    if (deliveredAt[i]) delivery.push(deliveredAt[i] - sentAt[i]);
    if (ackedAt[i]) ack.push(ackedAt[i] - sentAt[i]);
  }
  await closeAll([...sockets, ...agentSide.sockets]);
  return {
    visitorsOpened: sockets.length,
    visitorsFailed: visitorSide.failed,
    failures: visitorSide.failures,
    sent: m,
    measured,
    targetRate: perVisitorRate * visitors.length,
    sendRate: measured / ((measuredSendLast - measuredSendFirst) / 1000),
    deliveredRate: deliveredInWindow / (measureMs / 1000),
    lost: measured - delivery.length,
    unacked: measured - ack.length,
    delivery: percentiles(delivery),
    ack: percentiles(ack),
    maxSendLagMs: maxLag,
    sendMs: sendEnd - start,
    errors,
    strayFrames,
  };
}

process.on("message", async (msg) => {
  try {
    if (msg.cmd === "open") {
      const { sockets, failed, failures, ms } = await openAll(
        msg.base,
        msg.origin,
        msg.targets,
        msg.batch,
      );
      idle.push(...sockets);
      process.send({ ok: true, opened: sockets.length, failed, failures, ms });
    } else if (msg.cmd === "close") {
      const sockets = idle;
      idle = [];
      await closeAll(sockets);
      process.send({ ok: true });
    } else if (msg.cmd === "count") {
      process.send({
        ok: true,
        open: idle.filter((ws) => ws.readyState === WebSocket.OPEN).length,
      });
    } else if (msg.cmd === "chat") {
      process.send({ ok: true, ...(await chat(msg)) });
    } else {
      process.send({ ok: false, error: `unknown command ${msg.cmd}` });
    }
  } catch (err) {
    process.send({ ok: false, error: String(err?.stack ?? err) });
  }
});
process.on("disconnect", () => process.exit(0));
