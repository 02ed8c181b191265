/**
 * GET /chat/resume from a mail in the SMTP sink, on both stores: the missed-reply mail's link
 * signs a fresh browser in for that address once (no code), lands on the site with the widget
 * asked to resume, and the session then reads the conversation and its history; the same link a
 * second time, a made-up one, and an expired one sign nobody in. The transcript mail carries one too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  Browser,
  chattingVisitor,
  connectedAgent,
  newClientId,
  openLink,
  postgresFor,
  startChatServerOn,
  stores,
  type ChatServer,
} from "./chat-harness";

const pgUp = await postgresFor("the chat resume tests");

function resumeLink(text: string | undefined): string {
  const url = /http:\/\/localhost:3000(\/chat\/resume\?token=[\w-]+)/.exec(text ?? "")?.[1];
  if (!url) throw new Error(`no resume link in: ${text}`);
  return url;
}

for (const store of stores) {
  describe.runIf(!store.pg || pgUp)(`the link back into a chat (${store.name})`, () => {
    let server: ChatServer;
    beforeAll(async () => {
      server = await startChatServerOn(store, AGENT_ENV, {
        chat: { missedReplyGraceMs: 100, missedReplyQuietMs: 60_000 },
      });
    });
    afterAll(async () => server.close());

    const mailsTo = (address: string, subject: RegExp) =>
      server.sink.messages.filter(
        (m) => m.envelopeTo.includes(address) && subject.test(m.header("subject") ?? ""),
      );

    it("opens the conversation in a fresh browser once, without a code", async () => {
      const visitor = await chattingVisitor(server, "Kavya Shah");
      const agent = await connectedAgent(server);
      visitor.socket.close();
      await expect
        .poll(() => server.app.chatBroker.countPresent(`visitor:${visitor.email}`))
        .toBe(0);
      const clientId = newClientId();
      agent.socket.send({
        message_type: "message",
        conversation_id: visitor.conversationId,
        message: "Your invoice is re-sent.",
        msg_type: "text",
        client_id: clientId,
      });
      await agent.socket.ack(clientId);
      await expect.poll(() => mailsTo(visitor.email, /replied/).length).toBe(1);
      const mail = mailsTo(visitor.email, /replied/)[0];
      expect(mail?.text).not.toContain("/help?chat=open");
      const link = resumeLink(mail?.text);

      const fresh = new Browser(server);
      expect((await fresh.get("/api/support/session")).status).toBe(401);
      const opened = await openLink(server, fresh, link);
      expect(opened.status).toBe(303);
      expect(opened.headers.get("location")).toBe("/?chat=resume");
      expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
      expect(opened.headers.get("cache-control")).toBe("no-store");
      const who = await fresh.get("/api/support/session");
      expect(who.body).toEqual({ status: 200, email: visitor.email, username: "Kavya Shah" });
      const registered = await fresh.post("/api/support/register", {
        username: "Kavya Shah",
        email: visitor.email,
      });
      expect(registered.body).toMatchObject({ conversation_id: visitor.conversationId });
      const history = await fresh.get(
        `/api/support/get_message/${encodeURIComponent(visitor.email)}/`,
      );
      expect(JSON.stringify(history.body)).toContain("Your invoice is re-sent.");

      // Single use: the same link again, in another browser, signs nobody in.
      const again = new Browser(server);
      const reused = await openLink(server, again, link);
      expect(reused.headers.get("location")).toBe("/?chat=link-expired");
      expect((await again.get("/api/support/session")).status).toBe(401);
      agent.socket.close();
    });

    it("refuses made-up and expired links, and the transcript mail carries a link", async () => {
      const stranger = new Browser(server);
      for (const token of ["", "abc", "A".repeat(43)]) {
        const answer = await openLink(server, stranger, `/chat/resume?token=${token}`);
        expect(answer.headers.get("location")).toBe("/?chat=link-expired");
      }
      expect((await stranger.get("/api/support/session")).status).toBe(401);

      const visitor = await chattingVisitor(server, "Dev Patel", undefined, { transcript: true });
      visitor.socket.send({
        message_type: "chat_end",
        target_email: visitor.email,
        user_type: "user",
      });
      await expect.poll(() => mailsTo(visitor.email, /Your support chat/).length).toBe(1);
      const link = resumeLink(mailsTo(visitor.email, /Your support chat/)[0]?.text);
      // A week later the link is spent.
      await server.app.database.db
        .updateTable("chat_resume_tokens")
        .set({ expires_at: Date.now() - 1 })
        .where("email", "=", visitor.email)
        .execute();
      const late = await openLink(server, stranger, link);
      expect(late.headers.get("location")).toBe("/?chat=link-expired");
    });
  });
}
