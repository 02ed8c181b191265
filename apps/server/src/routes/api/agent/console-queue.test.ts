/**
 * The console as one shared queue, over real HTTP and sockets, on SQLite and PostgreSQL: the open
 * conversations in waiting order across every page (unanswered first, longest waiting first,
 * a reopened chat waiting from its reopening, ended/reopened markers in the thread); search over
 * every state and internal notes, with the matching words and each tab's count; a reply written
 * before another agent's newer one refused as `conflict` (two at once: one stored, one refused);
 * and which agent is viewing a conversation.
 */
import {
  queueCursorOf,
  type AgentEntry,
  type ConversationCounts,
} from "@hourline/contracts/console-team";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { beforeAll, describe, expect, it } from "vitest";
import { newClientId, uniqueEmail, type Frame } from "../../../../test/chat-harness";
import { insertConversation, insertMessage } from "../../../../test/chat-rows";
import { agentSocket, type SignedIn } from "../../../../test/console-clients";
import { describeConsole, invalid, postgresFor } from "../../../../test/console-suite";

const pgUp = await postgresFor("the console queue test");

describeConsole("the shared queue", pgUp, (ctx) => {
  let ana: SignedIn;
  let bo: SignedIn;
  beforeAll(async () => {
    ana = await ctx.newAgent("Ana Lima");
    bo = await ctx.newAgent("Bo Chen");
  });

  async function get<T>(path: string, who: SignedIn = ctx.admin): Promise<T> {
    const res = await who.browser.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as T;
  }

  /** Every open conversation in waiting order, page after page from each page's last one. */
  async function wholeQueue(between?: (page: number) => Promise<void>) {
    const all: ConversationSummary[] = [];
    let path = "/api/agent/conversations?state=open&order=waiting";
    for (let page = 0; ; page++) {
      const rows = await get<ConversationSummary[]>(path);
      all.push(...rows);
      const last = rows.at(-1);
      if (rows.length < 50 || !last) return all;
      await between?.(page);
      path = `/api/agent/conversations?state=open&order=waiting&cursor=${queueCursorOf(last)}`;
    }
  }

  /** Where a summary belongs in the queue: waiting ones by their wait, then the others. */
  const queueKey = (c: ConversationSummary): [number, number, number] =>
    c.waiting_since !== null ? [0, c.waiting_since, c.id] : [1, c.activity_at, c.id];
  const before = (a: ConversationSummary, b: ConversationSummary) => {
    const [x, y] = [queueKey(a), queueKey(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  };

  it("orders ALL open conversations by waiting, across pages that keep the order", async () => {
    const db = ctx.server.app.database.db;
    const t0 = Date.now() - 10 * 3600_000;
    // 120 open chats: the newest-started ones waited longest (the old list, newest activity
    // first, put them last); every third one is answered.
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) {
      const id = await insertConversation(db, { email: uniqueEmail("q"), startedAt: t0 + i });
      ids.push(id);
      await insertMessage(db, id, "visitor", `Question ${i}`, t0 + 3600_000 - i * 1000);
      if (i % 3 === 0) await insertMessage(db, id, "agent", "On it", t0 + 7200_000 + i);
    }
    const longestWaiting = ids[119];
    let arrived = 0;
    const queue = await wholeQueue(async (page) => {
      // A new chat arrives after the first page: it waits least, so it is listed once, at the
      // end of the waiting ones (beyond the first page), and nothing else moves.
      if (page > 0) return;
      const id = await insertConversation(db, {
        email: uniqueEmail("late"),
        startedAt: Date.now(),
      });
      await insertMessage(db, id, "visitor", "Hello?", Date.now());
      arrived += 1;
    });
    const counts = await get<ConversationCounts>("/api/agent/conversations/counts");
    expect(queue.length).toBe(counts.open);
    expect(new Set(queue.map((c) => c.id)).size).toBe(queue.length);
    expect(arrived).toBe(1);
    expect(queue[0]?.id).toBe(longestWaiting);
    expect([...queue].sort(before).map((c) => c.id)).toEqual(queue.map((c) => c.id));
    const mine = queue.filter((c) => ids.includes(c.id));
    expect(mine.filter((c) => c.waiting_since !== null)).toHaveLength(80);
    // Every waiting chat comes before every answered one.
    const firstAnswered = queue.findIndex((c) => c.waiting_since === null);
    expect(queue.slice(firstAnswered).every((c) => c.waiting_since === null)).toBe(true);
  });

  it("refuses waiting order outside the open list, and a cursor that is not one", async () => {
    const bad = async (query: string) =>
      (await ctx.admin.browser.get(`/api/agent/conversations?${query}`)).body;
    expect(await bad("state=ended&order=waiting")).toEqual(
      invalid({ order: "order=waiting lists open conversations only (state=open)." }),
    );
    expect(await bad("cursor=w.1.2")).toEqual(
      invalid({
        cursor: "cursor pages the waiting order (order=waiting); other lists page with before.",
      }),
    );
    const res = await ctx.admin.browser.get("/api/agent/conversations?order=waiting&cursor=x.1.2");
    expect(res.status).toBe(400);
    expect(
      (
        await ctx.admin.browser.get(
          "/api/agent/conversations?order=waiting&cursor=w.1.99999999999999999",
        )
      ).status,
    ).toBe(400);
  });

  it("a reopened chat waits from its reopening; the thread marks the end and the reopening", async () => {
    const db = ctx.server.app.database.db;
    const asked = Date.now() - 3600_000;
    const id = await insertConversation(db, { email: uniqueEmail("back"), startedAt: asked });
    await insertMessage(db, id, "visitor", "Anyone there?", asked);
    const socket = await agentSocket(ana.browser);
    socket.send({ message_type: "chat_end", conversation_id: id });
    await socket.next((f) => f.message_type === "chat_ended" && f.conversation_id === id);
    const reopenedFrom = Date.now();
    expect((await ana.browser.post(`/api/agent/conversations/${id}/reopen`, {})).status).toBe(200);
    const detail = await get<{ conversation: ConversationSummary }>(
      `/api/agent/conversations/${id}`,
    );
    expect(detail.conversation.waiting_since).toBeGreaterThanOrEqual(reopenedFrom);
    const entries = await get<AgentEntry[]>(`/api/agent/conversations/${id}/entries`);
    expect(entries.map((e) => [e.kind, e.body, e.agent_name])).toEqual([
      ["ended", "Ended by Ana Lima", "Ana Lima"],
      ["reopened", "Reopened by Ana Lima", "Ana Lima"],
    ]);
    await socket.next((f) => f.message_type === "agent_entry" && f.kind === "reopened");
    socket.close();
  });

  it("searches every state and internal notes, with the matching words and each tab's count", async () => {
    const db = ctx.server.app.database.db;
    const t0 = Date.now() - 3600_000;
    const word = `zephyr${Date.now().toString(36)}`;
    const open = await insertConversation(db, { email: uniqueEmail("s"), startedAt: t0 });
    await insertMessage(
      db,
      open,
      "visitor",
      `Hello, I am writing from the finance office because my timesheet export stopped working yesterday and the ${word} report is <b>empty</b> now, which our payroll team needs by Friday at the latest please help`,
      t0,
    );
    const ended = await insertConversation(db, {
      email: uniqueEmail("s"),
      startedAt: t0,
      state: "ended",
      endedAt: t0 + 10,
      endedBy: "agent",
    });
    await insertMessage(db, ended, "visitor", "Hello", t0 + 1);
    await insertMessage(db, ended, "agent", "Hi", t0 + 2);
    const noted = await ctx.admin.browser.post(`/api/agent/conversations/${ended}/notes`, {
      body: `Customer asked about ${word.toUpperCase()} pricing`,
    });
    expect(noted.status).toBe(200);

    const found = await get<ConversationSummary[]>(`/api/agent/conversations?state=open&q=${word}`);
    expect(found.map((c) => [c.id, c.match])).toEqual([
      [
        open,
        {
          in: "message",
          snippet: `… my timesheet export stopped working yesterday and the ${word} report is empty now, which our payroll team needs by Friday at the latest please help`,
        },
      ],
    ]);
    const inNotes = await get<ConversationSummary[]>(
      `/api/agent/conversations?state=ended&q=${word}`,
    );
    expect(inNotes.map((c) => [c.id, c.match])).toEqual([
      [ended, { in: "note", snippet: `Customer asked about ${word.toUpperCase()} pricing` }],
    ]);
    const counts = await get<ConversationCounts>(`/api/agent/conversations/counts?q=${word}`);
    expect(counts.search).toEqual({ open: 1, ended: 1, missed: 0 });
    const byName = await get<ConversationSummary[]>(
      `/api/agent/conversations?state=open&q=${encodeURIComponent("Visitor")}&order=waiting`,
    );
    expect(byName.length).toBeGreaterThan(0);
    expect(byName[0]?.match).toEqual({ in: "visitor", snippet: "" });
    expect(
      (await get<ConversationCounts>("/api/agent/conversations/counts")).search,
    ).toBeUndefined();
  });

  describe("two agents in one conversation", () => {
    async function openChat() {
      const db = ctx.server.app.database.db;
      const id = await insertConversation(db, {
        email: uniqueEmail("both"),
        startedAt: Date.now(),
      });
      const asked = await insertMessage(db, id, "visitor", "Can someone help?", Date.now());
      return { id, asked };
    }
    const reply = (conversation: number, afterId: number, text: string) => ({
      message_type: "message",
      conversation_id: conversation,
      message: text,
      msg_type: "text",
      client_id: newClientId(),
      after_id: afterId,
    });
    const storedReplies = async (id: number) =>
      ctx.server.app.database.db
        .selectFrom("chat_messages")
        .select(["message", "agent_id"])
        .where("conversation_id", "=", id)
        .where("sender_type", "=", "agent")
        .orderBy("id")
        .execute();

    it("refuses a reply written before a colleague's newer one; a resend keeps its ack", async () => {
      const { id, asked } = await openChat();
      const [a, b] = [await agentSocket(ana.browser), await agentSocket(bo.browser)];
      const first = reply(id, asked, "Ana here: yes!");
      a.send(first);
      const ack = await a.ack(first.client_id);
      const late = reply(id, asked, "Bo here: sure");
      b.send(late);
      expect(
        await b.next((f) => f.message_type === "error" && f.client_id === late.client_id),
      ).toEqual({
        message_type: "error",
        code: "conflict",
        message:
          "Another agent replied in this chat since: read it, then send again if you still want to.",
        client_id: late.client_id,
      });
      // Ana's own messages never conflict with her, and a resend answers the same ack.
      const again = reply(id, asked, "And one more thing");
      a.send(again);
      await a.ack(again.client_id);
      a.send(first);
      expect(
        (await a.next((f) => f.message_type === "ack" && f.id === ack.id && f !== ack)).id,
      ).toBe(ack.id);
      // Having seen Ana's message, Bo sends anyway: stored.
      const anyway = reply(id, Number(ack.id) + 1, "Bo: adding a link");
      b.send(anyway);
      await b.ack(anyway.client_id);
      expect((await storedReplies(id)).map((r) => r.message)).toEqual([
        "Ana here: yes!",
        "And one more thing",
        "Bo: adding a link",
      ]);
      a.close();
      b.close();
    });

    it("two agents pressing Enter together: one reply stored, one conflict", async () => {
      for (let round = 0; round < 5; round++) {
        const { id, asked } = await openChat();
        const [a, b] = [await agentSocket(ana.browser), await agentSocket(bo.browser)];
        const [fromA, fromB] = [reply(id, asked, "From Ana"), reply(id, asked, "From Bo")];
        a.send(fromA);
        b.send(fromB);
        const outcome = (s: typeof a, clientId: string) =>
          s.next(
            (f: Frame) =>
              (f.message_type === "ack" || f.message_type === "error") && f.client_id === clientId,
          );
        const results = [await outcome(a, fromA.client_id), await outcome(b, fromB.client_id)];
        expect(results.map((f) => f.message_type).sort()).toEqual(["ack", "error"]);
        expect(results.find((f) => f.message_type === "error")?.code).toBe("conflict");
        expect(await storedReplies(id)).toHaveLength(1);
        a.close();
        b.close();
      }
    });

    it("tells the other consoles who is viewing a conversation, and when they leave", async () => {
      const { id } = await openChat();
      const [a, b] = [await agentSocket(ana.browser), await agentSocket(bo.browser)];
      a.send({ message_type: "viewing", conversation_id: id });
      expect(
        await b.next((f) => f.message_type === "viewing" && f.agent_id === ana.agent.id),
      ).toEqual({
        message_type: "viewing",
        agent_id: ana.agent.id,
        agent_name: "Ana Lima",
        conversation_id: id,
      });
      const from = b.frames.length;
      a.close();
      await b.next(
        (f) =>
          f.message_type === "viewing" && f.agent_id === ana.agent.id && f.conversation_id === null,
        5000,
        from,
      );
      b.send({ message_type: "viewing", conversation_id: "seven" });
      expect(
        (await b.next((f) => f.message_type === "error" && f.code === "bad_frame")).message_type,
      ).toBe("error");
      b.close();
    });
  });
});
