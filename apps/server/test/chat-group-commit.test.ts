/**
 * Group commit (decision 0051) over real sockets, on SQLite and on PostgreSQL: messages from many
 * visitors arriving together are committed together, and the database failing in the middle of
 * such a batch acknowledges nothing it did not store. A trigger refuses one message of a burst
 * (the batch holding it rolls back whole), and on PostgreSQL the connection is cut while a burst
 * is being written; every ack must name a stored row of its client_id, every message refused must
 * be absent or, sent again, stored once.
 */
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  chattingVisitor,
  connectedAgent,
  newClientId,
  postgresFor,
  startChatServer,
  startChatServerOn,
  stores,
  type ChatServer,
  type Frame,
  type FrameSocket,
} from "./chat-harness";
import { freshPgSchema, PG_URL } from "./helpers";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

const pgUp = await postgresFor("the group commit tests");
const VISITORS = 12;
const SLOW = 30_000;

type Visitor = Awaited<ReturnType<typeof chattingVisitor>>;

/** The ack or error frame that answered `clientId` (waiting for it). */
function answerTo(socket: FrameSocket, clientId: string): Promise<Frame> {
  return socket.next(
    (f) => (f.message_type === "ack" || f.message_type === "error") && f.client_id === clientId,
    SLOW,
  );
}

/** Stored rows by client_id: id and text. */
async function storedRows(
  server: ChatServer,
  clientIds: string[],
): Promise<Map<string, { id: number; message: string }[]>> {
  const rows = await server.app.database.db
    .selectFrom("chat_messages")
    .select(["id", "client_id", "message"])
    .where("client_id", "in", clientIds)
    .execute();
  const byClient = new Map<string, { id: number; message: string }[]>();
  for (const row of rows) {
    const list = byClient.get(row.client_id ?? "") ?? [];
    list.push({ id: Number(row.id), message: row.message });
    byClient.set(row.client_id ?? "", list);
  }
  return byClient;
}

/** Every visitor sends one message, all in the same turn; their client_ids in that order. */
function burst(visitors: Visitor[], text: (i: number) => string): string[] {
  return visitors.map((visitor, i) => {
    const clientId = newClientId();
    visitor.socket.send({ message: text(i), msg_type: "text", client_id: clientId });
    return clientId;
  });
}

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`group commit (${store.name})`, () => {
    let server: ChatServer;
    let visitors: Visitor[];
    let agent: Awaited<ReturnType<typeof connectedAgent>>;

    beforeAll(async () => {
      server = await startChatServerOn(store, AGENT_ENV);
      agent = await connectedAgent(server);
      visitors = [];
      for (let i = 0; i < VISITORS; i++) visitors.push(await chattingVisitor(server));
    }, SLOW);
    afterAll(async () => server?.close());

    it("messages sent together are all stored once, acked with their own ids and pushed in order", async () => {
      const clientIds = burst(visitors, (i) => `together ${i}`);
      const acks = await Promise.all(
        visitors.map((visitor, i) => answerTo(visitor.socket, clientIds[i] ?? "")),
      );
      expect(acks.map((a) => a.message_type)).toEqual(clientIds.map(() => "ack"));
      const stored = await storedRows(server, clientIds);
      clientIds.forEach((clientId, i) => {
        expect(stored.get(clientId)).toEqual([{ id: acks[i]?.id, message: `together ${i}` }]);
      });
      // The agent hears each one, in the order of the ids the commits gave them.
      await expect
        .poll(
          () =>
            agent.socket.frames.filter(
              (f) => f.message_type === "message" && clientIds.includes(f.client_id as string),
            ).length,
          { timeout: SLOW, interval: 20 },
        )
        .toBe(VISITORS);
      const pushedIds = agent.socket.frames
        .filter((f) => f.message_type === "message" && clientIds.includes(f.client_id as string))
        .map((f) => f.id as number);
      expect(pushedIds).toEqual([...pushedIds].sort((a, b) => a - b));
    });

    it("a message the database refuses in the middle of a batch: the others stored and acked, it alone refused", async () => {
      const db = server.app.database.db;
      if (store.pg) {
        await sql`create function refuse_poison() returns trigger language plpgsql as $$
          begin
            if new.message like '%poison%' then raise exception 'poisoned message'; end if;
            return new;
          end $$`.execute(db);
        await sql`create trigger refuse_poison before insert on chat_messages
          for each row execute function refuse_poison()`.execute(db);
      } else {
        await sql`create trigger refuse_poison before insert on chat_messages
          when new.message like '%poison%'
          begin select raise(abort, 'poisoned message'); end`.execute(db);
      }
      try {
        const poisoned = Math.floor(VISITORS / 2);
        const text = (i: number) => (i === poisoned ? `poison ${i}` : `beside it ${i}`);
        const clientIds = burst(visitors, text);
        const answers = await Promise.all(
          visitors.map((visitor, i) => answerTo(visitor.socket, clientIds[i] ?? "")),
        );
        const stored = await storedRows(server, clientIds);
        answers.forEach((answer, i) => {
          const clientId = clientIds[i] ?? "";
          if (i === poisoned) {
            expect(answer).toMatchObject({ message_type: "error", code: "internal" });
            expect(stored.get(clientId)).toBeUndefined();
          } else {
            expect(answer.message_type).toBe("ack");
            expect(stored.get(clientId)).toEqual([{ id: answer.id, message: text(i) }]);
          }
        });
      } finally {
        await sql`drop trigger refuse_poison${sql.raw(store.pg ? " on chat_messages" : "")}`.execute(
          db,
        );
        if (store.pg) await sql`drop function refuse_poison()`.execute(db);
      }
    });
  });
}

