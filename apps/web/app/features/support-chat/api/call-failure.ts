/** What the chat says when a call fails for a reason the visitor cannot fix in the form. */
import type { ApiResult } from "~/lib/api-client";
import { t } from "../i18n/chat-language";

type Failed = Extract<ApiResult<unknown>, { ok: false }>;

export function failureMessage(result: Failed): string {
  if (result.status === 0) {
    return t("unreachable");
  }
  if (result.status >= 500) {
    return t("serverError");
  }
  return result.error.message;
}
