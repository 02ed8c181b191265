/**
 * POST /api/support/contact_us: a visitor's message to the support team. JSON in, JSON out;
 * the same endpoint takes the plain HTML form's urlencoded post, so the form works without
 * JavaScript: a stored message is answered with a 303 to the site's thank-you page, a refused one
 * with the site's check page holding the form again with the visitor's values and what needs
 * fixing (site/contact-form-pages.ts). The message is stored, with its notification in the outbox,
 * before the answer leaves. A filled honeypot is answered like a success and dropped.
 */
import { apiErrorSchema, describeRetryAfter, okSchema } from "@hourline/contracts/api-error";
import {
  contactRequestSchema,
  isHoneypotFilled,
  type ContactRequest,
} from "@hourline/contracts/contact";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { RateLimitedError } from "../rate-limited-error";
import { BodyValidationError } from "../zod-schema-compilers";
import {
  emptyContactValues,
  postedContactValues,
  type ContactCheck,
} from "@hourline/contracts/contact-form-html";
import type { ContactFormPages } from "../../../site/contact-form-pages";

export interface ContactUsOptions {
  /** Messages per client IP per window. */
  rateLimit?: { max: number; timeWindowMs: number } | undefined;
  /** The site's pages that answer the plain form. */
  pages: ContactFormPages;
}

export const defaultContactRateLimit = { max: 10, timeWindowMs: 15 * 60_000 };

/** JSON is the contract; an urlencoded body comes from the HTML form posted without JavaScript. */
function isFormPost(request: FastifyRequest): boolean {
  const type = request.headers["content-type"];
  return typeof type === "string" && /^application\/x-www-form-urlencoded\b/i.test(type);
}

const contactUsRoute: FastifyPluginAsync<ContactUsOptions> = async (app, options) => {
  const limit = options.rateLimit ?? defaultContactRateLimit;
  const { pages } = options;
  // See other: the browser GETs the thank-you page, so reloading it posts nothing again.
  const thank = (reply: FastifyReply) => reply.redirect(pages.thanksPath, 303);
  const check = (reply: FastifyReply, status: number, answer: ContactCheck) => {
    const { html, headers } = pages.check(answer);
    return reply.code(status).headers(headers).send(html);
  };

  app.route<{ Body: ContactRequest }>({
    method: "POST",
    url: "/contact_us",
    // Room for a 5,000-character message of escaped multi-byte text, and no more.
    bodyLimit: 64 * 1024,
    config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
    schema: {
      body: contactRequestSchema,
      response: { 200: okSchema, "4xx": apiErrorSchema },
    },
    // Before validation: a bot's message gets the same answer as a person's, whatever else it holds.
    preValidation: async (request, reply) => {
      if (!isHoneypotFilled(request.body)) return;
      request.log.info("contact form: honeypot filled, message dropped");
      if (isFormPost(request)) return thank(reply);
      return reply.code(200).send({ status: 200 });
    },
    errorHandler: (error: FastifyError, request, reply) => {
      if (!isFormPost(request)) throw error;
      // Whatever was read of the post is shown again. A post refused before its body is read (the
      // rate limit counts at the request's start; a body too large is never parsed) gets the
      // empty form and says why.
      const values = postedContactValues(request.body);
      if (error instanceof BodyValidationError) {
        return check(reply, error.statusCode, {
          values,
          fields: error.fields ?? { body: error.message },
        });
      }
      if (error instanceof RateLimitedError) {
        return check(reply, 429, {
          values,
          fields: {},
          problem: {
            title: "Please wait a little",
            message: `We have received several messages from your network in a short time. Please try again in ${describeRetryAfter(error.retryAfterSeconds)}.`,
          },
        });
      }
      if (error.statusCode === 413) {
        return check(reply, 413, {
          values: emptyContactValues,
          fields: {},
          problem: {
            title: "That message is too long",
            message: "Please shorten your message to 5,000 characters or fewer and send it again.",
          },
        });
      }
      throw error;
    },
    handler: async (request, reply) => {
      const userAgent = request.headers["user-agent"];
      const { id } = await app.contactInbox.receive(request.body, {
        ip: request.ip,
        userAgent: typeof userAgent === "string" ? userAgent : undefined,
      });
      request.log.info({ contactMessageId: id }, "contact message stored");
      if (isFormPost(request)) return thank(reply);
      return { status: 200 as const };
    },
  });
};

export default contactUsRoute;
