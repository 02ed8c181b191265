/** The Canned replies screen's data and what it submits: save (add or change) and remove. */
import type { CannedReplyBody } from "@hourline/contracts/console";
import { deleteCannedReply, fetchCannedReplies, saveCannedReply } from "../api/canned-replies";
import { readSubmission, toLoad, toOutcome } from "./screen-data";

export type CannedRepliesSubmission =
  { intent: "save"; reply: CannedReplyBody; id?: number } | { intent: "remove"; id: number };

export const loadCannedReplies = async () => toLoad(await fetchCannedReplies());

export async function cannedRepliesAction(request: Request) {
  const submission = await readSubmission<CannedRepliesSubmission>(request);
  if (submission.intent === "save") {
    return toOutcome(await saveCannedReply(submission.reply, submission.id));
  }
  const result = await deleteCannedReply(submission.id);
  // Gone either way: someone else may have removed it a moment ago.
  if (!result.ok && result.status === 404) return { ok: true as const, data: { status: 200 } };
  return toOutcome(result);
}
