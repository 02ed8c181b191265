/** What @fastify/rate-limit throws for the API: a 429 that knows when the client may try again. */
export class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests. Please try again in ${describeWait(retryAfterSeconds)}.`);
    this.name = "RateLimitedError";
  }
}

/** "40 seconds", "1 minute", "15 minutes". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
