/**
 * A chat image (png, jpeg, gif or webp, at most 25 MB), checked in the browser before any upload so
 * nobody waits for an upload the server will refuse, and the server's refusals in words. The
 * visitor's widget and the agents' console upload to different endpoints with the same rules.
 */
import { chatLimits, uploadImageTypes } from "@hourline/contracts/chat-message";
import { uploadAnswerSchema } from "@hourline/contracts/chat-api";
import { postForm, type ApiResult } from "~/lib/api-client";

/** What an upload came to, in words for whoever chose the image: what each client answers. */
export type ImageUploadOutcome =
  | { kind: "uploaded"; url: string }
  /** The image itself, or sending it into this chat, was refused. */
  | { kind: "refused"; message: string }
  /** Anything else went wrong (session, rate limit, network). */
  | { kind: "failed"; message: string };

/** An upload as uploadImage answers it, before the client words what is left to it. */
export type UploadAttempt =
  | { kind: "uploaded"; url: string }
  /** The image itself was refused: the words say why. */
  | { kind: "refused"; message: string }
  /** Anything else (session, rate limit, network): the caller words it. */
  | { kind: "error"; result: Extract<ApiResult<unknown>, { ok: false }> };

/** How the multipart request is made: the site's client, or one that watches the answers. */
export type PostForm = typeof postForm;

const MB = 1024 * 1024;
export const uploadLimitMb = chatLimits.uploadBytes / MB;

/** What the checks say: English in the console; the widget passes its active language's. */
export interface UploadMessages {
  limit: string;
  tooLarge: (bytes: number) => string;
  tooLargeServer: string;
  wrongType: string;
  unreadable: string;
}

export const uploadMessages: UploadMessages = {
  limit: `You can send one image of up to ${uploadLimitMb} MB.`,
  tooLarge: (bytes: number) =>
    `This image is ${(bytes / MB).toFixed(1)} MB. Please choose one of up to ${uploadLimitMb} MB.`,
  tooLargeServer: `That image is larger than ${uploadLimitMb} MB. Please choose a smaller one.`,
  wrongType: "Only PNG, JPEG, GIF or WebP images can be sent.",
  unreadable: "That file could not be read as an image. Please choose another.",
};

/** Checks a chosen file before any upload; undefined when it may be sent. */
export function checkImageFile(
  file: Pick<File, "size" | "type">,
  messages: UploadMessages = uploadMessages,
): string | undefined {
  if (!(uploadImageTypes as readonly string[]).includes(file.type)) return messages.wrongType;
  if (file.size > chatLimits.uploadBytes) return messages.tooLarge(file.size);
  if (file.size === 0) return messages.unreadable;
  return undefined;
}

/**
 * Uploads one checked image as the multipart part `file`, through `post` (the console passes its
 * own, which notices a lost session). Refusals about the image itself are answered here; every
 * other failure (session, rate limit, network) is left to the caller's words.
 */
export async function uploadImage(
  endpoint: string,
  file: File,
  post: PostForm = postForm,
  messages: UploadMessages = uploadMessages,
): Promise<UploadAttempt> {
  const problem = checkImageFile(file, messages);
  if (problem) return { kind: "refused", message: problem };
  const body = new FormData();
  body.append("file", file, file.name);
  const result = await post(endpoint, body, uploadAnswerSchema);
  if (result.ok) return { kind: "uploaded", url: result.data.url };
  switch (result.status) {
    case 413:
      return { kind: "refused", message: messages.tooLargeServer };
    case 415:
      return { kind: "refused", message: messages.wrongType };
    case 400:
      return { kind: "refused", message: messages.unreadable };
  }
  return { kind: "error", result };
}
