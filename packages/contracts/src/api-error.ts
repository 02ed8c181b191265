/**
 * The error envelope every API endpoint answers with: `{status, error: {code, message, fields?}}`,
 * where `status` repeats the HTTP status and `fields` maps a body field to its problem.
 */
import { z } from "zod/mini";

export const apiErrorCodes = [
  "bad_request",
  "validation_failed",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "too_large",
  "unsupported_media_type",
  "rate_limited",
  "internal",
  "unavailable",
  // The chat's one-time code: wrong, expired (or used, or replaced), or voided after 5 wrong tries.
  "otp_invalid",
  "otp_expired",
  "otp_locked",
  // A chat rating's token: unknown (404), already used (409), or older than 7 days (409).
  "rating_token_invalid",
  "rating_token_used",
  "rating_token_expired",
] as const;
export type ApiErrorCode = (typeof apiErrorCodes)[number];

export const apiErrorSchema = z.object({
  status: z.int().check(z.minimum(400), z.maximum(599)),
  error: z.object({
    // Open on purpose: a client must cope with a code it does not know yet.
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
    // otp_invalid only: the tries the code has left, so a client can say it in its own language.
    attempts_left: z.optional(z.int().check(z.minimum(0))),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export function apiError(
  status: number,
  code: ApiErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiError {
  return { status, error: { code, message, ...(fields ? { fields } : {}) } };
}

/** The answer of an endpoint that has nothing to return but its success. */
export const okSchema = z.object({ status: z.literal(200) });
export type Ok = z.infer<typeof okSchema>;

/** What fieldErrors needs of a zod error (classic or mini). */
export interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The first problem of each top-level field, as `fields` of a 400 answer. */
export function fieldErrors(error: SchemaIssues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A Retry-After in words, for the messages both ends show: "40 seconds", "1 minute", "15 minutes". */
export function describeRetryAfter(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? "1 second" : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
