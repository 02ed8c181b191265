/**
 * GET /chat/resume?token=...: the link in every mail to a visitor. A good token (single use, 7
 * days, see chat/resume-links.ts) proves the address the mail went to: this browser gets a chat
 * session for it, as a code would give, and lands on the site with the widget opening that
 * conversation (`/?chat=resume`). A used, expired or unknown token lands on the site with the
 * widget open on its form (`/?chat=link-expired`), where a code proves the address as usual. The
 * token leaves the address bar at once (a redirect with no Referer), and the log never holds it.
 */
import type { FastifyPluginAsync } from "fastify";
import { resumeTokenHash } from "../chat/resume-links";
import { useResumeToken } from "../repositories/chat-resume-tokens";

const chatResume: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { token?: string } }>("/chat/resume", async (request, reply) => {
    reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer");
    const hash = resumeTokenHash(request.query.token);
    const proved = hash ? await useResumeToken(app.database.db, hash, Date.now()) : undefined;
    if (!proved) {
      request.log.info("chat resume link refused: used, expired or unknown");
      return reply.redirect("/?chat=link-expired", 303);
    }
    await app.visitorSessions.start(request, reply, proved.email);
    request.log.info({ conversationId: proved.conversationId }, "chat resumed from a mail");
    return reply.redirect("/?chat=resume", 303);
  });
};

export default chatResume;
