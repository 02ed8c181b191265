/**
 * The server's refusals in the visitor's language. The API and the socket answer with a `code`
 * (packages/contracts api-error.ts, chat-server-frames.ts) and an English `message`; the widget says
 * each known code in its own catalogue's words, waits from Retry-After written by Intl. A code it
 * does not know gets a general sentence in the visitor's language; only an English widget shows the
 * server's own words then, since nothing it has is more precise.
 */
import type { ChatErrorCode } from "@hourline/contracts/chat-server-frames";
import { chatLimits } from "@hourline/contracts/chat-message";
import type { ApiResult } from "~/lib/api-client";
import { chatLanguageStore, formatWait, t, tPlural } from "../i18n/chat-language";

export type FailedCall = Extract<ApiResult<unknown>, { ok: false }>;

/** The server's own words, when the widget is in English and has nothing more precise. */
function serverWordsOr(message: string | undefined, fallback: () => string): string {
  return chatLanguageStore.get().language === "en" && message ? message : fallback();
}

/** What a failed call says, by its code; `null` for a code this table does not know. */
function byCode(result: FailedCall): string | null {
  const { error } = result;
  switch (error.code) {
    case "otp_invalid":
      return error.attempts_left === undefined
        ? serverWordsOr(error.fields?.otp ?? error.message, () => t("codeWrong"))
        : tPlural("codeWrongTries", error.attempts_left);
    case "otp_expired":
      return t("codeExpired");
    case "otp_locked":
      return t("codeLocked");
    case "rate_limited":
      return t("tooManyRequests", { wait: formatWait(result.retryAfterSeconds ?? 60) });
    case "unauthorized":
      return t("sessionExpired");
    case "forbidden":
      // The visitor's endpoints refuse a proved address only when it is blocked.
      return t("addressBlocked");
    case "rating_token_invalid":
      return t("ratingLinkInvalid");
    case "rating_token_used":
      return t("ratingAlreadySent");
    case "rating_token_expired":
      return t("ratingLinkExpired");
    case "unavailable":
    case "internal":
      return t("serverError");
  }
  return null;
}

/** What the widget says when a call fails: no answer, a server fault, or the server's refusal. */
export function callFailureWords(result: FailedCall): string {
  if (result.status === 0) return t("unreachable");
  if (result.status === 429) {
    return t("tooManyRequests", { wait: formatWait(result.retryAfterSeconds ?? 60) });
  }
  if (result.status >= 500) return t("serverError");
  return byCode(result) ?? serverWordsOr(result.error.message, () => t("requestRefused"));
}

/**
 * A field's problem as the form shows it next to its input: the widget's own words for the fields
 * it checks itself (the same rules as the server's), else the call's words.
 */
export function fieldProblemWords(
  result: FailedCall,
  field: "username" | "email" | "otp",
): string | undefined {
  const problem = result.error.fields?.[field];
  if (problem === undefined) return undefined;
  switch (field) {
    case "email":
      return serverWordsOr(problem, () => t("emailInvalid"));
    case "username":
      return serverWordsOr(problem, () => t("nameInvalid"));
    case "otp":
      return byCode(result) ?? serverWordsOr(problem, () => t("codeFormat"));
  }
}

/** Why the socket refused a message or a frame, in the visitor's language. */
export function refusalWords(code: ChatErrorCode, message: string | undefined): string {
  switch (code) {
    case "rate_limited":
      return t("sendTooFast");
    case "too_large":
      return t("sendTooLong", { max: chatLimits.typedText });
    case "chat_ended":
      return t("chatEndedUnsent");
    case "unavailable":
      return t("sendPaused");
    case "internal":
      return serverWordsOr(message, () => t("serverError"));
  }
  return serverWordsOr(message, () => t("sendRefused"));
}
