/**
 * The agent repositories (agents, agent sessions, the console's inbox queries) on SQLite and on the
 * PostgreSQL of this machine: the same calls give the same answers on both.
 */
import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { onBothDatabases, type MigratedDatabase } from "../../test/migrated-databases";
import { insertConversation, insertMessage } from "../../test/chat-rows";
import { hashSessionToken } from "../auth/session-tokens";
import type { Database } from "../db/schema";
import {
  listVisitorConversations,
  markConversationRead,
  listConversationMessages,
} from "./agent-inbox";
import { listConversationSummaries } from "./conversation-list";
import {
  agentSessionLifetime,
  createAgentSession,
  deleteAgentSession,
  deleteAgentSessionsOf,
  deleteExpiredAgentSessions,
  findValidAgentSession,
  touchAgentSession,
} from "./agent-sessions";
import {
  AgentEmailTakenError,
  countAgents,
  createAgent,
  findAgentByEmail,
  findAgentById,
  listAgents,
  setAgentDisabled,
  setAgentName,
  setAgentPassword,
  toAgentProfile,
} from "./agents";
import {
  findContactMessageSummary,
  insertContactMessage,
  likePattern,
  listContactMessageSummaries,
  updateContactMessageState,
} from "./contact-messages";
import {
  countCannedReplies,
  createCannedReply,
  deleteCannedReply,
  findCannedReply,
  listCannedReplies,
  updateCannedReply,
} from "./canned-replies";

