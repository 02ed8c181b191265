/**
 * The links in mails to a visitor that prove their address in the browser that opens them.
 *
 * GET /chat/resume?token=...: the link in every mail about a chat. A good token (single use, 7
 * days, see chat/resume-links.ts) proves the address the mail went to: this browser gets a chat
 * session for it, as a code would give, and lands on the site with the widget opening that
 * conversation (`/?chat=resume`). A used, expired or unknown token lands on the site with the
 * widget open on its form (`/?chat=link-expired`), where a code proves the address as usual.
 *
 * GET /chat/prove?token=...: the link in every code mail (decision record 0035). A good token
 * (signed, 7 days) gives this browser the address's proven mark, which exempts it from the
 * address-wide hourly bound on code mails, and lands on `/?chat=proven`; anything else on
 * `/?chat=link-expired`. It signs no one in: the mark only lets codes through.
 *
 * Both prove the address, so both leave the mark. The token leaves the address bar at once (a
 * redirect with no Referer), and the log never holds it.
 */
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { setProvenMark } from "../auth/code-requester";
import { resumeTokenHash } from "../chat/resume-links";
import { useResumeToken } from "../repositories/chat-resume-tokens";

const chatLinks: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const private_ = (reply: FastifyReply) =>
    reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer");

  app.get<{ Querystring: { token?: string } }>("/chat/resume", async (request, reply) => {
    private_(reply);
    const hash = resumeTokenHash(request.query.token);
    const proved = hash ? await useResumeToken(app.database.db, hash, Date.now()) : undefined;
    if (!proved) {
      request.log.info("chat resume link refused: used, expired or unknown");
      return reply.redirect("/?chat=link-expired", 303);
    }
    await app.visitorSessions.start(request, reply, proved.email);
    setProvenMark(reply, publicUrl, app.oneTimeCodes.provenMark(proved.email));
    request.log.info({ conversationId: proved.conversationId }, "chat resumed from a mail");
    return reply.redirect("/?chat=resume", 303);
  });

  app.get<{ Querystring: { token?: string } }>("/chat/prove", async (request, reply) => {
    private_(reply);
    const email = app.oneTimeCodes.provenByLink(request.query.token);
    if (!email) {
      request.log.info("address proof link refused: altered, forged or expired");
      return reply.redirect("/?chat=link-expired", 303);
    }
    setProvenMark(reply, publicUrl, app.oneTimeCodes.provenMark(email));
    request.log.info("address proven from a code mail's link");
    return reply.redirect("/?chat=proven", 303);
  });
};

export default chatLinks;
