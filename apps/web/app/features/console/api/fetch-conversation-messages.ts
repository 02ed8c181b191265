/**
 * GET /api/agent/conversations/{id}/messages?after=ID: oldest first, a page at a time. Fetching
 * marks nothing read (the console marks what the agent saw with markRead). Pages are followed until
 * one comes back short, so a long conversation arrives whole.
 */
import { chatMessageListSchema, type ChatMessage } from "@hourline/contracts/chat-message";
import { conversationMessagesPerPage } from "@hourline/contracts/console";
import type { ApiResult } from "~/lib/api-client";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export async function fetchConversationMessages(
  id: number,
  after?: number,
): Promise<ApiResult<ChatMessage[]>> {
  const all: ChatMessage[] = [];
  let cursor = after;
  for (;;) {
    const result = await consoleApi.get(
      consoleEndpoints.messages(id, cursor),
      chatMessageListSchema,
    );
    if (!result.ok) return result;
    all.push(...result.data);
    const last = result.data.at(-1);
    if (result.data.length < conversationMessagesPerPage || !last)
      return { ok: true, status: 200, data: all };
    cursor = last.id;
  }
}
