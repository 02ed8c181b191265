/**
 * GET /api/agent/conversations?state=&before=&q=: one page of a view (open, ended or missed),
 * newest activity first, searched when `q` is given; GET /api/agent/conversations/counts: how
 * many each view holds.
 */
import { conversationSummaryListSchema } from "@hourline/contracts/console-inbox";
import { conversationCountsSchema, type ConversationView } from "@hourline/contracts/console-team";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function fetchConversations(
  view: ConversationView,
  page: { before?: number | undefined; q?: string | undefined } = {},
) {
  return consoleApi.get(consoleEndpoints.conversations(view, page), conversationSummaryListSchema);
}

export function fetchConversationCounts() {
  return consoleApi.get(consoleEndpoints.conversationCounts, conversationCountsSchema);
}
