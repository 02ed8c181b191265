/** GET /api/agent/conversations/{id}: the summary, the visitor and their other conversations. */
import { conversationDetailAnswerSchema } from "@hourline/contracts/console";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function fetchConversation(id: number) {
  return consoleApi.get(consoleEndpoints.conversation(id), conversationDetailAnswerSchema);
}
