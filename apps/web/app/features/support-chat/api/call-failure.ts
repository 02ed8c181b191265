/** What the chat says when a call fails for a reason the visitor cannot fix in the form. */
import type { ApiResult } from "~/lib/api-client";

type Failed = Extract<ApiResult<unknown>, { ok: false }>;

export function failureMessage(result: Failed): string {
  if (result.status === 0) {
    return "We could not reach our server. Check your connection and try again.";
  }
  if (result.status >= 500) {
    return "Something went wrong on our side. Please try again in a moment.";
  }
  return result.error.message;
}
