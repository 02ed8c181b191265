/**
 * GET /api/agent/me: who is signed in. Not watched for lost sessions: a 401 here is the ordinary
 * answer for someone who has not signed in yet. The first call takes the request the console's
 * document sent at start-up (early-session-request.ts).
 */
import { agentAnswerSchema } from "@hourline/contracts/console";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import { getJson, readJson } from "~/lib/api-client";
import { failureMessage } from "./console-client";
import { consoleEndpoints } from "./console-urls";
import { takeEarlySessionRequest } from "./early-session-request";

export type MeOutcome =
  | { kind: "signed-in"; agent: AgentProfile }
  | { kind: "signed-out" }
  | { kind: "failed"; message: string };

export async function fetchMe(): Promise<MeOutcome> {
  const early = takeEarlySessionRequest();
  const result = early
    ? await readJson(early, agentAnswerSchema)
    : await getJson(consoleEndpoints.me, agentAnswerSchema);
  if (result.ok) return { kind: "signed-in", agent: result.data.agent };
  if (result.status === 401) return { kind: "signed-out" };
  return { kind: "failed", message: failureMessage(result) };
}
