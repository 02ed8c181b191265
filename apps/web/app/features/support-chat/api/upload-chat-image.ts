/**
 * POST /api/support/upload: one image (png, jpeg, gif or webp, at most 25 MB) as the multipart part
 * `file`, checked in the browser first (lib/live-chat/image-upload.ts).
 */
import { uploadImage, type ImageUploadOutcome } from "~/lib/live-chat/image-upload";
import { failureMessage } from "./call-failure";
import { t } from "../i18n/chat-language";
import { sharedWords } from "../i18n/shared-words";
import { chatEndpoints } from "./chat-urls";

export async function uploadChatImage(file: File): Promise<ImageUploadOutcome> {
  const outcome = await uploadImage(chatEndpoints.upload, file, undefined, sharedWords().upload);
  if (outcome.kind !== "error") return outcome;
  const { result } = outcome;
  switch (result.status) {
    case 401:
    case 403:
      return { kind: "failed", message: t("sessionExpired") };
    case 429:
      return { kind: "failed", message: t("tooManyImages") };
  }
  return { kind: "failed", message: failureMessage(result) };
}
