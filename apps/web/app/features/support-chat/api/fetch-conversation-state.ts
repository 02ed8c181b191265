/** GET /api/support/conversations/{id}: whether the conversation is still open, after a reconnect. */
import { conversationStateSchema, type ConversationState } from "@hourline/contracts/chat-api";
import { getJson } from "~/lib/api-client";
import { conversationUrl } from "./chat-urls";

export type FetchStateOutcome =
  | { kind: "state"; conversation: ConversationState }
  | { kind: "unauthorized" }
  | { kind: "failed" };

export async function fetchConversationState(id: number): Promise<FetchStateOutcome> {
  const result = await getJson(conversationUrl(id), conversationStateSchema);
  if (result.ok) return { kind: "state", conversation: result.data };
  if (result.status === 401 || result.status === 403) return { kind: "unauthorized" };
  return { kind: "failed" };
}
