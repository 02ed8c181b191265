/**
 * The team route (`/console/team`, not a screen): what the inbox's controls load and submit
 * through fetchers. Its loader is the team by name with each one's availability (for "Assigned
 * to", the bulk bar and the agent's own status); its action is what an agent does to
 * conversations (assign, reopen, mark a missed chat handled, add a note or an e-mail answer, bulk
 * end or assign, block a visitor) and to their own place in the team (online or away, sign out).
 */
import type { BulkActionBody } from "@hourline/contracts/console-hygiene";
import type { AgentStatus } from "@hourline/contracts/console-team";
import {
  addNote,
  answerByEmail,
  assignConversation,
  fetchTeam,
  markMissedHandled,
  reopenConversation,
} from "../api/conversation-team";
import { blockVisitor, bulkAction, setMyStatus } from "../api/hygiene";
import { signOut } from "../api/sign-out";
import { readSubmission, toLoad, toOutcome } from "./screen-data";

export type TeamSubmission =
  | { intent: "assign"; id: number; agentId: number | null }
  | { intent: "reopen"; id: number }
  | { intent: "handled"; id: number }
  | { intent: "note"; id: number; body: string }
  /** `clientId` stays the same when the same answer is sent again, so it is mailed once. */
  | { intent: "email-answer"; id: number; body: string; clientId: string }
  | { intent: "bulk"; bulk: BulkActionBody }
  | { intent: "block"; email: string }
  | { intent: "status"; status: AgentStatus }
  /** Ends the session on the server (its sockets too); the console closes its own first. */
  | { intent: "sign-out" };

export const loadTeam = async () => toLoad(await fetchTeam());

export async function teamAction(request: Request) {
  const submission = await readSubmission<TeamSubmission>(request);
  switch (submission.intent) {
    case "assign":
      return toOutcome(await assignConversation(submission.id, submission.agentId));
    case "reopen":
      return toOutcome(await reopenConversation(submission.id));
    case "handled":
      return toOutcome(await markMissedHandled(submission.id));
    case "note":
      return toOutcome(await addNote(submission.id, submission.body));
    case "email-answer":
      return toOutcome(await answerByEmail(submission.id, submission.body, submission.clientId));
    case "bulk":
      return toOutcome(await bulkAction(submission.bulk));
    case "block":
      return toOutcome(await blockVisitor(submission.email));
    case "status":
      return toOutcome(await setMyStatus(submission.status));
    case "sign-out":
      return toOutcome(await signOut());
  }
}
