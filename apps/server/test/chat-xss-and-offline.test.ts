/**
 * What reaches storage and e-mail: the XSS corpus sent over the real sockets by a visitor and by an
 * agent is stored with no active content; the support inbox hears about chats that start while no
 * agent is online; a visitor who is away gets one e-mail per quiet period for replies they missed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AGENT_ENV,
  chattingVisitor,
  connectedAgent,
  newClientId,
  postgresFor,
  startChatServerOn,
  stores,
  type ChatServer,
} from "./chat-harness";
import { findActiveContent, xssPayloads } from "./xss-corpus";

const pgUp = await postgresFor("the XSS and offline chat tests");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`XSS corpus over the sockets (${store.name})`, () => {
    let server: ChatServer;
    beforeAll(async () => {
      server = await startChatServerOn(store, AGENT_ENV, {
        sockets: { rate: { burst: 1000, perSecond: 1000 } },
      });
    });
    afterAll(async () => server.close());

    it("stores no corpus payload with active content, from either side", async () => {
      expect(xssPayloads.length).toBeGreaterThanOrEqual(100);
      // Frames over 64 KB close the socket before anything is parsed (tested in support-chat.test.ts);
      // the sanitizer's own test runs those payloads directly.
      const payloads = xssPayloads.filter((p) => Buffer.byteLength(JSON.stringify(p)) < 60 * 1024);
      expect(payloads.length).toBeGreaterThanOrEqual(100);
      const visitor = await chattingVisitor(server);
      const agent = await connectedAgent(server);
      let refusedAsBlank = 0;
      for (const payload of payloads) {
        for (const side of [visitor.socket, agent.socket]) {
          const clientId = newClientId();
          side.send(
            side === visitor.socket
              ? { message: payload, msg_type: "text", client_id: clientId }
              : {
                  message_type: "message",
                  conversation_id: visitor.conversationId,
                  message: payload,
                  msg_type: "text",
                  client_id: clientId,
                },
          );
          const answer = await side.next(
            (f) =>
              (f.message_type === "ack" || f.message_type === "error") && f.client_id === clientId,
          );
          // A payload that sanitizes to nothing is refused as empty, one naming an image that was
          // not uploaded to this conversation is refused as forbidden; both are fine.
          if (answer.message_type === "error") {
            expect(["bad_frame", "forbidden"]).toContain(answer.code);
            refusedAsBlank += 1;
          }
        }
      }
      const rows = await server.app.database.db
        .selectFrom("chat_messages")
        .select(["message"])
        .where("conversation_id", "=", visitor.conversationId)
        .execute();
      expect(rows.length + refusedAsBlank).toBe(payloads.length * 2);
      const active = rows
        .map((r) => ({ html: r.message, problem: findActiveContent(r.message) }))
        .filter((r) => r.problem !== null);
      expect(active).toEqual([]);
      visitor.socket.close();
      agent.socket.close();
    });
  });

  describe.skipIf(store.pg && !pgUp)(`offline behaviour (${store.name})`, () => {
    let server: ChatServer;
    beforeAll(async () => {
      server = await startChatServerOn(
        store,
        { ...AGENT_ENV, SUPPORT_INBOX: "inbox@hourline.example" },
        { chat: { missedReplyGraceMs: 150, missedReplyQuietMs: 60_000 } },
      );
    });
    afterAll(async () => server.close());

    const mailsTo = (address: string) =>
      server.sink.messages.filter((m) => m.envelopeTo.includes(address));

    it("tells the visitor and mails the support inbox when no agent is online", async () => {
      const before = mailsTo("inbox@hourline.example").length;
      const visitor = await chattingVisitor(server, "Ravi Menon");
      expect(await visitor.socket.next((f) => f.message_type === "presence")).toMatchObject({
        agents_online: false,
      });
      await expect.poll(() => mailsTo("inbox@hourline.example").length).toBe(before + 1);
      const alert = mailsTo("inbox@hourline.example").at(-1);
      expect(alert?.header("subject")).toContain("Ravi Menon");
      expect(alert?.header("reply-to")).toContain(visitor.email);
      expect(alert?.text).toContain("the reply would come by e-mail");
      expect(alert?.text).not.toContain("within 2 hours");

      // An agent comes online: the open widget hears it at once, and new chats send no alert.
      const agent = await connectedAgent(server);
      expect(
        await visitor.socket.next((f) => f.message_type === "presence" && f.agents_online === true),
      ).toBeTruthy();
      const second = await chattingVisitor(server, "Second Visitor");
      await new Promise((r) => setTimeout(r, 200));
      expect(mailsTo("inbox@hourline.example").length).toBe(before + 1);
      agent.socket.close();
      await visitor.socket.next((f) => f.message_type === "presence" && f.agents_online === false);
      visitor.socket.close();
      second.socket.close();
    });

    it("mails a missed reply once per quiet period, never one already seen", async () => {
      const visitor = await chattingVisitor(server, "Meera Iyer");
      const agent = await connectedAgent(server);
      const reply = async (text: string) => {
        const clientId = newClientId();
        agent.socket.send({
          message_type: "message",
          conversation_id: visitor.conversationId,
          message: text,
          msg_type: "text",
          client_id: clientId,
        });
        return agent.socket.ack(clientId);
      };

      // Seen live: no e-mail.
      await reply("Seen while you were here.");
      await new Promise((r) => setTimeout(r, 300));
      expect(
        mailsTo(visitor.email).filter((m) => /replied/.test(m.header("subject") ?? "")),
      ).toEqual([]);

      // Away: one e-mail with the reply and a link back.
      visitor.socket.close();
      await expect
        .poll(() => server.app.chatBroker.countPresent(`visitor:${visitor.email}`))
        .toBe(0);
      await reply("The export is under Reports <b>now</b>.");
      await expect
        .poll(
          () =>
            mailsTo(visitor.email).filter((m) => /replied/.test(m.header("subject") ?? "")).length,
        )
        .toBe(1);
      const mail = mailsTo(visitor.email).find((m) => /replied/.test(m.header("subject") ?? ""));
      expect(mail?.text).toContain("The export is under Reports now.");
      expect(mail?.text).not.toContain("Seen while you were here");
      expect(mail?.text).toContain("http://localhost:3000/");

      // A second reply in the quiet period: no second e-mail.
      await reply("One more thing.");
      await new Promise((r) => setTimeout(r, 400));
      expect(
        mailsTo(visitor.email).filter((m) => /replied/.test(m.header("subject") ?? "")).length,
      ).toBe(1);

      // Fetched before the grace period ends: seen, so no e-mail even after the quiet period.
      await server.app.database.db
        .updateTable("chat_conversations")
        .set({ offline_mail_at: 0 })
        .where("id", "=", visitor.conversationId)
        .execute();
      const last = await reply("Read this in the history.");
      await visitor.browser.get(`/api/support/get_message/${encodeURIComponent(visitor.email)}/`);
      await new Promise((r) => setTimeout(r, 400));
      expect(
        mailsTo(visitor.email).filter((m) => /replied/.test(m.header("subject") ?? "")).length,
      ).toBe(1);
      expect(last.id).toBeGreaterThan(0);
      agent.socket.close();
    });
  });
}
