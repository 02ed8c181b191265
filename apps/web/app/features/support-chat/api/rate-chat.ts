/** POST /api/support/rating: the visitor's score (1 to 5) and comment for a chat that ended. */
import { okSchema } from "@hourline/contracts/api-error";
import { postJson } from "~/lib/api-client";
import { failureMessage } from "./call-failure";
import { chatEndpoints } from "./chat-urls";

export async function rateChat(
  token: string,
  score: number,
  comment: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const result = await postJson(
    chatEndpoints.rating,
    { rating_token: token, score, ...(comment.trim() ? { comment: comment.trim() } : {}) },
    okSchema,
  );
  return result.ok ? { ok: true } : { ok: false, message: failureMessage(result) };
}
