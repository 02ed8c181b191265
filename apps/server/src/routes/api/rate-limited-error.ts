/** What @fastify/rate-limit throws for the API: a 429 that knows when the client may try again. */
import { describeRetryAfter } from "@hourline/contracts/api-error";

export class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests. Please try again in ${describeRetryAfter(retryAfterSeconds)}.`);
    this.name = "RateLimitedError";
  }
}
