/** GET /api/support/conversations/{id}: whether the conversation is still open, after a reconnect. */
import { z } from "zod/mini";
import { getJson } from "~/lib/api-client";
import { conversationUrl } from "./chat-urls";

export const conversationStateSchema = z.object({
  id: z.number(),
  state: z.enum(["open", "ended"]),
  ended_at: z.nullable(z.number()),
  ended_by: z.nullable(z.enum(["visitor", "agent"])),
  agents_online: z.optional(z.boolean()),
});
export type ConversationState = z.infer<typeof conversationStateSchema>;

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
