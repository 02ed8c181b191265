/**
 * Receiving one chat image as multipart/form-data, for the visitor's upload and the agent's: the
 * multipart parser scoped to the route's plugin with tight limits, and the parts read so that
 * exactly one file part named `file` is processed (chat/image-upload.ts: byte cap while streaming,
 * magic bytes, pixel cap, re-encoding). Every refusal is an answer in the API's words, never a 500.
 */
import multipart from "@fastify/multipart";
import type { ApiErrorCode } from "@hourline/contracts/api-error";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ConcurrencyGate } from "../../chat/concurrency-gate";
import { ImageUploadError, processImageUpload, type ProcessedImage } from "../../chat/image-upload";
import {
  UploadConversationGoneError,
  UploadQuotaError,
  type UploadOwner,
  type UploadRecord,
  type UploadStore,
} from "../../chat/upload-store";

const exactlyOneFile = "Please send exactly one image, in the form field named file.";

/** How long a refused upload's remaining body is read and thrown away before the socket is cut. */
const refusedUploadLingerMs = 5_000;

/**
 * Scoped to the calling plugin, which holds the upload route and no other route that reads a body:
 * no other route parses multipart bodies. busboy's own file limit is one byte above ours, so our
 * count (processImageUpload) trips first and answers at once: busboy at its limit would skip, but
 * keep reading, the rest of the part before ending the stream.
 */
export async function registerImageMultipart(app: FastifyInstance, maxBytes: number) {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      files: 1,
      fileSize: maxBytes + 1,
      fields: 4,
      parts: 5,
      fieldNameSize: 100,
      fieldSize: 1024,
      headerPairs: 20,
    },
  });
}

/**
 * After refusing an upload part-way (too large, a second file, a broken part), the rest of the body
 * is still on its way. It is read and discarded, never buffered, so the client receives the answer
 * instead of a connection reset, and the connection is not left stalled (which would also hold up
 * a graceful shutdown); a client still sending after `refusedUploadLingerMs` is disconnected.
 */
function discardRestOfBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
  const timer = setTimeout(() => raw.socket?.destroy(), refusedUploadLingerMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  raw.once("end", done);
  raw.once("close", done);
}

export interface UploadRefusal {
  ok: false;
  status: number;
  code: ApiErrorCode;
  message: string;
}

/** What @fastify/multipart and busboy throw, as the API's answer. */
function multipartRefusal(error: unknown): UploadRefusal {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return { ok: false, status: 413, code: "too_large", message: "That file is too large." };
    case "FST_FILES_LIMIT":
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
    case "FST_PROTO_VIOLATION":
      return { ok: false, status: 400, code: "bad_request", message: exactlyOneFile };
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return {
        ok: false,
        status: 415,
        code: "unsupported_media_type",
        message: "Send the image as multipart/form-data.",
      };
    default:
      return {
        ok: false,
        status: 400,
        code: "bad_request",
        message: "The upload could not be read.",
      };
  }
}

/**
 * Images being read and decoded at once, and waiting for a turn, across this instance. libvips
 * already uses every core for one image; each upload holds up to 25 MB while it waits.
 */
export const imageDecoding = new ConcurrencyGate(2, 16);

/**
 * The request's one image, checked, re-encoded and stored for `owner`, or why it was refused: 409
 * when the conversation's quota is full (checked before the body is read, and again on save), 503
 * when too many images are being decoded already.
 */
export async function storeOneImage(
  request: FastifyRequest,
  store: UploadStore,
  owner: UploadOwner,
  limits: { maxBytes: number; maxPixels: number },
): Promise<{ ok: true; stored: UploadRecord } | UploadRefusal> {
  const quotaFull = (): UploadRefusal => ({
    ok: false,
    status: 409,
    code: "conflict",
    message: new UploadQuotaError().message,
  });
  if (!(await store.hasRoom(owner))) {
    discardRestOfBody(request);
    return quotaFull();
  }
  const decoded = await imageDecoding.run(() => receiveOneImage(request, limits));
  if (!decoded.ran) {
    discardRestOfBody(request);
    request.log.warn("chat upload refused: too many images being processed");
    return {
      ok: false,
      status: 503,
      code: "unavailable",
      message: "We are processing many images right now. Please try again in a moment.",
    };
  }
  const received = decoded.value;
  if (!received.ok) return received;
  try {
    return { ok: true, stored: await store.save(received.image, owner) };
  } catch (error) {
    if (error instanceof UploadQuotaError) return quotaFull();
    if (error instanceof UploadConversationGoneError) {
      return { ok: false, status: 404, code: "not_found", message: error.message };
    }
    throw error;
  }
}

/** Reads the request's one image, checked and re-encoded, or says why it was refused. */
export async function receiveOneImage(
  request: FastifyRequest,
  limits: { maxBytes: number; maxPixels: number },
): Promise<{ ok: true; image: ProcessedImage } | UploadRefusal> {
  if (!request.isMultipart()) {
    return {
      ok: false,
      status: 415,
      code: "unsupported_media_type",
      message: "Send the image as multipart/form-data.",
    };
  }
  let image: ProcessedImage | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue; // fields are ignored
      if (part.fieldname !== "file" || image) {
        discardRestOfBody(request);
        return { ok: false, status: 400, code: "bad_request", message: exactlyOneFile };
      }
      image = await processImageUpload(part.file, limits);
    }
  } catch (error) {
    discardRestOfBody(request);
    if (error instanceof ImageUploadError) {
      request.log.info({ err: error.name }, "chat upload refused");
      return { ok: false, status: error.statusCode, code: error.code, message: error.message };
    }
    const refusal = multipartRefusal(error);
    request.log.info({ err: (error as Error).message }, "chat upload refused");
    return refusal;
  }
  if (!image) return { ok: false, status: 400, code: "bad_request", message: exactlyOneFile };
  return { ok: true, image };
}
