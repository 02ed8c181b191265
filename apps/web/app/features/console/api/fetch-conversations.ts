/**
 * GET /api/agent/conversations?state=&before=&q=: one page of a view (open, ended or missed),
 * newest activity first, searched when `q` is given; `order=waiting&cursor=` pages the open
 * queue in the server's order; GET /api/agent/conversations/counts: how
 * many each view holds.
 */
import { conversationSummaryListSchema } from "@hourline/contracts/console-inbox";
import { conversationCountsSchema, type ConversationView } from "@hourline/contracts/console-team";
import { consoleApi } from "./console-client";
import { consoleEndpoints, type ConversationPage } from "./console-urls";

export function fetchConversations(view: ConversationView, page: ConversationPage = {}) {
  return consoleApi.get(consoleEndpoints.conversations(view, page), conversationSummaryListSchema);
}

export function fetchConversationCounts() {
  return consoleApi.get(consoleEndpoints.conversationCounts, conversationCountsSchema);
}
