/**
 * The visitor's side of ratings and business hours under /api/support:
 * - POST /rating: a score of 1 to 5 and an optional comment with a rating token (from the
 *   `chat_ended` frame or the transcript mail's link). JSON in and out, or the mail page's form
 *   post answered with a page. Each token rates once; a later rating of the same conversation
 *   (with another of its tokens) replaces the earlier one. Agents' consoles hear of it at once.
 * - GET /availability: inside business hours or not, whether an agent is online, when the team is
 *   back, and the offline message: what the widget promises comes from here.
 */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import {
  availabilityAnswerSchema,
  isOpenAt,
  nextChange,
  nextOpening,
  type AvailabilityAnswer,
} from "@hourline/contracts/business-hours";
import { matchChatLanguage, type ChatLanguage } from "@hourline/contracts/chat-languages";
import type { RatingFrame } from "@hourline/contracts/chat-server-frames";
import {
  ratingBodySchema,
  ratingLimits,
  type RatingBody,
} from "@hourline/contracts/support-rating";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { channels } from "../../../chat/broker-channels";
import type { Database } from "../../../db/schema";
import { readBusinessHours } from "../../../repositories/business-hours";
import { rateWithToken, ratingTokenLanguage } from "../../../repositories/chat-ratings";
import { RateLimitedError } from "../rate-limited-error";
import { BodyValidationError } from "../zod-schema-compilers";
import { contactPageCsp } from "./plain-pages";
import { ratingFormPage, ratingProblemPage, ratingThanksPage } from "./rating-pages";

/**
 * The browser's languages from Accept-Language, best first ("fr-CH, fr;q=0.9, en;q=0.8"); those
 * it refuses (q=0) are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== "*" && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * The language of a rating page: the conversation's when the token is one we made (used or
 * expired too), else the browser's best match among the chat's languages, else English.
 */
export async function ratingPageLanguage(
  db: Kysely<Database>,
  request: FastifyRequest,
  token: string | null,
): Promise<ChatLanguage> {
  const stored = token ? await ratingTokenLanguage(db, token) : null;
  return stored ?? matchChatLanguage(acceptedLanguages(request.headers["accept-language"]));
}

function isFormPost(request: FastifyRequest): boolean {
  const type = request.headers["content-type"];
  return typeof type === "string" && /^application\/x-www-form-urlencoded\b/i.test(type);
}

export function sendRatingPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header("Content-Security-Policy", contactPageCsp)
    .header("Cache-Control", "no-store")
    .header("Referrer-Policy", "no-referrer")
    .header("X-Robots-Tag", "noindex")
    .type("text/html; charset=utf-8")
    .send(html);
}

/** What the visitor posted, as strings, whatever shape the body had. */
function posted(body: unknown): { token: string; score?: number; comment: string } {
  const source = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const text = (key: string) => {
    const raw = Object.hasOwn(source, key) ? source[key] : undefined;
    const first = Array.isArray(raw) ? raw[0] : raw;
    return typeof first === "string" ? first : "";
  };
  const score = Number(text("score"));
  return {
    token: /^[\w-]{43}$/.test(text("rating_token")) ? text("rating_token") : "",
    ...(score >= 1 && score <= 5 ? { score } : {}),
    comment: text("comment"),
  };
}

export const tokenRefusals = {
  invalid: {
    status: 404,
    code: "rating_token_invalid",
    title: "This rating link does not work",
    message: "This rating link is not valid. Please use the link from your most recent e-mail.",
  },
  used: {
    status: 409,
    code: "rating_token_used",
    title: "You have already rated with this link",
    message: "This rating was already sent with this link. Thank you!",
  },
  expired: {
    status: 409,
    code: "rating_token_expired",
    title: "This rating link has expired",
    message: "Rating links work for 7 days after the chat. You can still write to us any time.",
  },
} as const;

const ratingRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  app.route<{ Body: RatingBody }>({
    method: "POST",
    url: "/rating",
    bodyLimit: 16 * 1024,
    config: { rateLimit: { max: 30, timeWindow: 10 * 60_000 } },
    schema: { body: ratingBodySchema, response: { 200: okSchema, "4xx": apiErrorSchema } },
    errorHandler: async (error: FastifyError, request, reply) => {
      if (!isFormPost(request)) throw error;
      const values = posted(request.body);
      if (error instanceof BodyValidationError) {
        const language = await ratingPageLanguage(db, request, values.token || null);
        if (!values.token) {
          return sendRatingPage(reply, 400, ratingProblemPage("invalid", language));
        }
        const problem = error.fields?.score
          ? "score"
          : error.fields?.comment && values.comment.trim().length > ratingLimits.comment
            ? "commentTooLong"
            : "other";
        return sendRatingPage(
          reply,
          error.statusCode,
          ratingFormPage(values.token, language, { error: problem, ...values }),
        );
      }
      if (error instanceof RateLimitedError) {
        // No look-up for a refused request: the browser's language.
        const language = await ratingPageLanguage(db, request, null);
        return sendRatingPage(reply, 429, ratingProblemPage("limited", language));
      }
      throw error;
    },
    handler: async (request, reply) => {
      const { rating_token: token, score } = request.body;
      const comment = request.body.comment ? request.body.comment : null;
      const result = await rateWithToken(db, token, { score, comment, now: Date.now() });
      if (!result.ok) {
        const r = tokenRefusals[result.reason];
        request.log.info({ reason: result.reason }, "chat rating refused");
        if (isFormPost(request)) {
          const language = await ratingPageLanguage(db, request, token);
          return sendRatingPage(reply, r.status, ratingProblemPage(result.reason, language));
        }
        return reply.code(r.status).send(apiError(r.status, r.code, r.message));
      }
      const { rating, replaced } = result;
      request.log.info({ conversationId: rating.conversationId, score, replaced }, "chat rated");
      const frame: RatingFrame = {
        message_type: "rating",
        conversation_id: rating.conversationId,
        score: rating.score,
        comment: rating.comment,
        rated_at: rating.updatedAt,
      };
      await app.chatBroker.publish(channels.agents, frame);
      if (isFormPost(request)) {
        const language = await ratingPageLanguage(db, request, token);
        return sendRatingPage(reply, 200, ratingThanksPage(replaced, language));
      }
      return { status: 200 as const };
    },
  });

  app.get(
    "/availability",
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { response: { 200: availabilityAnswerSchema, "4xx": apiErrorSchema } },
    },
    async (_request, reply): Promise<AvailabilityAnswer> => {
      // Changes by the minute and with who is online: never kept by a cache.
      reply.header("Cache-Control", "no-store");
      const now = Date.now();
      const [hours, agentsOnline] = await Promise.all([
        readBusinessHours(db),
        app.chatPresence.agentsOnline(),
      ]);
      const open = isOpenAt(hours, now);
      return {
        status: 200,
        open,
        agents_online: agentsOnline,
        next_open_at: open ? null : nextOpening(hours, now),
        message: open ? "" : hours.offline_message,
        time_zone: hours.time_zone,
        next_change_at: nextChange(hours, now),
      };
    },
  );
};

export default ratingRoutes;
