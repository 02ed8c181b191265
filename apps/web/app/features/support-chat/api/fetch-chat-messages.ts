/** GET /api/support/get_message/{email}/?after=ID: the open conversation's messages, oldest first. */
import { chatMessageListSchema, type ChatMessage } from "@hourline/contracts/chat-message";
import { getJson } from "~/lib/api-client";
import { messagesUrl } from "./chat-urls";

export type FetchMessagesOutcome =
  { kind: "messages"; messages: ChatMessage[] } | { kind: "unauthorized" } | { kind: "failed" };

export async function fetchChatMessages(
  email: string,
  afterId?: number,
): Promise<FetchMessagesOutcome> {
  const result = await getJson(messagesUrl(email, afterId), chatMessageListSchema);
  if (result.ok) return { kind: "messages", messages: result.data };
  if (result.status === 401 || result.status === 403) return { kind: "unauthorized" };
  return { kind: "failed" };
}
