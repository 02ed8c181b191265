/** GET /api/agent/contact-messages?q=&filter=: newest first, up to 200, searched on the server. */
import { contactMessageSummaryListSchema } from "@hourline/contracts/console-inbox";
import type { ContactFilter } from "@hourline/contracts/console";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function fetchContactMessages(query: { q?: string; filter?: ContactFilter } = {}) {
  return consoleApi.get(consoleEndpoints.contactMessages(query), contactMessageSummaryListSchema);
}
