/**
 * POST /api/support/check_chat_email: whether THIS browser's chat session has already proved the
 * e-mail (is_verify false shows the "Verify Email" link).
 */
import { checkChatEmailAnswerSchema } from "@hourline/contracts/chat-api";
import { postJson } from "~/lib/api-client";
import { failureMessage } from "./call-failure";
import { chatEndpoints } from "./chat-urls";

export type CheckEmailOutcome =
  { kind: "verified" } | { kind: "unverified" } | { kind: "failed"; message: string };

export async function checkChatEmail(email: string): Promise<CheckEmailOutcome> {
  const result = await postJson(chatEndpoints.checkEmail, { email }, checkChatEmailAnswerSchema);
  if (result.ok) return { kind: result.data.is_verify ? "verified" : "unverified" };
  return { kind: "failed", message: failureMessage(result) };
}
