/**
 * GET /chat/rating?token=: the transcript mail's "How did we do?" link. A server-made page that
 * works without JavaScript; opening it spends nothing (mail scanners open links), the form post
 * does. The page speaks the conversation's language (rating-copy.ts). The token never leaves this page for another site (no referrer) and is masked in logs.
 */
import type { FastifyPluginAsync } from "fastify";
import { checkRatingToken } from "../repositories/chat-ratings";
import { ratingFormPage, ratingProblemPage } from "./api/support/rating-pages";
import { ratingPageLanguage, sendRatingPage, tokenRefusals } from "./api/support/rating";

const chatRatingPage: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  app.get<{ Querystring: { token?: unknown } }>("/chat/rating", async (request, reply) => {
    const raw = request.query.token;
    const token = typeof raw === "string" && /^[\w-]{43}$/.test(raw) ? raw : null;
    const checked = token
      ? await checkRatingToken(db, token, Date.now())
      : ({ ok: false, reason: "invalid" } as const);
    const language = await ratingPageLanguage(db, request, token);
    if (!checked.ok || !token) {
      const reason = checked.ok ? "invalid" : checked.reason;
      return sendRatingPage(
        reply,
        tokenRefusals[reason].status,
        ratingProblemPage(reason, language),
      );
    }
    return sendRatingPage(reply, 200, ratingFormPage(token, language));
  });
};

export default chatRatingPage;
