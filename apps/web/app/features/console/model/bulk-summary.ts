/**
 * What a bulk action did, in one sentence for the agent: how many chats were done, and how many
 * were not and why (another agent may have acted on them between the selection and the request).
 */
import type { BulkAction, BulkActionAnswer } from "@hourline/contracts/console-hygiene";

export interface BulkCounts {
  done: number;
  not_found: number;
  chat_ended: number;
  conflict: number;
}

export function bulkCounts(answer: Pick<BulkActionAnswer, "results">): BulkCounts {
  const counts: BulkCounts = { done: 0, not_found: 0, chat_ended: 0, conflict: 0 };
  for (const r of answer.results) {
    if (r.ok) counts.done += 1;
    // A refusal without a code is still a refusal: counted with the ones the server refused.
    else counts[r.code ?? "conflict"] += 1;
  }
  return counts;
}

const chats = (n: number) => `${n} ${n === 1 ? "chat" : "chats"}`;

/** "Ended 3 chats. 1 had ended already." — `to` names the agent an assignment went to. */
export function bulkSummary(
  action: BulkAction,
  counts: BulkCounts,
  to: string | null = null,
): string {
  const done =
    action === "end"
      ? `Ended ${chats(counts.done)}.`
      : to === null
        ? `Unassigned ${chats(counts.done)}.`
        : `Assigned ${chats(counts.done)} to ${to}.`;
  const notDone = [
    counts.not_found > 0 ? `${counts.not_found} no longer existed` : null,
    counts.chat_ended > 0
      ? `${counts.chat_ended} had ended ${action === "end" ? "already" : "before"}`
      : null,
    counts.conflict > 0 ? `${counts.conflict} could not be changed` : null,
  ].filter((part): part is string => part !== null);
  return notDone.length ? `${done} Not done: ${notDone.join(", ")}.` : done;
}
