/**
 * The agent's availability, the team's routing settings, bulk actions on chats and blocking a
 * visitor's address.
 */
import { okSchema } from "@hourline/contracts/api-error";
import {
  blockAnswerSchema,
  blockedVisitorListSchema,
  bulkActionAnswerSchema,
  routingSettingsAnswerSchema,
  type BulkActionBody,
  type RoutingSettings,
} from "@hourline/contracts/console-hygiene";
import { agentStatusAnswerSchema, type AgentStatus } from "@hourline/contracts/console-team";
import { consoleApi } from "./console-client";

export const hygieneEndpoints = {
  myStatus: "/api/agent/me/status",
  routing: "/api/agent/settings/routing",
  bulk: "/api/agent/conversations/bulk",
  blocked: "/api/agent/blocked-visitors",
  blockedOne: (email: string) => `/api/agent/blocked-visitors/${encodeURIComponent(email)}`,
} as const;

export function setMyStatus(status: AgentStatus) {
  return consoleApi.put(hygieneEndpoints.myStatus, { status }, agentStatusAnswerSchema);
}

export function fetchRoutingSettings() {
  return consoleApi.get(hygieneEndpoints.routing, routingSettingsAnswerSchema);
}

export function saveRoutingSettings(settings: RoutingSettings) {
  return consoleApi.put(hygieneEndpoints.routing, settings, routingSettingsAnswerSchema);
}

export function bulkAction(body: BulkActionBody) {
  return consoleApi.post(hygieneEndpoints.bulk, body, bulkActionAnswerSchema);
}

export function blockVisitor(email: string) {
  return consoleApi.post(hygieneEndpoints.blocked, { email }, blockAnswerSchema);
}

export function fetchBlockedVisitors() {
  return consoleApi.get(hygieneEndpoints.blocked, blockedVisitorListSchema);
}

export function unblockVisitor(email: string) {
  return consoleApi.delete(hygieneEndpoints.blockedOne(email), okSchema);
}
