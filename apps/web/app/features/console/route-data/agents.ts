/** The Agents screen's data (admins only) and what it submits: add, change, new password. */
import type { CreateAgentBody, UpdateAgentBody } from "@hourline/contracts/console";
import { createAgent, fetchAgents, resetAgentPassword, updateAgent } from "../api/agents";
import { adminOnly, readSubmission, toOutcome } from "./screen-data";

export type AgentsSubmission =
  | { intent: "create"; agent: CreateAgentBody }
  | { intent: "update"; id: number; change: UpdateAgentBody }
  | { intent: "password"; id: number; password: string };

export const loadAgents = () => adminOnly(fetchAgents);

export async function agentsAction(request: Request) {
  const submission = await readSubmission<AgentsSubmission>(request);
  switch (submission.intent) {
    case "create":
      return toOutcome(await createAgent(submission.agent));
    case "update":
      return toOutcome(await updateAgent(submission.id, submission.change));
    case "password":
      return toOutcome(await resetAgentPassword(submission.id, submission.password));
  }
}
