/**
 * /api/agent/canned-replies: the team's saved answers. Listed sorted by title; any agent may add,
 * change or remove one.
 */
import { okSchema } from "@hourline/contracts/api-error";
import {
  cannedReplyAnswerSchema,
  cannedReplyListSchema,
  type CannedReplyBody,
} from "@hourline/contracts/console";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export function fetchCannedReplies() {
  return consoleApi.get(consoleEndpoints.cannedReplies, cannedReplyListSchema);
}

/** Creates a reply, or changes reply `id`. */
export function saveCannedReply(body: CannedReplyBody, id?: number) {
  return id === undefined
    ? consoleApi.post(consoleEndpoints.cannedReplies, body, cannedReplyAnswerSchema)
    : consoleApi.patch(consoleEndpoints.cannedReply(id), body, cannedReplyAnswerSchema);
}

export function deleteCannedReply(id: number) {
  return consoleApi.delete(consoleEndpoints.cannedReply(id), okSchema);
}
