/**
 * The proof link in every code mail (GET /chat/prove, decision record 0035), on both stores: an
 * owner who never verified, held at the address-wide hourly bound by strangers asking from many
 * browsers, opens the link from any of those mails and gets codes again in that browser, while the
 * strangers stay bounded. An altered, forged or expired link marks nothing; the token is never
 * logged; the resume link, which proves the address too, leaves the same mark.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newResumeLink } from "../src/chat/resume-links";
import {
  Browser,
  capturedLog,
  codeFromMail,
  openLink,
  postgresFor,
  startChatServerOn,
  stores,
  uniqueEmail,
  type ChatServer,
} from "./chat-harness";

const pgUp = await postgresFor("the address proof link tests");

/** The path of the proof link in the newest code mail to `email`. */
function proofLinkIn(server: ChatServer, email: string): string {
  const mail = server.sink.messages.filter((m) => m.envelopeTo.includes(email)).at(-1);
  const path = /https?:\/\/[^/\s]+(\/chat\/prove\?token=[\w.-]+)/.exec(mail?.text ?? "")?.[1];
  if (!path) throw new Error(`no proof link in: ${mail?.text}`);
  const html = mail?.html ?? "";
  // The HTML part links the same address.
  expect(html).toContain(`/chat/prove?token=`);
  return path;
}

const provenCookie = (browser: Browser) =>
  [...browser.cookies.keys()].some((name) => name.endsWith("hl_code_proven"));

for (const store of stores) {
  describe.runIf(!store.pg || pgUp)(`the proof link in a code mail (${store.name})`, () => {
    let server: ChatServer;
    const log = capturedLog();
    const logLines = log.lines;
    beforeAll(async () => {
      server = await startChatServerOn(
        store,
        {},
        {
          logger: log.logger,
        },
      );
    });
    afterAll(async () => server.close());

    const ask = async (browser: Browser, email: string) => {
      const before = server.sink.messages.length;
      const answer = await browser.post("/api/support/otp_generate_chat", { email });
      return {
        status: answer.status,
        code: answer.status === 200 ? await codeFromMail(server.sink, email, before) : undefined,
      };
    };
    /** Starts the IP's hour afresh: every test here asks from 127.0.0.1, capped at 20 an hour. */
    const freshHourForThisIp = () =>
      server.app.database.db
        .updateTable("chat_otp_codes")
        .set((eb) => ({ created_at: eb("created_at", "-", 2 * 60 * 60_000) }))
        .where("ip_hash", "=", server.app.hashIp("127.0.0.1"))
        .execute();

    it("lets a never-verified owner held at the address's bound get codes again", async () => {
      await freshHourForThisIp();
      const email = uniqueEmail("owner");
      // Strangers fill the address's hour from ten browsers; every mail reaches the owner.
      for (let i = 0; i < 10; i++) expect((await ask(new Browser(server), email)).status).toBe(200);
      const owner = new Browser(server);
      expect((await ask(owner, email)).status).toBe(429);

      const opened = await openLink(server, owner, proofLinkIn(server, email));
      expect(opened.status).toBe(303);
      expect(opened.headers.get("location")).toBe("/?chat=proven");
      expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
      expect(opened.headers.get("cache-control")).toBe("no-store");
      expect(provenCookie(owner)).toBe(true);
      // It signs no one in: it only lets codes through.
      expect((await owner.get("/api/support/session")).status).toBe(401);

      const { status, code } = await ask(owner, email);
      expect(status).toBe(200);
      expect((await owner.post("/api/client/verify_otp", { email, otp: code })).status).toBe(200);
      // Strangers stay bounded.
      expect((await ask(new Browser(server), email)).status).toBe(429);
      // The token never reaches the log.
      const token = proofLinkIn(server, email).split("token=")[1] ?? "";
      expect(logLines.join("")).not.toContain(token.split(".")[2]);
      expect(logLines.join("")).toContain("address proven from a code mail's link");
    });

    it("marks nothing for an altered, forged or expired link", async () => {
      await freshHourForThisIp();
      const email = uniqueEmail("owner");
      const other = uniqueEmail("someone");
      await ask(new Browser(server), email);
      const good = proofLinkIn(server, email);
      const token = good.split("token=")[1] ?? "";
      const [, expires = "", signature = ""] = token.split(".");
      const b64 = (s: string) => Buffer.from(s).toString("base64url");
      const expired = server.app.oneTimeCodes
        .proofLink(email, Date.now() - 8 * 24 * 60 * 60_000)
        .replace(/^https?:\/\/[^/]+/, "");
      const bad = [
        // Someone else's address under this address's signature.
        `/chat/prove?token=${b64(other)}.${expires}.${signature}`,
        // A later expiry under the same signature.
        `/chat/prove?token=${token.split(".")[0]}.${Number(expires) + 60_000}.${signature}`,
        `/chat/prove?token=${b64(email)}.${expires}.${"A".repeat(43)}`,
        expired,
        "/chat/prove?token=not-a-token",
        "/chat/prove",
        `/chat/prove?token=${encodeURIComponent(`${b64(email)}.${expires}.${signature}.x`)}`,
      ];
      for (const path of bad) {
        const browser = new Browser(server);
        const opened = await openLink(server, browser, path);
        expect(opened.status, path).toBe(303);
        expect(opened.headers.get("location"), path).toBe("/?chat=link-expired");
        expect(provenCookie(browser), path).toBe(false);
      }
      // The good one still works after all that, and more than once.
      for (let i = 0; i < 2; i++) {
        const owner = new Browser(server);
        expect((await openLink(server, owner, good)).headers.get("location")).toBe("/?chat=proven");
        expect(provenCookie(owner)).toBe(true);
      }
    });

    it("gives the proven mark with the resume link too, which proves the address as well", async () => {
      await freshHourForThisIp();
      const email = uniqueEmail("owner");
      const before = new Browser(server);
      const { code } = await ask(before, email);
      expect((await before.post("/api/client/verify_otp", { email, otp: code })).status).toBe(200);
      const registered = await before.post("/api/support/register", {
        username: "Ines Duarte",
        email,
      });
      const conversationId = (registered.body as { conversation_id: number }).conversation_id;
      const link = newResumeLink("", email, conversationId);
      await link.store(server.app.database.db, Date.now());
      const fresh = new Browser(server);
      const opened = await openLink(server, fresh, link.url);
      expect(opened.headers.get("location")).toBe("/?chat=resume");
      expect(provenCookie(fresh)).toBe(true);
    });
  });
}
