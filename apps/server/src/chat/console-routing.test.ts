/**
 * Routing on SQLite and PostgreSQL: availability (online, away, offline) on the team and agents
 * lists and PUT /api/agent/me/status; new chats given to the online agent below the cap with
 * the fewest open chats, never to an away one, the rest waiting oldest first and given out as
 * soon as someone frees up; a returning visitor offered to the agent who helped them last.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  postgresFor,
  startChatServerOn,
  stores,
  uniqueEmail,
  verifyVisitor,
  type ChatServer,
  type FrameSocket,
} from "../../test/chat-harness";
import { insertConversation } from "../../test/chat-rows";
import {
  ADMIN,
  CONSOLE_ENV,
  addAgent,
  agentSocket,
  signIn,
  type SignedIn,
} from "../../test/console-clients";
import { invalid, PASSWORD } from "../../test/console-suite";

const pgUp = await postgresFor("the chat routing test");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`routing (${store.name})`, () => {
    let server: ChatServer;
    let admin: SignedIn;
    const agents: Record<"ana" | "bo" | "cy", SignedIn & { socket?: FrameSocket }> = {} as never;
    beforeAll(async () => {
      server = await startChatServerOn(store, CONSOLE_ENV, { chat: { autoAssign: true } });
      admin = await signIn(server, ADMIN.email, ADMIN.password);
      for (const [key, name] of [
        ["ana", "Ana Lima"],
        ["bo", "Bo Chen"],
        ["cy", "Cy Park"],
      ] as const) {
        const email = uniqueEmail(key);
        await addAgent(admin.browser, { email, name, password: PASSWORD });
        agents[key] = await signIn(server, email, PASSWORD);
      }
    });
    afterAll(async () => {
      for (const a of Object.values(agents)) a.socket?.close();
      await server.close();
    });

    const db = () => server.app.database.db;
    const routed = () => server.app.consoleRouting.settled();

    /** How many open chats each agent has (by name), and how many nobody has. */
    async function load() {
      const rows = await db()
        .selectFrom("chat_conversations as c")
        .leftJoin("agents as a", "a.id", "c.assigned_agent_id")
        .select(["a.name", "c.id"])
        .where("c.state", "=", "open")
        .execute();
      const byName: Record<string, number> = {};
      for (const r of rows) byName[r.name ?? "nobody"] = (byName[r.name ?? "nobody"] ?? 0) + 1;
      return byName;
    }
    async function openOf(name: string) {
      return db()
        .selectFrom("chat_conversations as c")
        .innerJoin("agents as a", "a.id", "c.assigned_agent_id")
        .select("c.id")
        .where("c.state", "=", "open")
        .where("a.name", "=", name)
        .orderBy("c.id")
        .execute();
    }
    async function end(who: SignedIn, id: number) {
      await server.app.conversationRules.endByAgent(who.agent, id);
      await routed();
    }
    const availabilityOf = async (path: string, who: SignedIn) => {
      const res = await who.browser.get(path);
      expect(res.status).toBe(200);
      return Object.fromEntries(
        (res.body as { name: string; availability: string }[]).map((a) => [a.name, a.availability]),
      );
    };

    it("shows who is online, away and offline, and refuses a status that is not one", async () => {
      for (const key of ["ana", "bo", "cy"] as const) {
        agents[key].socket = await agentSocket(agents[key].browser);
      }
      const away = await agents.cy.browser.put("/api/agent/me/status", { status: "away" });
      expect(away.body).toEqual({
        status: 200,
        agent: { ...agents.cy.agent, availability: "away" },
      });
      await agents.ana.socket?.next(
        (f) =>
          f.message_type === "agent_presence" &&
          f.agent_id === agents.cy.agent.id &&
          f.availability === "away",
      );
      const expected = {
        Support: "offline",
        "Ana Lima": "online",
        "Bo Chen": "online",
        "Cy Park": "away",
      };
      expect(await availabilityOf("/api/agent/team", agents.ana)).toEqual(expected);
      expect(await availabilityOf("/api/agent/agents", admin)).toEqual(expected);
      expect(
        (await agents.cy.browser.put("/api/agent/me/status", { status: "offline" })).body,
      ).toEqual(invalid({ status: "status must be online or away" }));
    });

    it("spreads new chats over online agents up to the cap; the away agent gets none; the rest wait", async () => {
      const t0 = Date.now() - 3600_000;
      const ids: number[] = [];
      for (let i = 0; i < 11; i++) {
        ids.push(await insertConversation(db(), { email: uniqueEmail("r"), startedAt: t0 + i }));
      }
      server.app.consoleRouting.assignWaiting();
      await routed();
      expect(await load()).toEqual({ "Ana Lima": 5, "Bo Chen": 5, nobody: 1 });
      // The newest waits; when Ana ends a chat it is hers at once.
      const first = await openOf("Ana Lima");
      await end(agents.ana, first[0]?.id ?? 0);
      expect(await load()).toEqual({ "Ana Lima": 5, "Bo Chen": 5 });
      expect((await openOf("Ana Lima")).map((c) => c.id)).toContain(ids[10]);
    });

    it("offers a returning visitor to the agent who helped them last, while below the cap", async () => {
      const bos = await openOf("Bo Chen");
      await end(agents.bo, bos[0]?.id ?? 0);
      await end(agents.bo, bos[1]?.id ?? 0);
      await end(agents.ana, (await openOf("Ana Lima"))[0]?.id ?? 0);
      expect(await load()).toEqual({ "Ana Lima": 4, "Bo Chen": 3 });

      const email = uniqueEmail("returning");
      const earlier = await insertConversation(db(), {
        email,
        startedAt: Date.now() - 86_400_000,
        state: "ended",
        endedAt: Date.now() - 86_000_000,
        endedBy: "visitor",
      });
      await db()
        .updateTable("chat_conversations")
        .set({ assigned_agent_id: agents.ana.agent.id })
        .where("id", "=", earlier)
        .execute();
      const visitor = new Browser(server);
      await verifyVisitor(visitor, server.sink, email);
      const registered = await visitor.post("/api/support/register", { username: "Rae", email });
      expect(registered.status).toBe(200);
      await routed();
      const id = (registered.body as { conversation_id: number }).conversation_id;
      const conversation = await db()
        .selectFrom("chat_conversations")
        .select("assigned_agent_id")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(conversation.assigned_agent_id).toBe(agents.ana.agent.id);
      expect(await load()).toEqual({ "Ana Lima": 5, "Bo Chen": 3 });
    });

    it("an agent whose consoles all close is offline to the others", async () => {
      agents.cy.socket?.close();
      await agents.ana.socket?.next(
        (f) =>
          f.message_type === "agent_presence" &&
          f.agent_id === agents.cy.agent.id &&
          f.online === false,
      );
      expect((await availabilityOf("/api/agent/team", agents.ana))["Cy Park"]).toBe("offline");
    });
  });
}
