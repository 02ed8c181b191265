/** POST /api/agent/conversations/{id}/upload: an image the agent sends into an open chat. */
import { uploadImage } from "~/lib/live-chat/image-upload";
import { failureMessage, reportIfSessionLost } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export type ReplyImageOutcome =
  { kind: "uploaded"; url: string } | { kind: "refused"; message: string };

export async function uploadReplyImage(
  conversationId: number,
  file: File,
): Promise<ReplyImageOutcome> {
  const outcome = await uploadImage(consoleEndpoints.upload(conversationId), file);
  if (outcome.kind !== "error") return outcome;
  reportIfSessionLost(outcome.result);
  if (outcome.result.status === 409) {
    return { kind: "refused", message: "This chat has ended, so no more images can be sent." };
  }
  if (outcome.result.status === 429) {
    return {
      kind: "refused",
      message: "Many images were sent from here in a short time. Please wait a minute.",
    };
  }
  return { kind: "refused", message: failureMessage(outcome.result) };
}
