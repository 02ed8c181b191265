/**
 * PostgreSQL restarting or away (decision record 0028), played by a TCP proxy in front of the
 * shared server: an instance started while the database is away waits, saying so, and serves once
 * it answers; one that loses it stays up, /readyz says 503, requests answer a clear 503, chat
 * sockets stay open, a message sent meanwhile is refused (not acknowledged) and, sent again once
 * the database is back, stored exactly once.
 */
import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  chattingVisitor,
  connectedAgent,
  newClientId,
  startChatServer,
  type ChatServer,
} from "./chat-harness";
import { freshPgSchema, PG_URL, postgresFor } from "./helpers";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

const pgUp = await postgresFor("the database outage tests");

/** PG_URL, reached through the proxy. */
function throughProxy(proxy: TcpProxy): string {
  const url = new URL(PG_URL);
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  return url.toString();
}

/** Log lines the app writes, parsed, as they come. */
function logSink() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n")) {
        if (line.trim()) lines.push(JSON.parse(line) as (typeof lines)[number]);
      }
      done();
    },
  });
  return { lines, logger: { level: "info", stream } };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function storedCount(schema: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from ${schema}.chat_messages where message like $1`,
      [`%${text}%`],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgUp)("PostgreSQL away and back (through a proxy the test cuts)", () => {
  let proxy: TcpProxy;
  let schema: string;
  let drop: () => Promise<void>;
  let server: ChatServer | undefined;
  const log = logSink();

  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(PG_URL).port || 5432));
    ({ schema, drop } = await freshPgSchema());
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await drop?.();
  });

  it("a start while the database is away waits, logging what for, and serves once it answers", async () => {
    await proxy.cut();
    let built = false;
    const starting = startChatServer(
      { ...AGENT_ENV, DATABASE_URL: throughProxy(proxy) },
      {
        pgSchema: schema,
        logger: log.logger,
        databaseRetry: { initialDelayMs: 20, maxDelayMs: 100 },
      },
    ).then((s) => {
      built = true;
      return s;
    });
    await until(
      () => log.lines.filter((l) => l.msg.startsWith("waiting for the database")).length >= 3,
      "three 'waiting for the database' lines",
    );
    expect(built).toBe(false);
    const waiting = log.lines.find((l) => l.msg.startsWith("waiting for the database"));
    expect(waiting).toMatchObject({ dependency: "database", dialect: "postgres", attempt: 1 });
    expect(String(waiting?.reason)).toMatch(/ECONNREFUSED/);
    await proxy.restore();
    server = await starting;
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
  });

  it("losing it mid-run: instance up, /readyz 503 then 200, clear 503s, sockets open, nothing lost", async () => {
    // Started here when the test above did not start it (so this one stands on its own).
    server ??= await startChatServer(
      { ...AGENT_ENV, DATABASE_URL: throughProxy(proxy) },
      { pgSchema: schema, logger: log.logger },
    );
    const s = server;
    const visitor = await chattingVisitor(s, "Asha Rao");
    const agent = await connectedAgent(s);
    const before = newClientId();
    visitor.socket.send({ message: "before the outage", msg_type: "text", client_id: before });
    await visitor.socket.ack(before);

    await proxy.cut();
    const readyDown = await fetch(`${s.baseUrl}/readyz`);
    expect(readyDown.status).toBe(503);
    expect(await readyDown.json()).toMatchObject({ error: { code: "database_unavailable" } });

    const list = await agent.browser.get("/api/agent/conversations");
    expect(list.status).toBe(503);
    expect(list.headers.get("retry-after")).toBe("5");
    expect(list.body).toEqual({
      status: 503,
      error: {
        code: "unavailable",
        message: "The database is unavailable for a moment. Please try again shortly.",
      },
    });

    const during = newClientId();
    visitor.socket.send({ message: "during the outage", msg_type: "text", client_id: during });
    const refused = await visitor.socket.next(
      (f) => f.message_type === "error" && f.client_id === during,
    );
    expect(refused.message).toMatch(/will be sent again/);
    expect(
      visitor.socket.frames.some((f) => f.message_type === "ack" && f.client_id === during),
    ).toBe(false);

    await proxy.restore();
    await until(async () => (await fetch(`${s.baseUrl}/readyz`)).status === 200, "/readyz 200");
    // The client sends it again, with the same client_id; once more, to prove it is stored once.
    visitor.socket.send({ message: "during the outage", msg_type: "text", client_id: during });
    const ack = await visitor.socket.ack(during);
    visitor.socket.send({ message: "during the outage", msg_type: "text", client_id: during });
    await visitor.socket.next(
      (f) => f.message_type === "ack" && f.client_id === during && f !== ack,
    );
    expect(visitor.socket.ws.readyState).toBe(visitor.socket.ws.OPEN);
    expect(agent.socket.ws.readyState).toBe(agent.socket.ws.OPEN);
    expect(await storedCount(schema, "before the outage")).toBe(1);
    expect(await storedCount(schema, "during the outage")).toBe(1);
    const fine = await agent.browser.get("/api/agent/conversations");
    expect(fine.status).toBe(200);
    expect(log.lines.some((l) => l.msg === "database connection lost; reconnecting")).toBe(true);
  });
});
