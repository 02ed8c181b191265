/**
 * What agents do to a conversation as a team: its internal notes and e-mail answers (read, add),
 * answering a missed chat by e-mail or marking it handled, assigning it, reopening it.
 */
import { okSchema } from "@hourline/contracts/api-error";
import {
  agentEntryAnswerSchema,
  agentEntryListSchema,
  teamListSchema,
} from "@hourline/contracts/console-team";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function fetchAgentEntries(id: number) {
  return consoleApi.get(consoleEndpoints.entries(id), agentEntryListSchema);
}

export function addNote(id: number, body: string) {
  return consoleApi.post(consoleEndpoints.notes(id), { body }, agentEntryAnswerSchema);
}

/** `clientId` stays the same when the same answer is sent again, so it is mailed once. */
export function answerByEmail(id: number, body: string, clientId: string) {
  return consoleApi.post(
    consoleEndpoints.emailAnswer(id),
    { body, client_id: clientId },
    agentEntryAnswerSchema,
  );
}

export function markMissedHandled(id: number) {
  return consoleApi.post(consoleEndpoints.handled(id), {}, okSchema);
}

export function assignConversation(id: number, agentId: number | null) {
  return consoleApi.post(consoleEndpoints.assign(id), { agent_id: agentId }, okSchema);
}

export function reopenConversation(id: number) {
  return consoleApi.post(consoleEndpoints.reopen(id), {}, okSchema);
}

export function fetchTeam() {
  return consoleApi.get(consoleEndpoints.team, teamListSchema);
}
