/**
 * POST /api/support/upload: one image (png, jpeg, gif or webp, at most 25 MB) as the multipart part
 * `file`. The size and type are checked here first, so a visitor never waits for an upload the
 * server will refuse.
 */
import { chatLimits, uploadAnswerSchema, uploadImageTypes } from "@hourline/contracts/chat";
import { postForm } from "~/lib/api-client";
import { failureMessage } from "./call-failure";
import { chatEndpoints } from "./chat-urls";

export type UploadOutcome =
  | { kind: "uploaded"; url: string }
  | { kind: "refused"; message: string }
  | { kind: "failed"; message: string };

const MB = 1024 * 1024;
export const uploadLimitMb = chatLimits.uploadBytes / MB;

export const uploadMessages = {
  limit: `You can send one image of up to ${uploadLimitMb} MB.`,
  tooLarge: (bytes: number) =>
    `This image is ${(bytes / MB).toFixed(1)} MB. Please choose one of up to ${uploadLimitMb} MB.`,
  tooLargeServer: `That image is larger than ${uploadLimitMb} MB. Please choose a smaller one.`,
  wrongType: "Only PNG, JPEG, GIF or WebP images can be sent.",
  unreadable: "That file could not be read as an image. Please choose another.",
} as const;

/** Checks a chosen file before any upload; undefined when it may be sent. */
export function checkImageFile(file: Pick<File, "size" | "type">): string | undefined {
  if (!(uploadImageTypes as readonly string[]).includes(file.type)) return uploadMessages.wrongType;
  if (file.size > chatLimits.uploadBytes) return uploadMessages.tooLarge(file.size);
  if (file.size === 0) return uploadMessages.unreadable;
  return undefined;
}

export async function uploadChatImage(file: File): Promise<UploadOutcome> {
  const problem = checkImageFile(file);
  if (problem) return { kind: "refused", message: problem };
  const body = new FormData();
  body.append("file", file, file.name);
  const result = await postForm(chatEndpoints.upload, body, uploadAnswerSchema);
  if (result.ok) return { kind: "uploaded", url: result.data.url };
  switch (result.status) {
    case 413:
      return { kind: "refused", message: uploadMessages.tooLargeServer };
    case 415:
      return { kind: "refused", message: uploadMessages.wrongType };
    case 400:
      return { kind: "refused", message: uploadMessages.unreadable };
    case 401:
    case 403:
      return {
        kind: "failed",
        message: "Your chat session has expired. Please verify your e-mail again.",
      };
    case 429:
      return {
        kind: "failed",
        message: "You have sent many images in a short time. Please wait a minute and try again.",
      };
  }
  return { kind: "failed", message: failureMessage(result) };
}
