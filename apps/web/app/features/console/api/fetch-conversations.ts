/** GET /api/agent/conversations?state=open|ended: newest activity first, up to 200. */
import { conversationSummaryListSchema } from "@hourline/contracts/console-inbox";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function fetchConversations(state: "open" | "ended") {
  return consoleApi.get(consoleEndpoints.conversations(state), conversationSummaryListSchema);
}
