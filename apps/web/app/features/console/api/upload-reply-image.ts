/** POST /api/agent/conversations/{id}/upload: an image the agent sends into an open chat. */
import { uploadImage, type ImageUploadOutcome } from "~/lib/live-chat/image-upload";
import { consoleApi, failureMessage } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export async function uploadReplyImage(
  conversationId: number,
  file: File,
): Promise<ImageUploadOutcome> {
  // Through the console's client, like every other call: a 401 tells the console the session ended.
  const outcome = await uploadImage(
    consoleEndpoints.upload(conversationId),
    file,
    consoleApi.postForm,
  );
  if (outcome.kind !== "error") return outcome;
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
