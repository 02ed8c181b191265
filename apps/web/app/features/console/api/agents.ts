/**
 * /api/agent/agents, for admins: the team's accounts, adding one, changing one (name, role,
 * disabled) and setting a new password for one. Disabling or a new password ends that agent's
 * sessions at once.
 */
import { okSchema } from "@hourline/contracts/api-error";
import {
  agentAccountAnswerSchema,
  agentAccountListSchema,
  type CreateAgentBody,
  type UpdateAgentBody,
} from "@hourline/contracts/console";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function fetchAgents() {
  return consoleApi.get(consoleEndpoints.agents, agentAccountListSchema);
}

export function createAgent(body: CreateAgentBody) {
  return consoleApi.post(consoleEndpoints.agents, body, agentAccountAnswerSchema);
}

export function updateAgent(id: number, change: UpdateAgentBody) {
  return consoleApi.patch(consoleEndpoints.agent(id), change, agentAccountAnswerSchema);
}

export function resetAgentPassword(id: number, password: string) {
  return consoleApi.post(consoleEndpoints.agentPassword(id), { password }, okSchema);
}