function repositoryTests(database: MigratedDatabase) {
  let db: Kysely<Database>;
  beforeAll(() => {
    db = database.db;
  });

  describe("agents", () => {
    it("creates an agent with its e-mail trimmed and lower-cased", async () => {
      const agent = await createAgent(db, {
        email: "  Ana.Lima@Example.COM ",
        name: "  Ana Lima ",
        passwordHash: "scrypt$x",
      });
      expect(agent).toMatchObject({
        email: "ana.lima@example.com",
        name: "Ana Lima",
        role: "agent",
        disabled: false,
        passwordHash: "scrypt$x",
      });
      expect(typeof agent.id).toBe("number");
      expect(typeof agent.createdAt).toBe("number");
      expect(toAgentProfile(agent)).toEqual({
        id: agent.id,
        name: "Ana Lima",
        email: "ana.lima@example.com",
        role: "agent",
      });
      expect(await findAgentByEmail(db, "ANA.LIMA@example.com ")).toEqual(agent);
      expect(await findAgentById(db, agent.id)).toEqual(agent);
      expect(await findAgentByEmail(db, "nobody@example.com")).toBeUndefined();
    });

    it("refuses a second agent with the same address, whatever its case", async () => {
      await expect(
        createAgent(db, { email: "ANA.LIMA@example.com", name: "Other", passwordHash: "h" }),
      ).rejects.toBeInstanceOf(AgentEmailTakenError);
      await expect(
        createAgent(db, { email: "ana.lima@example.com", name: "Other", passwordHash: "h" }),
      ).rejects.toThrow("An agent with the e-mail ana.lima@example.com already exists.");
      expect(await countAgents(db)).toBe(1);
    });

    it("lists, renames, disables and changes passwords", async () => {
      const admin = await createAgent(db, {
        email: "boss@example.com",
        name: "Boss",
        role: "admin",
        passwordHash: "old",
      });
      expect((await listAgents(db)).map((a) => a.email)).toEqual([
        "ana.lima@example.com",
        "boss@example.com",
      ]);
      expect(await setAgentName(db, admin.id, " Big Boss ", admin.createdAt + 5)).toBe(true);
      expect(await setAgentPassword(db, admin.id, "new")).toBe(true);
      expect(await setAgentDisabled(db, admin.id, true)).toBe(true);
      expect(await findAgentById(db, admin.id)).toMatchObject({
        name: "Big Boss",
        passwordHash: "new",
        disabled: true,
        role: "admin",
      });
      expect(await setAgentDisabled(db, admin.id, false)).toBe(true);
      expect((await findAgentById(db, admin.id))?.disabled).toBe(false);
      expect(await setAgentDisabled(db, 999_999, true)).toBe(false);
    });
  });

  describe("agent sessions", () => {
    let agentId: number;
    beforeAll(async () => {
      agentId = (await createAgent(db, { email: "s@example.com", name: "S", passwordHash: "h" }))
        .id;
    });

    it("stores only the token's hash and finds the session by it", async () => {
      const now = 1_700_000_000_000;
      const session = await createAgentSession(db, agentId, now);
      expect(session.token).toMatch(/^[\w-]{43}$/);
      expect(session.expiresAt).toBe(now + agentSessionLifetime.absoluteMs);
      const row = await db
        .selectFrom("agent_sessions")
        .selectAll()
        .where("id", "=", session.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(hashSessionToken(session.token));
      expect(JSON.stringify(row)).not.toContain(session.token);

      const found = await findValidAgentSession(db, hashSessionToken(session.token), now + 1);
      expect(found).toEqual({
        session: {
          id: session.id,
          agentId,
          createdAt: now,
          expiresAt: session.expiresAt,
          lastSeenAt: now,
        },
        agent: { id: agentId, email: "s@example.com", name: "S", role: "agent" },
      });
      expect(
        await findValidAgentSession(db, hashSessionToken("x".repeat(43)), now),
      ).toBeUndefined();
    });

    it("ends a session after 12 idle hours and after 7 days whatever the activity", async () => {
      const now = 1_700_000_000_000;
      const { id, token } = await createAgentSession(db, agentId, now);
      const hash = hashSessionToken(token);
      const idle = agentSessionLifetime.idleMs;
      expect(await findValidAgentSession(db, hash, now + idle - 1)).toBeDefined();
      expect(await findValidAgentSession(db, hash, now + idle)).toBeUndefined();

      // Kept alive by activity, it still ends at its absolute end.
      const end = now + agentSessionLifetime.absoluteMs;
      await db
        .updateTable("agent_sessions")
        .set({ last_seen_at: end - 1000 })
        .where("id", "=", id)
        .execute();
      expect(await findValidAgentSession(db, hash, end - 1)).toBeDefined();
      expect(await findValidAgentSession(db, hash, end)).toBeUndefined();
    });

    it("touches last_seen_at at most once a minute", async () => {
      const now = 1_700_000_000_000;
      const { id } = await createAgentSession(db, agentId, now);
      expect(await touchAgentSession(db, id, now + 59_999)).toBe(false);
      expect(await touchAgentSession(db, id, now + 60_000)).toBe(true);
      expect(await touchAgentSession(db, id, now + 60_001)).toBe(false);
      const row = await db
        .selectFrom("agent_sessions")
        .select("last_seen_at")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.last_seen_at).toBe(now + 60_000);
    });

    it("opens nothing for a disabled agent", async () => {
      const other = await createAgent(db, { email: "d@example.com", name: "D", passwordHash: "h" });
      const now = Date.now();
      const { token } = await createAgentSession(db, other.id, now);
      await setAgentDisabled(db, other.id, true);
      expect(await findValidAgentSession(db, hashSessionToken(token), now)).toBeUndefined();
      await setAgentDisabled(db, other.id, false);
      expect(await findValidAgentSession(db, hashSessionToken(token), now)).toBeDefined();
    });

    it("deletes one session, all of an agent's, and the expired ones", async () => {
      const now = Date.now();
      const a = await createAgentSession(db, agentId, now);
      expect(await deleteAgentSession(db, a.id)).toEqual({ agentId });
      expect(await deleteAgentSession(db, a.id)).toBeUndefined();
      expect(await findValidAgentSession(db, hashSessionToken(a.token), now)).toBeUndefined();

      const b = await createAgentSession(db, agentId, now);
      expect(await deleteExpiredAgentSessions(db, now)).toBeGreaterThanOrEqual(3);
      expect(await findValidAgentSession(db, hashSessionToken(b.token), now)).toBeDefined();
      expect(await deleteAgentSessionsOf(db, agentId)).toBe(1);
      expect(await findValidAgentSession(db, hashSessionToken(b.token), now)).toBeUndefined();
    });
  });

  describe("the console's inbox", () => {
    const t0 = 1_800_000_000_000;
    let quiet: number;
    let busy: number;
    let fresh: number;
    let ended: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      busy = await insertConversation(db, { email: "busy@example.com", startedAt: t0 });
      ids.m1 = await insertMessage(db, busy, "visitor", "Hello", t0 + 1);
      ids.m2 = await insertMessage(db, busy, "agent", "Hi, how can I help?", t0 + 2);
      ids.m3 = await insertMessage(db, busy, "visitor", "About leave", t0 + 30);
      quiet = await insertConversation(db, { email: "quiet@example.com", startedAt: t0 + 10 });
      ids.q1 = await insertMessage(db, quiet, "visitor", "Anyone?", t0 + 11);
      fresh = await insertConversation(db, { email: "fresh@example.com", startedAt: t0 + 20 });
      ended = await insertConversation(db, {
        email: "gone@example.com",
        startedAt: t0 - 100,
        state: "ended",
        endedAt: t0 - 50,
        endedBy: "visitor",
      });
      await insertMessage(db, ended, "visitor", "Bye", t0 - 60);
    });

    it("lists open conversations by their newest activity, with last message and unread", async () => {
      const open = await listConversationSummaries(db, "open");
      expect(open.map((c) => c.id)).toEqual([busy, fresh, quiet]);
      const [first, second, third] = open;
      expect(first).toMatchObject({
        visitor_email: "busy@example.com",
        visitor_name: "Visitor",
        state: "open",
        started_at: t0,
        ended_at: null,
        ended_by: null,
        unread: 2,
        // The agent answered m1; m3 is the oldest message still waiting.
        waiting_since: t0 + 30,
      });
      expect(first?.last_message).toMatchObject({
        id: ids.m3,
        conversation_id: busy,
        message: "About leave",
        sender_type: "visitor",
        receiver: "null",
        created_at: t0 + 30,
      });
      expect(second).toMatchObject({
        id: fresh,
        last_message: null,
        unread: 0,
        waiting_since: null,
      });
      expect(third).toMatchObject({ id: quiet, unread: 1, waiting_since: t0 + 11 });
      expect(typeof first?.unread).toBe("number");
    });

    it("lists ended conversations apart, and honours the limit", async () => {
      const list = await listConversationSummaries(db, "ended");
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id: ended,
        state: "ended",
        ended_at: t0 - 50,
        ended_by: "visitor",
        unread: 1,
        // Nobody waits in an ended chat.
        waiting_since: null,
      });
      expect(await listConversationSummaries(db, "open", { limit: 1 })).toHaveLength(1);
    });

    it("returns messages oldest first after an id, and reading marks nothing read", async () => {
      const unreadOf = async () =>
        (await listConversationSummaries(db, "open")).find((c) => c.id === busy)?.unread;
      const before = await unreadOf();
      const all = await listConversationMessages(db, busy);
      expect(all?.map((m) => m.id)).toEqual([ids.m1, ids.m2, ids.m3]);
      expect(await unreadOf()).toBe(before);

      const m4 = await insertMessage(db, busy, "visitor", "Still there?", t0 + 40);
      const after = await listConversationMessages(db, busy, { afterId: ids.m3 ?? 0 });
      expect(after?.map((m) => m.message)).toEqual(["Still there?"]);
      expect(await listConversationMessages(db, busy, { afterId: m4 })).toEqual([]);
      expect(await listConversationMessages(db, busy, { afterId: 0, limit: 1 })).toHaveLength(1);
      expect(await unreadOf()).toBe((before ?? 0) + 1);
    });

    it("answers undefined for a conversation that does not exist", async () => {
      expect(await listConversationMessages(db, 987_654)).toBeUndefined();
    });

    it("marks read up to an id, never past the newest message and never backwards", async () => {
      const c = await insertConversation(db, { email: "marks@example.com", startedAt: t0 });
      const v1 = await insertMessage(db, c, "visitor", "One", t0 + 1);
      const v2 = await insertMessage(db, c, "visitor", "Two", t0 + 2);
      const unreadOf = async () =>
        (await listConversationSummaries(db, "open")).find((x) => x.id === c)?.unread;
      expect(await unreadOf()).toBe(2);
      expect(await markConversationRead(db, c, v1)).toBe(true);
      expect(await unreadOf()).toBe(1);
      expect(await markConversationRead(db, c, v1)).toBe(false);
      expect(await markConversationRead(db, c, 0)).toBe(false);
      // An id beyond the newest message reads up to the newest only: a later one stays unread.
      expect(await markConversationRead(db, c, v2 + 1000)).toBe(true);
      await insertMessage(db, c, "visitor", "Three", t0 + 3);
      expect(await unreadOf()).toBe(1);
    });

    it("lists a visitor's other conversations, newest first", async () => {
      const email = "returning@example.com";
      const first = await insertConversation(db, {
        email,
        startedAt: t0 - 5000,
        state: "ended",
        endedAt: t0 - 4000,
        endedBy: "agent",
      });
      const second = await insertConversation(db, {
        email,
        startedAt: t0 - 3000,
        state: "ended",
        endedAt: t0 - 2000,
        endedBy: "visitor",
      });
      const current = await insertConversation(db, { email, startedAt: t0 });
      const earlier = await listVisitorConversations(db, email, { exceptId: current, limit: 50 });
      expect(earlier.map((c) => c.id)).toEqual([second, first]);
      expect(
        await listVisitorConversations(db, email, { exceptId: current, limit: 1 }),
      ).toHaveLength(1);
    });

    it("lists contact messages newest first with their read and handled state", async () => {
      const base = { phone: undefined, ipHash: "h", userAgent: undefined };
      const agent = await createAgent(db, {
        email: "handler@example.com",
        name: "Hana Handler",
        passwordHash: "x",
      });
      const older = await insertContactMessage(db, {
        ...base,
        name: "Old",
        email: "old@example.com",
        message: "First",
        receivedAt: t0,
      });
      const newer = await insertContactMessage(db, {
        ...base,
        name: "New",
        email: "new@example.com",
        phone: "+1 555 0100",
        message: "Second",
        receivedAt: t0 + 1000,
      });
      expect(await updateContactMessageState(db, older, { handled: true }, agent.id, t0 + 5)).toBe(
        true,
      );
      const list = await listContactMessageSummaries(db);
      expect(list.map((m) => m.name)).toEqual(["New", "Old"]);
      expect(list[0]).toEqual({
        id: newer,
        name: "New",
        email: "new@example.com",
        phone: "+1 555 0100",
        message: "Second",
        received_at: t0 + 1000,
        read: false,
        handled: false,
        handled_at: null,
        handled_by: null,
      });
      expect(list[1]).toMatchObject({
        handled: true,
        handled_at: t0 + 5,
        handled_by: "Hana Handler",
        read: false,
      });
      // The handler's current name is shown.
      await setAgentName(db, agent.id, "Hana H.");
      expect((await findContactMessageSummary(db, older))?.handled_by).toBe("Hana H.");

      // Read keeps the first time; unread clears it; not handled clears who and when.
      await updateContactMessageState(db, newer, { read: true }, agent.id, t0 + 10);
      await updateContactMessageState(db, newer, { read: true }, agent.id, t0 + 20);
      const read = await db
        .selectFrom("contact_messages")
        .select("read_at")
        .where("id", "=", newer)
        .executeTakeFirstOrThrow();
      expect(read.read_at).toBe(t0 + 10);
      expect((await findContactMessageSummary(db, newer))?.read).toBe(true);
      await updateContactMessageState(db, newer, { read: false }, agent.id);
      expect((await findContactMessageSummary(db, newer))?.read).toBe(false);
      await updateContactMessageState(db, older, { handled: false }, agent.id);
      expect(await findContactMessageSummary(db, older)).toMatchObject({
        handled: false,
        handled_at: null,
        handled_by: null,
      });
      expect(await updateContactMessageState(db, 987_654, { read: true }, agent.id)).toBe(false);
      expect(await findContactMessageSummary(db, 987_654)).toBeUndefined();
    });

    it("searches contact messages case-insensitively, with % and _ taken literally", async () => {
      const base = { ipHash: "h", userAgent: undefined, receivedAt: t0 + 50_000 };
      const a = await insertContactMessage(db, {
        ...base,
        name: "Zed Zebra",
        email: "zed@search.example",
        phone: "+44 20 7946 0958",
        message: "We need 100% of our LEAVE tracked",
      });
      const b = await insertContactMessage(db, {
        ...base,
        name: "Yan Search",
        email: "yan_x@search.example",
        phone: undefined,
        message: "About leave policies",
      });
      const ids = async (q: string, filter: "all" | "unread" | "unhandled" = "all") =>
        (await listContactMessageSummaries(db, { q, filter })).map((m) => m.id).sort();
      expect(await ids("leave")).toEqual([a, b].sort());
      expect(await ids("LEAVE tracked")).toEqual([a]);
      expect(await ids("100%")).toEqual([a]);
      expect(await ids("0%")).toEqual([a]);
      // "%" alone would match everything if it were a wildcard.
      expect(await ids("%")).toEqual([a]);
      expect(await ids("yan_x")).toEqual([b]);
      expect(await ids("n_x")).toEqual([b]);
      expect(await ids("_")).toEqual([b]);
      expect(await ids("\\")).toEqual([]);
      expect(await ids("7946")).toEqual([a]);
      expect(await ids("ZED@SEARCH")).toEqual([a]);
      expect(await ids("nothing like this")).toEqual([]);
      await updateContactMessageState(db, a, { read: true, handled: true }, 1);
      expect(await ids("search.example", "unread")).toEqual([b]);
      expect(await ids("search.example", "unhandled")).toEqual([b]);
      expect(likePattern("a%b_c\\")).toBe("%a\\%b\\_c\\\\%");
    });

    it("keeps canned replies sorted by title with the last editor's name", async () => {
      const author = await createAgent(db, {
        email: "author@example.com",
        name: "Ann Author",
        passwordHash: "x",
      });
      const editor = await createAgent(db, {
        email: "editor@example.com",
        name: "Ed Editor",
        passwordHash: "x",
      });
      const before = await countCannedReplies(db);
      const pricing = await createCannedReply(
        db,
        { title: "pricing", body: "Employees are $1.0 each." },
        author.id,
        t0,
      );
      const hello = await createCannedReply(
        db,
        { title: "Hello", body: "Hello! How can we help?" },
        author.id,
        t0,
      );
      expect(await countCannedReplies(db)).toBe(before + 2);
      expect((await listCannedReplies(db)).map((r) => r.title)).toEqual(["Hello", "pricing"]);
      expect(
        await updateCannedReply(
          db,
          pricing,
          { title: "Pricing", body: "Per employee: $1.0." },
          editor.id,
          t0 + 9,
        ),
      ).toBe(true);
      expect(await findCannedReply(db, pricing)).toEqual({
        id: pricing,
        title: "Pricing",
        body: "Per employee: $1.0.",
        updated_at: t0 + 9,
        updated_by: "Ed Editor",
      });
      expect(await deleteCannedReply(db, hello)).toBe(true);
      expect(await deleteCannedReply(db, hello)).toBe(false);
      expect(await updateCannedReply(db, hello, { title: "x", body: "y" }, editor.id)).toBe(false);
      expect(await findCannedReply(db, hello)).toBeUndefined();
      await deleteCannedReply(db, pricing);
    });
  });
}

await onBothDatabases("the agent repositories", repositoryTests);
