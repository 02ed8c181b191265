/**
 * The visitor's language through the real endpoints: the code mail follows the language the widget
 * sends with the code request, register keeps it with the conversation, and the transcript follows
 * the conversation. A language outside the twelve is refused with a clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  codeFromMail,
  connectedAgent,
  newClientId,
  postgresFor,
  startChatServerOn,
  stores,
  uniqueEmail,
  verifyVisitor,
  AGENT_ENV,
  type ChatServer,
} from "./chat-harness";

const pgUp = await postgresFor("the chat language tests");

for (const store of stores) {
  describe.skipIf(store.pg && !pgUp)(`chat languages (${store.name})`, () => {
    let server: ChatServer;
    beforeAll(async () => {
      server = await startChatServerOn(store, AGENT_ENV);
    });
    afterAll(async () => server.close());

    it("writes the code mail in Arabic, right to left, when the widget speaks Arabic", async () => {
      const email = uniqueEmail();
      const browser = new Browser(server);
      const before = server.sink.messages.length;
      const sent = await browser.post("/api/support/otp_generate_chat", { email, language: "ar" });
      expect(sent.status).toBe(200);
      const code = await codeFromMail(server.sink, email, before);
      const mail = server.sink.messages.slice(before).find((m) => m.envelopeTo.includes(email));
      expect(mail?.header("subject")).toBe("رمز الدردشة الخاص بك من Hourline");
      expect(mail?.html).toContain('lang="ar" dir="rtl"');
      expect(mail?.text).toContain("هذا هو رمزك");
      expect(mail?.text).toContain(code);
    });

    it("writes it in German for German, and in English when no language is sent", async () => {
      const german = uniqueEmail();
      let before = server.sink.messages.length;
      await new Browser(server).post("/api/support/otp_generate_chat", {
        email: german,
        language: "de",
      });
      await codeFromMail(server.sink, german, before);
      const de = server.sink.messages.slice(before).find((m) => m.envelopeTo.includes(german));
      expect(de?.header("subject")).toBe("Ihr Code für den Hourline-Chat");
      expect(de?.text).toContain("Minuten");

      const plain = uniqueEmail();
      before = server.sink.messages.length;
      await new Browser(server).post("/api/support/otp_generate_chat", { email: plain });
      await codeFromMail(server.sink, plain, before);
      const en = server.sink.messages.slice(before).find((m) => m.envelopeTo.includes(plain));
      expect(en?.header("subject")).toBe("Your Hourline chat code");
    });

    it("refuses a language it does not speak, naming the ones it does", async () => {
      const answer = await new Browser(server).post("/api/support/otp_generate_chat", {
        email: uniqueEmail(),
        language: "xx-<script>",
      });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain("pt-BR");
    });

    it("keeps the language with the conversation, and the transcript follows it", async () => {
      const email = uniqueEmail();
      const browser = new Browser(server);
      await verifyVisitor(browser, server.sink, email, "de");
      const registered = await browser.post("/api/support/register", {
        username: "Jörg Weber",
        email,
        transcript: true,
        language: "de",
      });
      expect(registered.status).toBe(200);
      const conversationId = (registered.body as { conversation_id: number }).conversation_id;
      const row = await server.app.database.db
        .selectFrom("chat_conversations")
        .select("language")
        .where("id", "=", conversationId)
        .executeTakeFirstOrThrow();
      expect(row.language).toBe("de");

      const agent = await connectedAgent(server);
      // The console shows the agent the visitor's language.
      const detail = await agent.browser.get(`/api/agent/conversations/${conversationId}`);
      expect((detail.body as { visitor: { language: string } }).visitor.language).toBe("de");
      const visitor = browser.socket(`/ws/support/${encodeURIComponent(email)}/`);
      await visitor.opened;
      const ask = newClientId();
      visitor.send({ message: "Wie viele Urlaubstage?", msg_type: "text", client_id: ask });
      await visitor.ack(ask);
      const before = server.sink.messages.length;
      agent.socket.send({ message_type: "chat_end", conversation_id: conversationId });
      await visitor.next((f) => f.message_type === "chat_ended");
      const isTranscript = (m: (typeof server.sink.messages)[number]) =>
        m.envelopeTo.includes(email) && m.header("subject") === "Ihr Support-Chat mit Hourline";
      await expect
        .poll(() => server.sink.messages.slice(before).filter(isTranscript).length)
        .toBe(1);
      const transcript = server.sink.messages.slice(before).find(isTranscript);
      expect(transcript?.text).toContain("Hallo Jörg Weber, wie gewünscht");
      expect(transcript?.text).toContain("Wie viele Urlaubstage?");
      expect(transcript?.html).toContain('lang="de"');
      visitor.close();
      agent.socket.close();
    });
  });
}
