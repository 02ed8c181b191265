/**
 * POST /api/client/verify_otp: proves the e-mail with the code; the answer sets the chat session
 * cookie. A wrong, expired, replaced or locked code each get their own message.
 */
import { okSchema } from "@hourline/contracts/api-error";
import { postJson } from "~/lib/api-client";
import { failureMessage } from "./call-failure";
import { chatEndpoints } from "./chat-urls";

export type VerifyCodeOutcome =
  | { kind: "verified" }
  /** The code is wrong; the visitor may try again. */
  | { kind: "wrong"; message: string }
  /** The code no longer works (expired, used, replaced or locked): a new one is needed. */
  | { kind: "needs_new_code"; message: string }
  | { kind: "rate_limited"; seconds: number | undefined }
  | { kind: "failed"; message: string };

export const codeMessages = {
  wrong: "That code is not right. Check the 6 digits in the latest e-mail and try again.",
  expired: "This code has expired or was replaced by a newer one. Please ask for a new code.",
  locked: "Too many wrong tries, so this code no longer works. Please ask for a new code.",
} as const;

export async function verifyChatCode(email: string, otp: string): Promise<VerifyCodeOutcome> {
  const result = await postJson(chatEndpoints.verifyCode, { email, otp }, okSchema);
  if (result.ok) return { kind: "verified" };
  if (result.status === 429) return { kind: "rate_limited", seconds: result.retryAfterSeconds };
  switch (result.error.code) {
    case "otp_invalid":
      // The server's message says how many tries are left.
      return { kind: "wrong", message: result.error.fields?.otp ?? codeMessages.wrong };
    case "otp_expired":
      return { kind: "needs_new_code", message: codeMessages.expired };
    case "otp_locked":
      return { kind: "needs_new_code", message: codeMessages.locked };
  }
  if (result.status === 400) {
    return { kind: "wrong", message: result.error.fields?.otp ?? result.error.message };
  }
  return { kind: "failed", message: failureMessage(result) };
}
