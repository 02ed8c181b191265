/**
 * The console for a team, over real HTTP and sockets, on SQLite and PostgreSQL: the ended list a
 * page at a time past 200 conversations with true counts; search by a word of a message, a name
 * or part of an address; a missed chat that stays missed until it is marked handled or answered
 * by e-mail (read from the SMTP sink, recorded in the conversation); assignment, live on every
 * agent socket and taken by replying; internal notes that never reach the visitor; reopening.
 */
import { escapeHtml } from "@hourline/contracts/escape-html";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import type { AgentEntry, ConversationCounts } from "@hourline/contracts/console-team";
import { beforeAll, describe, expect, it } from "vitest";
import { chattingVisitor, newClientId, uniqueEmail } from "../../../../test/chat-harness";
import { insertConversation, insertMessage } from "../../../../test/chat-rows";
import { agentSocket, type SignedIn } from "../../../../test/console-clients";
import { conflict, describeConsole, notFound, postgresFor } from "../../../../test/console-suite";
import { hostileStringConstants, percentEncode } from "../../../../test/hostile-values";
import { xssPayloads } from "../../../../test/xss-corpus";

const hostileStrings = [...hostileStringConstants, ...xssPayloads];

const pgUp = await postgresFor("the console team test");

describeConsole("team console", pgUp, (ctx) => {
  let ana: SignedIn;
  let ben: SignedIn;
  beforeAll(async () => {
    ana = await ctx.newAgent("Ana Lima");
    ben = await ctx.newAgent("Ben Okafor");
  });

  const db = () => ctx.server.app.database.db;

  async function list(who: SignedIn, query: string): Promise<ConversationSummary[]> {
    const res = await who.browser.get(`/api/agent/conversations?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as ConversationSummary[];
  }

  /** The first mail to `address` since `from` whose subject matches, waiting for it. */
  async function mailTo(from: number, address: string, subject: RegExp) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mail = ctx.server.sink.messages
        .slice(from)
        .find((m) => m.envelopeTo.includes(address) && subject.test(m.header("subject") ?? ""));
      if (mail || Date.now() > deadline) return mail;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function counts(who: SignedIn): Promise<ConversationCounts> {
    const res = await who.browser.get("/api/agent/conversations/counts");
    expect(res.status).toBe(200);
    return res.body as ConversationCounts;
  }

  describe("the ended list", () => {
    // Every address holds a "13", so only the address as typed tells #13 apart.
    const tag = uniqueEmail("paging13").split("@")[0] ?? "paging13";
    const ids: number[] = [];
    beforeAll(async () => {
      const t0 = Date.now() - 10_000_000;
      for (let i = 0; i < 240; i += 1) {
        const id = await insertConversation(db(), {
          email: `${tag}.${i}@example.com`,
          name: i === 7 ? "Zanele Mbeki" : `Paged ${i}`,
          startedAt: t0 + i * 1000,
          state: "ended",
          endedAt: t0 + i * 1000 + 500,
          endedBy: "agent",
        });
        await insertMessage(db(), id, "visitor", `Question number ${i}`, t0 + i * 1000 + 100);
        await insertMessage(db(), id, "agent", "Answered", t0 + i * 1000 + 200);
        ids.push(id);
      }
    });

    it("pages with ?before= until every conversation was listed once, and counts them all", async () => {
      const seen: number[] = [];
      let before = "";
      for (let page = 0; page < 20; page += 1) {
        const items = await list(ana, `state=ended&q=${tag}${before}`);
        if (items.length === 0) break;
        expect(items.length).toBeLessThanOrEqual(50);
        seen.push(...items.map((c) => c.id));
        before = `&before=${items.at(-1)?.id}`;
      }
      // Newest end first; the oldest, #1 to #40, are reachable too.
      expect(seen).toEqual([...ids].reverse());
      expect((await counts(ana)).ended).toBeGreaterThanOrEqual(240);
    });

    it("finds a conversation by a word of a message, a name or part of an address", async () => {
      expect((await list(ana, `state=ended&q=${tag}+number`)).length).toBe(50);
      const byName = await list(ana, "state=ended&q=zanele");
      expect(byName.map((c) => c.id)).toEqual([ids[7]]);
      const byAddress = await list(ana, `state=ended&q=${tag}.13%40example`);
      // The address part is matched as typed: not every address holding a "13" somewhere, and
      // LIKE's wildcards in it are plain characters.
      expect(byAddress.map((c) => c.id)).toEqual([ids[13]]);
      expect(await list(ana, `state=ended&q=${tag}.1_%40example`)).toEqual([]);
      expect(await list(ana, `state=ended&q=${tag}.1%25%40example`)).toEqual([]);
      // A prefix of a word finds it too; a word no message holds finds nothing.
      expect((await list(ana, `state=ended&q=${tag}+questi`)).length).toBe(50);
      expect(await list(ana, `state=ended&q=${tag}+zebra`)).toEqual([]);
    });

    it("refuses a bad cursor or view with a 400, and an unknown cursor answers nothing", async () => {
      for (const query of ["before=abc", "before=-1", "state=closed", "assignee=his"]) {
        const res = await ana.browser.get(`/api/agent/conversations?${query}`);
        expect(res.status, query).toBe(400);
      }
      expect(await list(ana, "state=ended&before=987654321")).toEqual([]);
    });
  });

  describe("search", () => {
    it("takes every hostile string as words, never as query syntax", async () => {
      for (const value of [...hostileStrings, '"unterminated', "NEAR(a b)", "a* OR b", "x:*&!y"]) {
        const res = await ana.browser.get(
          `/api/agent/conversations?state=ended&q=${percentEncode(value.slice(0, 200))}`,
        );
        expect(res.status, value).toBe(200);
        expect(Array.isArray(res.body)).toBe(true);
      }
    });

    it("finds a live chat by a word the visitor just wrote", async () => {
      const visitor = await chattingVisitor(ctx.server, "Mira Sen");
      const clientId = newClientId();
      visitor.socket.send({
        sender: visitor.email,
        receiver: "null",
        message: "My payslip export looks wrong",
        msg_type: "text",
        client_id: clientId,
      });
      await visitor.socket.ack(clientId);
      const found = await list(ana, "state=open&q=payslip");
      expect(found.map((c) => c.id)).toContain(visitor.conversationId);
      visitor.socket.close();
    });
  });

  describe("a missed chat", () => {
    it("stays missed until answered by e-mail, which goes to the verified address and is recorded", async () => {
      const visitor = await chattingVisitor(ctx.server, "Ravi Kumar");
      const clientId = newClientId();
      visitor.socket.send({
        sender: visitor.email,
        receiver: "null",
        message: "Need it today",
        msg_type: "text",
        client_id: clientId,
      });
      await visitor.socket.ack(clientId);
      visitor.socket.send({
        message_type: "chat_end",
        target_email: visitor.email,
        user_type: "user",
      });
      await visitor.socket.next((f) => f.message_type === "chat_ended");
      const id = visitor.conversationId;
      // No agent was online: the support inbox was told, with a link to this conversation.
      const alert = await mailTo(0, "support@hourline.example", /Ravi Kumar/);
      expect(alert?.text).toContain(`/console/conversations/${id}`);

      const before = await counts(ana);
      expect(before.missed).toBeGreaterThanOrEqual(1);
      const missed = await list(ana, "state=missed");
      expect(missed.find((c) => c.id === id)).toMatchObject({ missed: true, state: "ended" });

      // Still open chats cannot be answered by e-mail; unknown ones are a 404.
      const open = await chattingVisitor(ctx.server, "Still Here");
      expect(
        (
          await ana.browser.post(`/api/agent/conversations/${open.conversationId}/email-answer`, {
            body: "Hi",
          })
        ).body,
      ).toEqual(conflict("This chat is still open: answer in the chat."));
      expect(
        (await ana.browser.post("/api/agent/conversations/987654/email-answer", { body: "Hi" }))
          .body,
      ).toEqual(notFound("No such conversation."));
      open.socket.close();

      const sent = ctx.server.sink.messages.length;
      const hostile = '<img src=x onerror="alert(1)"> We can do it today.';
      const res = await ana.browser.post(`/api/agent/conversations/${id}/email-answer`, {
        body: hostile,
      });
      expect(res.status).toBe(200);
      const entry = (res.body as { entry: AgentEntry }).entry;
      expect(entry).toMatchObject({ kind: "email", sent_to: visitor.email, body: hostile });
      const mail = await mailTo(sent, visitor.email, /answered your chat/);
      expect(mail?.text).toContain("We can do it today.");
      // What the agent typed is text in the mail's HTML, never markup.
      expect(mail?.html).toContain(escapeHtml('<img src=x onerror="alert(1)">'));
      expect(mail?.html).not.toContain("<img src=x");
      // Like the transcript, the answer links back into the chat: a fresh browser opening it is
      // signed in for the visitor's address, once (decision 0037).
      const link = /\/chat\/resume\?token=[\w-]+/.exec(mail?.text ?? "")?.[0];
      expect(link, mail?.text).toBeDefined();
      expect(mail?.html).toContain(`${link}"`);
      const opened = await fetch(`${ctx.server.baseUrl}${link}`, { redirect: "manual" });
      expect(opened.status).toBe(303);
      expect(opened.headers.get("location")).toBe("/?chat=resume");
      const cookie = opened.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const who = await fetch(`${ctx.server.baseUrl}/api/support/session`, { headers: { cookie } });
      expect(await who.json()).toMatchObject({ email: visitor.email });

      expect((await list(ana, "state=missed")).some((c) => c.id === id)).toBe(false);
      expect((await counts(ana)).missed).toBe(before.missed - 1);
      const entries = await ana.browser.get(`/api/agent/conversations/${id}/entries`);
      // The visitor's end is marked in the thread before the answer.
      expect(entries.body).toEqual([
        expect.objectContaining({ kind: "ended", body: "Ended by the visitor", agent_id: 0 }),
        entry,
      ]);
    });

    it("mails an answer sent again with its client_id once, and records it once", async () => {
      const t0 = Date.now();
      const email = uniqueEmail();
      const id = await insertConversation(db(), {
        email,
        startedAt: t0,
        state: "ended",
        endedAt: t0 + 10,
        endedBy: "visitor",
      });
      await insertMessage(db(), id, "visitor", "Anyone?", t0 + 5);
      const url = `/api/agent/conversations/${id}/email-answer`;
      const answer = { body: "Yes, we can.", client_id: newClientId() };
      // Twice one after the other (a retry after a lost answer), then twice at once.
      const first = await ana.browser.post(url, answer);
      const second = await ana.browser.post(url, answer);
      const [third, fourth] = await Promise.all([
        ana.browser.post(url, answer),
        ben.browser.post(url, answer),
      ]);
      for (const res of [first, second, third, fourth]) expect(res.status).toBe(200);
      const entryOf = (res: { body: unknown }) => (res.body as { entry: AgentEntry }).entry;
      expect(new Set([first, second, third, fourth].map((r) => entryOf(r).id)).size).toBe(1);
      const mails = await db()
        .selectFrom("mail_outbox")
        .select("id")
        .where("to_address", "=", email)
        .execute();
      expect(mails).toHaveLength(1);
      expect((await ana.browser.get(`/api/agent/conversations/${id}/entries`)).body).toHaveLength(
        1,
      );
      // Another answer (another client_id) is another mail.
      const other = await ana.browser.post(url, {
        body: "One more thing.",
        client_id: newClientId(),
      });
      expect(other.status).toBe(200);
      expect(entryOf(other).id).not.toBe(entryOf(first).id);
    });

    it("stays missed until marked handled, and an answered chat never was missed", async () => {
      const t0 = Date.now();
      const left = await insertConversation(db(), {
        email: uniqueEmail(),
        startedAt: t0,
        state: "ended",
        endedAt: t0 + 10,
        endedBy: "visitor",
      });
      await insertMessage(db(), left, "visitor", "Hello?", t0 + 5);
      const answered = await insertConversation(db(), {
        email: uniqueEmail(),
        startedAt: t0,
        state: "ended",
        endedAt: t0 + 10,
        endedBy: "visitor",
      });
      await insertMessage(db(), answered, "visitor", "Hello?", t0 + 5);
      await insertMessage(db(), answered, "agent", "Hi!", t0 + 6);
      const missed = (await list(ana, "state=missed")).map((c) => c.id);
      expect(missed).toContain(left);
      expect(missed).not.toContain(answered);
      const res = await ben.browser.post(`/api/agent/conversations/${left}/handled`, {});
      expect(res.body).toEqual({ status: 200 });
      expect((await list(ana, "state=missed")).map((c) => c.id)).not.toContain(left);
    });
  });

  describe("assignment", () => {
    it("moves between agents live, and replying to an unassigned chat takes it", async () => {
      const visitor = await chattingVisitor(ctx.server, "Lena Park");
      const id = visitor.conversationId;
      // Every agent may see whom to give a conversation to: names and availability (no console
      // open yet: offline), never addresses.
      const teamList = await ben.browser.get("/api/agent/team");
      expect(teamList.body).toEqual(
        expect.arrayContaining([
          { id: ana.agent.id, name: "Ana Lima", availability: "offline" },
          { id: ben.agent.id, name: "Ben Okafor", availability: "offline" },
        ]),
      );
      expect(JSON.stringify(teamList.body)).not.toContain("@");
      const anaSocket = await agentSocket(ana.browser);
      const benSocket = await agentSocket(ben.browser);
      expect((await list(ana, "state=open&assignee=unassigned")).map((c) => c.id)).toContain(id);

      const from = benSocket.frames.length;
      expect(
        (
          await ana.browser.post(`/api/agent/conversations/${id}/assign`, {
            agent_id: ana.agent.id,
          })
        ).body,
      ).toEqual({ status: 200 });
      const pushed = await benSocket.next(
        (f) => f.message_type === "conversation" && f.id === id && f.assignee !== null,
        5000,
        from,
      );
      expect(pushed.assignee).toEqual({ id: ana.agent.id, name: "Ana Lima" });
      expect((await list(ana, "state=open&assignee=mine")).map((c) => c.id)).toContain(id);
      expect((await list(ben, "state=open&assignee=mine")).map((c) => c.id)).not.toContain(id);

      await ana.browser.post(`/api/agent/conversations/${id}/assign`, { agent_id: ben.agent.id });
      expect((await list(ben, "state=open&assignee=mine")).map((c) => c.id)).toContain(id);
      await ben.browser.post(`/api/agent/conversations/${id}/assign`, { agent_id: null });

      const at = anaSocket.frames.length;
      const clientId = newClientId();
      benSocket.send({
        message_type: "message",
        conversation_id: id,
        message: "I can help",
        msg_type: "text",
        client_id: clientId,
      });
      await benSocket.ack(clientId);
      const taken = await anaSocket.next(
        (f) => f.message_type === "conversation" && f.id === id && f.assignee !== null,
        5000,
        at,
      );
      expect(taken.assignee).toEqual({ id: ben.agent.id, name: "Ben Okafor" });
      // The visitor sees the display name only.
      const reply = await visitor.socket.next(
        (f) => f.message_type === "message" && f.message === "I can help",
      );
      expect(JSON.stringify(reply)).not.toContain(ben.agent.email);

      expect(
        (await ana.browser.post(`/api/agent/conversations/${id}/assign`, { agent_id: 987654 }))
          .body,
      ).toEqual(conflict("There is no such active agent."));
      for (const body of [{ agent_id: "1" }, { agent_id: 0 }, {}]) {
        expect((await ana.browser.post(`/api/agent/conversations/${id}/assign`, body)).status).toBe(
          400,
        );
      }
      anaSocket.close();
      benSocket.close();
      visitor.socket.close();
    });
  });

  describe("notes and reopening", () => {
    it("keeps notes among agents: never on the visitor's socket, history or transcript", async () => {
      const visitor = await chattingVisitor(ctx.server, "Omar Haddad", uniqueEmail("notes"), {
        transcript: true,
      });
      const id = visitor.conversationId;
      const question = newClientId();
      visitor.socket.send({
        message: "Is my refund approved?",
        msg_type: "text",
        client_id: question,
      });
      await visitor.socket.ack(question);
      const benSocket = await agentSocket(ben.browser);
      const from = benSocket.frames.length;
      const notes = ["Refund approved by finance", ...hostileStrings.slice(0, 20)].filter(
        (n) => n.trim() !== "" && !n.includes("\0"),
      );
      for (const note of notes) {
        const res = await ana.browser.post(`/api/agent/conversations/${id}/notes`, {
          body: note.slice(0, 5000),
        });
        expect(res.status, note).toBe(200);
      }
      await benSocket.next(
        (f) => f.message_type === "agent_entry" && f.body === "Refund approved by finance",
        5000,
        from,
      );
      const entries = (await ana.browser.get(`/api/agent/conversations/${id}/entries`))
        .body as AgentEntry[];
      expect(entries.map((e) => e.kind)).toEqual(notes.map(() => "note"));

      // The visitor's history and socket hold none of it.
      const history = await visitor.browser.get(
        `/api/support/get_message/${encodeURIComponent(visitor.email)}/`,
      );
      expect(JSON.stringify(history.body)).not.toContain("Refund approved");
      expect(JSON.stringify(visitor.socket.frames)).not.toContain("Refund approved");
      const agentMessages = await ana.browser.get(`/api/agent/conversations/${id}/messages`);
      expect(JSON.stringify(agentMessages.body)).not.toContain("Refund approved");

      expect(
        (await ana.browser.post(`/api/agent/conversations/${id}/notes`, { body: "  " })).status,
      ).toBe(400);

      // The transcript the visitor asked for, mailed at the end, carries the chat and no note.
      const mailFrom = ctx.server.sink.messages.length;
      const anaSocket = await agentSocket(ana.browser);
      anaSocket.send({ message_type: "chat_end", conversation_id: id });
      await visitor.socket.next((f) => f.message_type === "chat_ended");
      const transcript = await mailTo(mailFrom, visitor.email, /support chat with/);
      expect(transcript, "the transcript mail").toBeDefined();
      expect(transcript?.text).toContain("Is my refund approved?");
      for (const part of [transcript?.text, transcript?.html]) {
        expect(part).not.toContain("Refund approved by finance");
      }
      anaSocket.close();
      benSocket.close();
      visitor.socket.close();
    });

    it("parallel reopens of one visitor's ended chats: one opens, the rest 409, never a 500", async () => {
      const email = uniqueEmail("reopen-race");
      const ids = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          insertConversation(db(), {
            email,
            startedAt: Date.now() - 60_000 + i,
            state: "ended",
            endedAt: Date.now() - 1_000,
            endedBy: "agent",
          }),
        ),
      );
      const answers = await Promise.all(
        [...ids, ...ids, ...ids].map((id) =>
          ana.browser.post(`/api/agent/conversations/${id}/reopen`, {}),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const open = await db()
        .selectFrom("chat_conversations")
        .select("id")
        .where("visitor_email", "=", email)
        .where("state", "=", "open")
        .execute();
      expect(open).toHaveLength(1);
    });

    it("a visitor's register racing reopens joins the one open chat, never a 500", async () => {
      const visitor = await chattingVisitor(ctx.server, "Noor Ali", uniqueEmail("register-race"));
      const socket = await agentSocket(ana.browser);
      socket.send({ message_type: "chat_end", conversation_id: visitor.conversationId });
      await socket.next(
        (f) => f.message_type === "chat_ended" && f.conversation_id === visitor.conversationId,
      );
      socket.close();
      const ended = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          insertConversation(db(), {
            email: visitor.email,
            startedAt: Date.now() - 60_000 + i,
            state: "ended",
            endedAt: Date.now() - 1_000,
            endedBy: "agent",
          }),
        ),
      );
      const answers = await Promise.all([
        ...[visitor.conversationId, ...ended].map((id) =>
          ana.browser.post(`/api/agent/conversations/${id}/reopen`, {}),
        ),
        ...Array.from({ length: 4 }, () =>
          visitor.browser.post("/api/support/register", {
            username: "Noor Ali",
            email: visitor.email,
          }),
        ),
      ]);
      expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const open = await db()
        .selectFrom("chat_conversations")
        .select("id")
        .where("visitor_email", "=", visitor.email)
        .where("state", "=", "open")
        .execute();
      expect(open).toHaveLength(1);
      visitor.socket.close();
    });

    it("reopens an ended chat, which the visitor's next register continues", async () => {
      const visitor = await chattingVisitor(ctx.server, "Iris Tan");
      const id = visitor.conversationId;
      expect((await ana.browser.post(`/api/agent/conversations/${id}/reopen`, {})).body).toEqual(
        conflict("This chat is open already."),
      );
      const end = await ana.browser.post(`/api/agent/conversations/${id}/end`, {});
      if (end.status !== 200) {
        const socket = await agentSocket(ana.browser);
        socket.send({ message_type: "chat_end", conversation_id: id });
        await socket.next((f) => f.message_type === "chat_ended" && f.conversation_id === id);
        socket.close();
      }
      expect((await ana.browser.post(`/api/agent/conversations/${id}/reopen`, {})).body).toEqual({
        status: 200,
      });
      const again = await visitor.browser.post("/api/support/register", {
        username: "Iris Tan",
        email: visitor.email,
      });
      expect((again.body as { conversation_id: number }).conversation_id).toBe(id);
      visitor.socket.close();
    });
  });
});
