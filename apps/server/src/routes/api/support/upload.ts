/**
 * Chat images (brief §4).
 *
 * POST /api/support/upload: multipart/form-data with exactly one file part named `file`. Needs the
 * visitor's session cookie and an open conversation; refused from another site (403) and limited per
 * IP. The image is read with a byte limit, checked by its magic bytes and re-encoded without
 * metadata (chat/image-upload.ts), stored under a server-made name (chat/upload-store.ts), and the
 * answer is `{status: 200, url}` with url = /api/support/uploads/<name>, the one image source a
 * message may hold. Errors: 401 no session, 409 no open conversation, 413 too many bytes or pixels,
 * 415 not a PNG/JPEG/GIF/WebP, 400 a damaged image or not exactly one `file` part, 429.
 *
 * GET /api/support/uploads/:name: the stored bytes, to the visitor whose conversation the image
 * belongs to (by the session's e-mail, never by anything in the URL) or to any signed-in agent;
 * 401 without either session, 404 for anyone else and for any name that is not a stored upload.
 * Served with the Content-Type stored for it (never sniffed, never from the name), nosniff, a
 * sandboxing CSP, inline disposition with a fixed file name, and private immutable caching (a name
 * is never reused).
 */
import multipart from "@fastify/multipart";
import { apiError, apiErrorSchema, type ApiErrorCode } from "@hourline/contracts/api-error";
import { chatLimits, uploadAnswerSchema } from "@hourline/contracts/chat";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import {
  defaultMaxPixels,
  ImageUploadError,
  processImageUpload,
  type ProcessedImage,
} from "../../../chat/image-upload";
import { isUploadName, uploadExtensionOf } from "../../../chat/upload-name";
import { createUploadStore } from "../../../chat/upload-store";

export interface UploadRouteOptions {
  dataDir: string;
  /** Uploads per client IP per window. */
  rateLimit?: { max: number; timeWindowMs: number } | undefined;
  maxBytes?: number | undefined;
  maxPixels?: number | undefined;
}

export const defaultUploadRateLimit = { max: 20, timeWindowMs: 10 * 60_000 };

export const uploadResponseHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Cache-Control": "private, max-age=31536000, immutable",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

const exactlyOneFile = "Please send exactly one image, in the form field named file.";

function sendError(reply: FastifyReply, status: number, code: ApiErrorCode, message: string) {
  return reply.code(status).send(apiError(status, code, message));
}

/** How long a refused upload's remaining body is read and thrown away before the socket is cut. */
export const refusedUploadLingerMs = 5_000;

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

/** What @fastify/multipart and busboy throw, as the API's answer. */
function multipartRefusal(error: unknown): { status: number; code: ApiErrorCode; message: string } {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return { status: 413, code: "too_large", message: "That file is too large." };
    case "FST_FILES_LIMIT":
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
    case "FST_PROTO_VIOLATION":
      return { status: 400, code: "bad_request", message: exactlyOneFile };
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return {
        status: 415,
        code: "unsupported_media_type",
        message: "Send the image as multipart/form-data.",
      };
    default:
      return { status: 400, code: "bad_request", message: "The upload could not be read." };
  }
}

const uploadRoutes: FastifyPluginAsync<UploadRouteOptions> = async (app, options) => {
  const maxBytes = options.maxBytes ?? chatLimits.uploadBytes;
  const maxPixels = options.maxPixels ?? defaultMaxPixels;
  const limit = options.rateLimit ?? defaultUploadRateLimit;
  const store = createUploadStore(app.database.db, options.dataDir);

  // Scoped to this plugin: no other route parses multipart bodies. busboy's own file limit is one
  // byte above ours, so our count (processImageUpload) trips first and answers at once: busboy at
  // its limit would skip, but keep reading, the rest of the part before ending the stream.
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

  app.route({
    method: "POST",
    url: "/upload",
    config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
    schema: { response: { 200: uploadAnswerSchema, "4xx": apiErrorSchema } },
    handler: async (request, reply) => {
      const session = await app.visitorSessions.authenticate(request);
      if (!session) {
        return sendError(reply, 401, "unauthorized", "Please verify your e-mail address first.");
      }
      const conversation = await app.database.db
        .selectFrom("chat_conversations")
        .select("id")
        .where("visitor_email", "=", session.email)
        .where("state", "=", "open")
        .executeTakeFirst();
      if (!conversation) {
        return sendError(reply, 409, "conflict", "Please start a chat before sending an image.");
      }
      if (!request.isMultipart()) {
        return sendError(
          reply,
          415,
          "unsupported_media_type",
          "Send the image as multipart/form-data.",
        );
      }

      let image: ProcessedImage | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== "file") continue; // fields are ignored
          if (part.fieldname !== "file" || image) {
            discardRestOfBody(request);
            return sendError(reply, 400, "bad_request", exactlyOneFile);
          }
          image = await processImageUpload(part.file, { maxBytes, maxPixels });
        }
      } catch (error) {
        discardRestOfBody(request);
        if (error instanceof ImageUploadError) {
          request.log.info({ err: error.name }, "chat upload refused");
          return sendError(reply, error.statusCode, error.code, error.message);
        }
        const refusal = multipartRefusal(error);
        request.log.info({ err: (error as Error).message }, "chat upload refused");
        return sendError(reply, refusal.status, refusal.code, refusal.message);
      }
      if (!image) return sendError(reply, 400, "bad_request", exactlyOneFile);

      const stored = await store.save(image, {
        conversationId: conversation.id,
        uploadedBy: `visitor:${session.email}`,
      });
      request.log.info(
        { uploadId: stored.id, conversationId: conversation.id, size: stored.size },
        "chat image stored",
      );
      return { status: 200 as const, url: stored.url };
    },
  });

  app.route<{ Params: { name: string } }>({
    method: "GET",
    url: "/uploads/:name",
    handler: async (request, reply) => {
      const agent = await app.agentSessions.authenticate(request);
      const visitor = agent ? null : await app.visitorSessions.authenticate(request);
      if (!agent && !visitor) {
        return sendError(reply, 401, "unauthorized", "Please sign in to see this image.");
      }
      const notFound = () => sendError(reply, 404, "not_found", "There is no such image.");
      const { name } = request.params;
      if (!isUploadName(name)) return notFound();
      const upload = await store.find(name);
      if (!upload) return notFound();
      // Someone else's image is answered exactly like one that does not exist.
      if (!agent && upload.visitorEmail !== visitor?.email) return notFound();
      const data = await store.readBytes(name);
      if (!data) {
        request.log.warn({ uploadId: upload.id }, "chat upload row without its file");
        return notFound();
      }
      return reply
        .code(200)
        .headers(uploadResponseHeaders)
        .header("Content-Type", upload.contentType)
        .header("Content-Disposition", `inline; filename="image.${uploadExtensionOf(name)}"`)
        .header("Content-Length", String(data.length))
        .send(data);
    },
  });
};

export default uploadRoutes;
