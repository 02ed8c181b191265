/**
 * POST /api/client/verify_otp: proves the e-mail with the code; the answer sets the chat session
 * cookie. A wrong, expired, replaced or locked code each get their own message.
 */
import { okSchema } from "@hourline/contracts/api-error";
import { postJson } from "~/lib/api-client";
import { t } from "../i18n/chat-language";
import { failureMessage } from "./call-failure";
import { fieldProblemWords } from "./error-words";
import { chatEndpoints } from "./chat-urls";

export type VerifyCodeOutcome =
  | { kind: "verified" }
  /** The code is wrong; the visitor may try again. */
  | { kind: "wrong"; message: string }
  /** The code no longer works (expired, used, replaced or locked): a new one is needed. */
  | { kind: "needs_new_code"; message: string }
  | { kind: "rate_limited"; seconds: number | undefined }
  | { kind: "failed"; message: string };

/** The code's own refusals, in the visitor's language. */
export const codeMessages = {
  get wrong() {
    return t("codeWrong");
  },
  get expired() {
    return t("codeExpired");
  },
  get locked() {
    return t("codeLocked");
  },
};

export async function verifyChatCode(email: string, otp: string): Promise<VerifyCodeOutcome> {
  const result = await postJson(chatEndpoints.verifyCode, { email, otp }, okSchema);
  if (result.ok) return { kind: "verified" };
  if (result.status === 429) return { kind: "rate_limited", seconds: result.retryAfterSeconds };
  switch (result.error.code) {
    case "otp_invalid":
      // Says how many tries are left when the server counts them.
      return { kind: "wrong", message: failureMessage(result) };
    case "otp_expired":
    case "otp_locked":
      return { kind: "needs_new_code", message: failureMessage(result) };
  }
  if (result.status === 400) {
    return {
      kind: "wrong",
      message: fieldProblemWords(result, "otp") ?? failureMessage(result),
    };
  }
  return { kind: "failed", message: failureMessage(result) };
}
