/**
 * GET /api/agent/conversations/{id}/messages?after=ID: oldest first, a page at a time (the server
 * marks what it returns as read). Pages are followed until one comes back short, so a long
 * conversation arrives whole.
 */
import { chatMessageListSchema, type ChatMessage } from "@hourline/contracts/chat";
import type { ApiResult } from "~/lib/api-client";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

/** The server's page size (agentInboxLimits.messagesPerPage). */
const PAGE = 1000;

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
    if (result.data.length < PAGE || !last) return { ok: true, status: 200, data: all };
    cursor = last.id;
  }
}
