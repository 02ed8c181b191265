/**
 * The API's 429s: what @fastify/rate-limit throws (a RateLimitedError, answered by the API's error
 * handler), and the answer a route sends itself when its own limit refuses a request.
 */
import { apiError, describeRetryAfter } from "@hourline/contracts/api-error";
import type { FastifyReply } from "fastify";

export class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests. Please try again in ${describeRetryAfter(retryAfterSeconds)}.`);
    this.name = "RateLimitedError";
  }
}

/**
 * 429 with Retry-After in whole seconds (at least 1); `{wait}` in the message becomes that wait in
 * words ("15 minutes").
 */
export function sendRetryLater(reply: FastifyReply, retryAfterMs: number, message: string) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return reply
    .code(429)
    .header("Retry-After", String(seconds))
    .send(apiError(429, "rate_limited", message.replace("{wait}", describeRetryAfter(seconds))));
}
