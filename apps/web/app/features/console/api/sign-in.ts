/**
 * POST /api/agent/login. Not watched for lost sessions: a 401 here is a wrong pair, answered with
 * the server's one generic message; a 429 names how long to wait.
 */
import { describeRetryAfter } from "@hourline/contracts/api-error";
import { agentAnswerSchema } from "@hourline/contracts/console";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import { postJson } from "~/lib/api-client";
import { failureMessage } from "./console-client";
import { consoleEndpoints } from "./console-urls";
import { takeEarlySessionRequest } from "./early-session-request";

export type SignInOutcome =
  | { kind: "signed-in"; agent: AgentProfile }
  | { kind: "refused"; status: number; message: string; fields?: Record<string, string> }
  | { kind: "rate-limited"; message: string; retryAfterSeconds: number };

export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const result = await postJson(consoleEndpoints.login, { email, password }, agentAnswerSchema);
  if (result.ok) {
    // The answer asked at start-up (nobody signed in) no longer holds; when the sign-in page did
    // not take it (sent here by the console, then reloaded), the console must not take it either.
    void takeEarlySessionRequest();
    return { kind: "signed-in", agent: result.data.agent };
  }
  if (result.status === 429) {
    const seconds = result.retryAfterSeconds ?? 60;
    return {
      kind: "rate-limited",
      message: `Too many sign-in attempts. Please try again in ${describeRetryAfter(seconds)}.`,
      retryAfterSeconds: seconds,
    };
  }
  return {
    kind: "refused",
    status: result.status,
    // Here a 401 is the server's one message for a wrong pair, not an ended session.
    message: result.status === 401 ? result.error.message : failureMessage(result),
    ...(result.error.fields ? { fields: result.error.fields } : {}),
  };
}