describe.skipIf(!pgUp)("group commit: PostgreSQL cut while a batch is written", () => {
  let proxy: TcpProxy;
  let schema: string;
  let drop: () => Promise<void>;
  let server: ChatServer;

  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(PG_URL).port || 5432));
    ({ schema, drop } = await freshPgSchema());
    const url = new URL(PG_URL);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    server = await startChatServer(
      { ...AGENT_ENV, DATABASE_URL: url.toString() },
      { pgSchema: schema },
    );
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await drop?.();
  });

  it("acknowledges no message it did not store; the ones refused, sent again, are stored once", async () => {
    const visitors: Visitor[] = [];
    for (let i = 0; i < VISITORS; i++) visitors.push(await chattingVisitor(server));
    const sent: { visitor: Visitor; clientId: string; text: string }[] = [];
    // Bursts go out until the cut lands among them: the cut waits for the first ack, so
    // some of the messages are committed before it and others are being written when it comes.
    for (let round = 0; round < 5; round++) {
      burst(visitors, (i) => `cut ${round}.${i}`).forEach((clientId, i) =>
        sent.push({ visitor: visitors[i] as Visitor, clientId, text: `cut ${round}.${i}` }),
      );
    }
    const [first] = sent;
    if (!first) throw new Error("nothing was sent");
    await answerTo(first.visitor.socket, first.clientId);
    await proxy.cut();
    const answers = await Promise.all(sent.map((m) => answerTo(m.visitor.socket, m.clientId)));

    // Read straight from PostgreSQL: the server's own connections are cut.
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    const rowsOf = async () => {
      const { rows } = await client.query<{ id: string; client_id: string; message: string }>(
        `select id, client_id, message from ${schema}.chat_messages where client_id = any($1)`,
        [sent.map((m) => m.clientId)],
      );
      return rows;
    };
    try {
      const stored = await rowsOf();
      const acked = answers.filter((a) => a.message_type === "ack");
      for (const ack of acked) {
        const rows = stored.filter((r) => r.client_id === ack.client_id);
        expect(rows.map((r) => Number(r.id))).toEqual([ack.id]);
      }
      // Nothing is stored twice, and every refusal asks the client to send again.
      expect(new Set(stored.map((r) => r.client_id)).size).toBe(stored.length);
      for (const refusal of answers.filter((a) => a.message_type === "error")) {
        expect(refusal.message).toMatch(/sent again/);
      }

      await proxy.restore();
      // The clients send again what was not acknowledged, as the widget does, until it is.
      const unacked = sent.filter((m, i) => answers[i]?.message_type !== "ack");
      for (const m of unacked) {
        for (;;) {
          const from = m.visitor.socket.frames.length;
          m.visitor.socket.send({ message: m.text, msg_type: "text", client_id: m.clientId });
          const again = await m.visitor.socket.next(
            (f) =>
              (f.message_type === "ack" || f.message_type === "error") &&
              f.client_id === m.clientId,
            SLOW,
            from,
          );
          if (again.message_type === "ack") break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const after = await rowsOf();
      expect(after.map((r) => r.client_id).sort()).toEqual(sent.map((m) => m.clientId).sort());
      for (const m of sent) {
        expect(after.find((r) => r.client_id === m.clientId)?.message).toBe(m.text);
      }
    } finally {
      await client.end();
    }
  }, 60_000);
});
