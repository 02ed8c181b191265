/** POST /api/agent/conversations/{id}/read: everything up to last_id is read, for every agent. */
import { okSchema } from "@hourline/contracts/api-error";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function markConversationRead(id: number, lastId: number) {
  return consoleApi.post(consoleEndpoints.read(id), { last_id: lastId }, okSchema);
}
