/**
 * The JSON API under /api (README.md's API section lists it): zod schemas from packages/contracts
 * for bodies and answers, every error in the envelope `{status, error: {code, message, fields?}}`,
 * per-route rate limits, and form bodies for the pages that must work without JavaScript. One
 * folder per area. Every request that changes something must come from our own site (SameSite
 * cookies plus this check).
 */
import formbody from "@fastify/formbody";
import rateLimit from "@fastify/rate-limit";
import { apiError } from "@hourline/contracts/api-error";
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from "fastify";
import { isCrossSiteRequest, originOf } from "../../auth/origin-check";
import agentRoutes from "./agent/index";
import verifyOtpRoute from "./client/verify-otp";
import { RateLimitedError } from "./rate-limited-error";
import chatRoutes from "./support/chat";
import contactUsRoute, { type ContactUsOptions } from "./support/contact-us";
import ratingRoutes from "./support/rating";
import uploadRoutes from "./support/upload";
import {
  BodyValidationError,
  jsonSerializerCompiler,
  zodValidatorCompiler,
} from "./zod-schema-compilers";

export interface ApiOptions {
  publicUrl: string;
  /** DATA_DIR: chat images are stored in its uploads folder. */
  dataDir: string;
  /** RETENTION_DAYS, shown to admins. */
  retentionDays: number;
  contactUs: ContactUsOptions;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const apiRoutes: FastifyPluginAsync<ApiOptions> = async (app, options) => {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  // JSON, and urlencoded forms for the no-JavaScript pages; anything else is a 415.
  app.removeContentTypeParser("text/plain");
  await app.register(formbody);
  // Limits are per route (config.rateLimit), keyed by the client's address (TRUST_PROXY decides
  // which one that is) or, for IPv6, its /64. With Redis the counts are shared by every instance;
  // while Redis is unreachable the limits are not applied rather than every request refused (the
  // database-held limits on codes, sign-ins and contact messages still hold).
  await app.register(rateLimit, {
    global: false,
    ...(app.redis
      ? { redis: app.redis, nameSpace: `${app.redisKeyPrefix}rate-limit:`, skipOnError: true }
      : {}),
    // The key is the keyed hash of the client's address (its /64 for IPv6), as the limits kept in
    // the database count: Redis holds no client address.
    keyGenerator: (request) => app.hashIp(request.ip),
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  // CSRF: a POST from another site's page is refused before any route sees it.
  const ownOrigin = originOf(options.publicUrl);
  const isCrossSite = (request: FastifyRequest) => isCrossSiteRequest(request, ownOrigin);
  app.addHook("onRequest", async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request)) {
      return reply
        .code(403)
        .send(apiError(403, "forbidden", "This request must come from our own website."));
    }
    return undefined;
  });

  // Validation and rate-limit errors carry what the answer needs; everything else goes on to the
  // app's handler, which maps the remaining statuses to the same envelope.
  app.setErrorHandler(
    (error: FastifyError | BodyValidationError | RateLimitedError, _req, reply) => {
      if (error instanceof BodyValidationError) {
        return reply
          .code(error.statusCode)
          .send(apiError(error.statusCode, error.answerCode, error.message, error.fields));
      }
      if (error instanceof RateLimitedError) {
        return reply.code(429).send(apiError(429, "rate_limited", error.message));
      }
      throw error;
    },
  );

  await app.register(contactUsRoute, { prefix: "/support", ...options.contactUs });
  await app.register(chatRoutes, { prefix: "/support", publicUrl: options.publicUrl });
  await app.register(uploadRoutes, { prefix: "/support", dataDir: options.dataDir });
  await app.register(ratingRoutes, { prefix: "/support" });
  await app.register(verifyOtpRoute, { prefix: "/client", publicUrl: options.publicUrl });
  // The agent API refuses other sites for every method, GET included.
  await app.register(agentRoutes, {
    prefix: "/agent",
    dataDir: options.dataDir,
    retentionDays: options.retentionDays,
    isCrossSite,
  });
};

export default apiRoutes;
