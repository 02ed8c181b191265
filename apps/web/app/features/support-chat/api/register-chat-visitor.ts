/**
 * POST /api/support/register: opens the visitor's conversation, or resumes the open one. Needs the
 * session of a proved e-mail; without it (401) or with another e-mail's (403) the visitor verifies
 * again.
 */
import { chatUserSchema, type ChatUser, type RegisterBody } from "@hourline/contracts/chat-api";
import { postJson } from "~/lib/api-client";
import { failureMessage } from "./call-failure";
import { fieldProblemWords } from "./error-words";
import { chatEndpoints } from "./chat-urls";

export type RegisterOutcome =
  | { kind: "registered"; user: ChatUser }
  | { kind: "unverified" }
  | { kind: "invalid"; fields: Record<string, string>; message: string }
  | { kind: "failed"; message: string };

export async function registerChatVisitor(body: RegisterBody): Promise<RegisterOutcome> {
  const result = await postJson(chatEndpoints.register, body, chatUserSchema);
  if (result.ok) return { kind: "registered", user: result.data };
  if (result.status === 401 || result.status === 403) return { kind: "unverified" };
  if (result.status === 400) {
    const fields: Record<string, string> = {};
    for (const field of ["username", "email"] as const) {
      const words = fieldProblemWords(result, field);
      if (words !== undefined) fields[field] = words;
    }
    return { kind: "invalid", fields, message: failureMessage(result) };
  }
  return { kind: "failed", message: failureMessage(result) };
}
