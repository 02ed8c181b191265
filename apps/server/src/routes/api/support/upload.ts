/**
 * Chat images.
 *
 * POST /api/support/upload: multipart/form-data with exactly one file part named `file`. Needs the
 * visitor's session cookie and an open conversation; refused from another site (403) and limited per
 * IP. The image is read with a byte limit, checked by its magic bytes and re-encoded without
 * metadata (chat/image-upload.ts), stored under a server-made name (chat/upload-store.ts), and the
 * answer is `{status: 200, url}` with url = /api/support/uploads/<name>, the one image source a
 * message may hold. Errors: 401 no session, 409 no open conversation or the conversation's image
 * quota is full, 413 too many bytes or pixels, 415 not a PNG/JPEG/GIF/WebP, 400 a damaged image or
 * not exactly one `file` part, 429, 503 while too many images are being processed.
 *
 * GET /api/support/uploads/:name: the stored bytes, to the visitor whose conversation the image
 * belongs to (by the session's e-mail, never by anything in the URL) or to any signed-in agent;
 * 401 without either session, 404 for anyone else and for any name that is not a stored upload.
 * Served with the Content-Type stored for it (never sniffed, never from the name), nosniff, a
 * sandboxing CSP, inline disposition with a fixed file name, and private immutable caching (a name
 * is never reused).
 */
import { apiError, apiErrorSchema, type ApiErrorCode } from "@hourline/contracts/api-error";
import { chatLimits } from "@hourline/contracts/chat-message";
import { uploadAnswerSchema } from "@hourline/contracts/chat-api";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { defaultMaxPixels } from "../../../chat/image-upload";
import { isUploadName, uploadExtensionOf } from "../../../chat/upload-name";
import { createUploadStore } from "../../../chat/upload-store";
import { registerImageMultipart, storeOneImage } from "../image-multipart";

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

function sendError(reply: FastifyReply, status: number, code: ApiErrorCode, message: string) {
  return reply.code(status).send(apiError(status, code, message));
}

const uploadRoutes: FastifyPluginAsync<UploadRouteOptions> = async (app, options) => {
  const maxBytes = options.maxBytes ?? chatLimits.uploadBytes;
  const maxPixels = options.maxPixels ?? defaultMaxPixels;
  const limit = options.rateLimit ?? defaultUploadRateLimit;
  const store = createUploadStore(app.database.db, options.dataDir);

  await registerImageMultipart(app, maxBytes);

  app.route({
    method: "POST",
    url: "/upload",
    config: { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } },
    schema: { response: { 200: uploadAnswerSchema, "4xx": apiErrorSchema, "5xx": apiErrorSchema } },
    handler: async (request, reply) => {
      const session = await app.visitorSessions.authenticate(request);
      if (!session) {
        return sendError(reply, 401, "unauthorized", "Please verify your e-mail address first.");
      }
      const conversation = await app.conversationRules.openConversation(session.email);
      if (!conversation) {
        return sendError(reply, 409, "conflict", "Please start a chat before sending an image.");
      }
      const result = await storeOneImage(
        request,
        store,
        { conversationId: conversation.id, uploadedBy: `visitor:${session.email}` },
        { maxBytes, maxPixels },
      );
      if (!result.ok) return sendError(reply, result.status, result.code, result.message);
      const { stored } = result;
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
    // 200 is the image's bytes, sent as they are stored; only refusals are JSON.
    schema: { response: { "4xx": apiErrorSchema } },
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
