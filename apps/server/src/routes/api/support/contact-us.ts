/**
 * POST /api/support/contact_us: a visitor's message to the support team. JSON in, JSON out;
 * the same endpoint takes the plain HTML form's urlencoded post and answers with a page, so the
 * form works without JavaScript. The message is stored, with its notification in the outbox,
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
  contactPageCsp,
  formPage,
  postedValues,
  problemPage,
  thankYouPage,
} from "./contact-us-pages";

export interface ContactUsOptions {
  /** Messages per client IP per window. */
  rateLimit?: { max: number; timeWindowMs: number } | undefined;
}

export const defaultContactRateLimit = { max: 10, timeWindowMs: 15 * 60_000 };

/** JSON is the contract; an urlencoded body comes from the HTML form posted without JavaScript. */
function isFormPost(request: FastifyRequest): boolean {
  const type = request.headers["content-type"];
  return typeof type === "string" && /^application\/x-www-form-urlencoded\b/i.test(type);
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header("Content-Security-Policy", contactPageCsp)
    .header("Cache-Control", "no-store")
    .type("text/html; charset=utf-8")
    .send(html);
}

const contactUsRoute: FastifyPluginAsync<ContactUsOptions> = async (app, options) => {
  const limit = options.rateLimit ?? defaultContactRateLimit;

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
      if (isFormPost(request)) return sendPage(reply, 200, thankYouPage());
      return reply.code(200).send({ status: 200 });
    },
    errorHandler: (error: FastifyError, request, reply) => {
      if (!isFormPost(request)) throw error;
      if (error instanceof BodyValidationError) {
        return sendPage(
          reply,
          error.statusCode,
          formPage(postedValues(request.body), error.fields ?? { body: error.message }),
        );
      }
      if (error instanceof RateLimitedError) {
        return sendPage(
          reply,
          429,
          problemPage(
            "Please wait a little",
            `We have received several messages from your network in a short time. Please try again in ${describeRetryAfter(error.retryAfterSeconds)}.`,
          ),
        );
      }
      if (error.statusCode === 413) {
        return sendPage(
          reply,
          413,
          problemPage(
            "That message is too long",
            "Please shorten your message to 5,000 characters or fewer and send it again.",
          ),
        );
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
      if (isFormPost(request)) return sendPage(reply, 200, thankYouPage());
      return { status: 200 as const };
    },
  });
};

export default contactUsRoute;
