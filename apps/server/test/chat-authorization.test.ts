/**
 * IDOR: a visitor's session opens only that visitor's chat. Another visitor's session is refused on
 * someone else's history, socket, register, conversation state and images; an e-mail in the URL
 * never authorizes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  chattingVisitor,
  postgresFor,
  startChatServerOn,
  stores,
  type ChatServer,
} from "./chat-harness";

const pgUp = await postgresFor("the visitor authorization tests");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`visitor authorization (${store.name})`, () => {
    let server: ChatServer;
    beforeAll(async () => {
      server = await startChatServerOn(store);
    });
    afterAll(async () => server.close());

    it("refuses another visitor's session everywhere", async () => {
      const alice = await chattingVisitor(server, "Alice");
      const mallory = await chattingVisitor(server, "Mallory");
      const aliceId = "c-alice-secret-0001";
      alice.socket.send({
        message: "my invoice number is 4711",
        msg_type: "text",
        client_id: aliceId,
      });
      await alice.socket.ack(aliceId);

      const history = await mallory.browser.get(
        `/api/support/get_message/${encodeURIComponent(alice.email)}/`,
      );
      expect(history.status).toBe(403);
      expect(JSON.stringify(history.body)).not.toContain("4711");

      await expect(
        mallory.browser.socket(`/ws/support/${encodeURIComponent(alice.email)}/`).opened,
      ).rejects.toThrow(/403/);
      // Case and encoding tricks on the path select the same address and are refused the same.
      await expect(
        mallory.browser.socket(`/ws/support/${encodeURIComponent(alice.email.toUpperCase())}/`)
          .opened,
      ).rejects.toThrow(/403/);

      const register = await mallory.browser.post("/api/support/register", {
        username: "Alice",
        email: alice.email,
      });
      expect(register.status).toBe(403);

      const state = await mallory.browser.get(`/api/support/conversations/${alice.conversationId}`);
      expect(state.status).toBe(404);

      // Mallory's own socket never receives Alice's messages, and chat_end with her address ends
      // nothing of hers.
      mallory.socket.send({
        message_type: "chat_end",
        target_email: alice.email,
        user_type: "user",
      });
      expect(await mallory.socket.next((f) => f.message_type === "error")).toMatchObject({
        code: "forbidden",
      });
      expect(
        (await alice.browser.get(`/api/support/conversations/${alice.conversationId}`)).body,
      ).toMatchObject({ state: "open" });
      expect(mallory.socket.frames.some((f) => JSON.stringify(f).includes("4711"))).toBe(false);

      // No session at all: 401 everywhere.
      const anonymous = new Browser(server);
      expect(
        (await anonymous.get(`/api/support/get_message/${encodeURIComponent(alice.email)}/`))
          .status,
      ).toBe(401);
      expect(
        (await anonymous.get(`/api/support/conversations/${alice.conversationId}`)).status,
      ).toBe(401);

      // A forged cookie is no session.
      const forged = new Browser(server);
      forged.cookies.set("hl_chat", "A".repeat(43));
      expect(
        (await forged.get(`/api/support/get_message/${encodeURIComponent(alice.email)}/`)).status,
      ).toBe(401);

      alice.socket.close();
      mallory.socket.close();
    });

    it("refuses every state-changing API call posted from another site", async () => {
      const visitor = await chattingVisitor(server);
      const evil = new Browser(server, "https://evil.example");
      for (const [k, v] of visitor.browser.cookies) evil.cookies.set(k, v);
      const body = { email: visitor.email, username: "x", name: "x", message: "x", otp: "123456" };
      for (const path of [
        "/api/support/contact_us",
        "/api/support/check_chat_email",
        "/api/support/otp_generate_chat",
        "/api/client/verify_otp",
        "/api/support/register",
        "/api/support/upload",
        "/api/agent/login",
        "/api/agent/logout",
      ]) {
        const answer = await evil.post(path, body);
        expect({ path, status: answer.status }).toEqual({ path, status: 403 });
        expect(answer.body).toMatchObject({ error: { code: "forbidden" } });
      }
      // The browser marks a cross-site request even when it sends no Origin.
      const marked = await visitor.browser.request(
        "POST",
        "/api/support/register",
        { username: "x", email: visitor.email },
        { origin: "", "sec-fetch-site": "cross-site" },
      );
      expect(marked.status).toBe(403);
      // A sibling subdomain is another origin too.
      const sibling = await visitor.browser.request(
        "POST",
        "/api/support/register",
        { username: "x", email: visitor.email },
        { origin: "", "sec-fetch-site": "same-site" },
      );
      expect(sibling.status).toBe(403);
      visitor.socket.close();
    });

    it("refuses bad history cursors without a 500", async () => {
      const visitor = await chattingVisitor(server);
      for (const after of ["-1", "abc", "1e3", "99999999999999999999"]) {
        const answer = await visitor.browser.get(
          `/api/support/get_message/${encodeURIComponent(visitor.email)}/?after=${after}`,
        );
        expect(answer.status).toBe(400);
      }
      visitor.socket.close();
    });
  });
}
