/**
 * GET /api/agent/me: who is signed in. Not watched for lost sessions: a 401 here is the ordinary
 * answer for someone who has not signed in yet. The first call takes the request the console's
 * document sent at start-up (early-session-request.ts).
 */
import { meAnswerSchema } from "@hourline/contracts/console";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { AgentStatus } from "@hourline/contracts/console-team";
import { getJson, readJson } from "~/lib/api-client";
import { failureMessage } from "./console-client";
import { consoleEndpoints } from "./console-urls";
import { takeEarlySessionRequest } from "./early-session-request";

export type MeOutcome =
  /** `status`: online or away, as the agent chose it. */
  | { kind: "signed-in"; agent: AgentProfile; status: AgentStatus }
  | { kind: "signed-out" }
  | { kind: "failed"; message: string };

export async function fetchMe(): Promise<MeOutcome> {
  const early = takeEarlySessionRequest();
  const result = early
    ? await readJson(early, meAnswerSchema)
    : await getJson(consoleEndpoints.me, meAnswerSchema);
  if (result.ok) {
    return { kind: "signed-in", agent: result.data.agent, status: result.data.agent_status };
  }
  if (result.status === 401) return { kind: "signed-out" };
  return { kind: "failed", message: failureMessage(result) };
}
