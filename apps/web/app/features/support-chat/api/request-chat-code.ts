/**
 * POST /api/support/otp_generate_chat: e-mails a 6-digit code. The server holds a resend
 * cooldown (oneTimeCodeTiming) and hourly caps, answered with 429 and Retry-After.
 */
import { okSchema } from "@hourline/contracts/api-error";
import { oneTimeCodeTiming } from "@hourline/contracts/chat-api";
import type { ChatLanguage } from "@hourline/contracts/chat-languages";
import { postJson } from "~/lib/api-client";
import { failureMessage } from "./call-failure";
import { fieldProblemWords } from "./error-words";
import { chatEndpoints } from "./chat-urls";

/** The server's resend cooldown, so the form can count it down without asking. */
export const RESEND_COOLDOWN_SECONDS = oneTimeCodeTiming.resendCooldownMs / 1000;

export type RequestCodeOutcome =
  | { kind: "sent" }
  | { kind: "cooldown"; seconds: number }
  | { kind: "invalid"; message: string }
  | { kind: "failed"; message: string };

/** `language` is the widget's: the code mail is written in it. */
export async function requestChatCode(
  email: string,
  language?: ChatLanguage,
): Promise<RequestCodeOutcome> {
  const body = language ? { email, language } : { email };
  const result = await postJson(chatEndpoints.requestCode, body, okSchema);
  if (result.ok) return { kind: "sent" };
  if (result.status === 429) {
    return { kind: "cooldown", seconds: result.retryAfterSeconds ?? RESEND_COOLDOWN_SECONDS };
  }
  if (result.status === 400) {
    return {
      kind: "invalid",
      message: fieldProblemWords(result, "email") ?? failureMessage(result),
    };
  }
  return { kind: "failed", message: failureMessage(result) };
}
