/** POST /api/agent/logout: ends this session on the server and its sockets, clears the cookie. */
import { okSchema } from "@hourline/contracts/api-error";
import { postJson, type ApiResult } from "~/lib/api-client";
import { consoleEndpoints } from "./console-urls";

export function signOut(): Promise<ApiResult<{ status: 200 }>> {
  return postJson(consoleEndpoints.logout, {}, okSchema);
}
