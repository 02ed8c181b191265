/**
 * How long a visitor's chat session lasts: a day without use ends it, use keeps it alive, and
 * ending the chat ends the session of that browser (its other tabs close) while another browser
 * that proved the same address keeps its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  Browser,
  chattingVisitor,
  startChatServerOn,
  stores,
  verifyVisitor,
  type ChatServer,
} from "./chat-harness";
import { postgresFor } from "./helpers";

const pgUp = await postgresFor("the visitor session tests");

const DAY = 24 * 60 * 60_000;

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(
    `visitor chat sessions (${store.name}${store.pg ? " and Redis" : ""})`,
    () => {
      let server: ChatServer;
      beforeAll(async () => {
        server = await startChatServerOn(store, { ...AGENT_ENV });
      });
      afterAll(() => server.close());

      const sessionsOf = (email: string) =>
        server.app.database.db
          .selectFrom("visitor_sessions")
          .selectAll()
          .where("email", "=", email)
          .execute();

      async function idleFor(email: string, ms: number) {
        await server.app.database.db
          .updateTable("visitor_sessions")
          .set({ last_seen_at: Date.now() - ms })
          .where("email", "=", email)
          .execute();
      }

      it("ends after 24 hours without use, everywhere the session is checked", async () => {
        const visitor = await chattingVisitor(server);
        visitor.socket.close();
        await idleFor(visitor.email, DAY + 1000);
        const path = `/api/support/get_message/${encodeURIComponent(visitor.email)}/`;
        expect((await visitor.browser.get(path)).status).toBe(401);
        expect(
          (await visitor.browser.post("/api/support/check_chat_email", { email: visitor.email }))
            .body,
        ).toEqual({ status: 200, is_verify: false });
        await expect(
          visitor.browser.socket(`/ws/support/${encodeURIComponent(visitor.email)}/`).opened,
        ).rejects.toThrow("401");
      });

      it("stays while it is used: a request refreshes it", async () => {
        const visitor = await chattingVisitor(server);
        await idleFor(visitor.email, DAY - 60_000);
        const path = `/api/support/get_message/${encodeURIComponent(visitor.email)}/`;
        expect((await visitor.browser.get(path)).status).toBe(200);
        const [row] = await sessionsOf(visitor.email);
        expect(row && Date.now() - row.last_seen_at).toBeLessThan(10_000);
        await idleFor(visitor.email, 2 * 60_000);
        expect((await visitor.browser.get(path)).status).toBe(200);
        visitor.socket.close();
      });

      it("ends with the chat the visitor ends: that browser's tabs close, another browser stays", async () => {
        const visitor = await chattingVisitor(server);
        // A second tab of the same browser, and a phone that proved the same address.
        const secondTab = visitor.browser.socket(
          `/ws/support/${encodeURIComponent(visitor.email)}/`,
        );
        await secondTab.opened;
        const phone = new Browser(server);
        await server.app.database.db
          .updateTable("chat_otp_codes")
          .set((eb) => ({ created_at: eb("created_at", "-", 61_000) }))
          .where("email", "=", visitor.email)
          .execute();
        await verifyVisitor(phone, server.sink, visitor.email);
        expect(await sessionsOf(visitor.email)).toHaveLength(2);

        visitor.socket.send({
          message_type: "chat_end",
          target_email: visitor.email,
          user_type: "user",
        });
        await visitor.socket.next((f) => f.message_type === "chat_ended");
        expect((await visitor.socket.closed).code).toBe(4401);
        expect((await secondTab.closed).code).toBe(4401);
        expect(
          (await visitor.browser.post("/api/support/check_chat_email", { email: visitor.email }))
            .body,
        ).toEqual({ status: 200, is_verify: false });
        expect(
          (await phone.post("/api/support/check_chat_email", { email: visitor.email })).body,
        ).toEqual({ status: 200, is_verify: true });
        expect(await sessionsOf(visitor.email)).toHaveLength(1);
      });

      it("keeps the visitor's session when an agent ends the chat", async () => {
        const visitor = await chattingVisitor(server);
        const agentBrowser = new Browser(server);
        await agentBrowser.post("/api/agent/login", {
          email: AGENT_ENV.BOOTSTRAP_AGENT_EMAIL,
          password: AGENT_ENV.BOOTSTRAP_AGENT_PASSWORD,
        });
        const agent = agentBrowser.socket("/ws/agent/");
        await agent.opened;
        agent.send({ message_type: "chat_end", conversation_id: visitor.conversationId });
        await visitor.socket.next((f) => f.message_type === "chat_ended");
        expect(
          (await visitor.browser.post("/api/support/check_chat_email", { email: visitor.email }))
            .body,
        ).toEqual({ status: 200, is_verify: true });
        agent.close();
        visitor.socket.close();
      });
    },
  );
}
