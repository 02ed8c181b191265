/** A conversation's messages, as the visitor's history and the console read them. */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { Kysely } from "kysely";
import { toChatMessage } from "../chat/chat-message-row";
import type { Database } from "../db/schema";
import { listMessageRowsAfter } from "./chat-conversations";

/** Messages after `afterId`, oldest first, at most `limit`. */
export async function listMessagesAfter(
  db: Kysely<Database>,
  conversationId: number,
  { afterId = 0, limit = 1000 }: { afterId?: number; limit?: number } = {},
): Promise<ChatMessage[]> {
  const rows = await listMessageRowsAfter(db, conversationId, { afterId, limit });
  return rows.map(toChatMessage);
}
