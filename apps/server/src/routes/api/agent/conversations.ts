/**
 * The console's conversations: the lists (open, ended or missed; mine or unassigned; searched; a
 * page at a time from `?before=`), one conversation with its visitor and
 * their other conversations, its messages (a GET changes nothing), marking what an agent has seen
 * as read (the new unread count reaches every agent), and an image the agent sends into an open
 * chat.
 */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import { chatLimits, chatMessageListSchema } from "@hourline/contracts/chat-message";
import { conversationSummaryListSchema } from "@hourline/contracts/console-inbox";
import { uploadAnswerSchema } from "@hourline/contracts/chat-api";
import {
  conversationDetailAnswerSchema,
  markReadBodySchema,
  type MarkReadBody,
} from "@hourline/contracts/console";
import {
  assigneeFilters,
  conversationOrders,
  conversationSearchQuery,
  conversationViews,
  parseQueueCursor,
} from "@hourline/contracts/console-team";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod/mini";
import { defaultMaxPixels } from "../../../chat/image-upload";
import { createUploadStore } from "../../../chat/upload-store";
import { signedInAgent } from "../../../plugins/agent-sessions";
import { registerImageMultipart, storeOneImage } from "../image-multipart";
import { idParamsSchema, idString, type IdParams } from "./id-param";

export interface ConversationRoutesOptions {
  dataDir: string;
  /** Agent image uploads per client IP per window. */
  uploadRateLimit?: { max: number; timeWindowMs: number } | undefined;
}

const defaultAgentUploadRateLimit = { max: 60, timeWindowMs: 10 * 60_000 };

const listQuerySchema = z.object({
  state: z.optional(z.enum(conversationViews, { error: "state must be open, ended or missed" })),
  before: z.optional(idString("before must be a conversation id (a whole number).")),
  q: z.optional(conversationSearchQuery),
  assignee: z.optional(
    z.enum(assigneeFilters, { error: "assignee must be all, mine or unassigned" }),
  ),
  order: z.optional(z.enum(conversationOrders, { error: "order must be activity or waiting" })),
  cursor: z.optional(
    z.string().check(
      z.refine((v) => parseQueueCursor(v) !== undefined, {
        error: "cursor must be the queue place of a listed conversation (queueCursorOf).",
      }),
    ),
  ),
});
const messagesQuerySchema = z.object({
  after: z.optional(idString("after must be a message id (a whole number, 0 or more).")),
});
const params = idParamsSchema("conversation");
const noSuchConversation = apiError(404, "not_found", "No such conversation.");
const waitingOrderIsOpen = apiError(400, "validation_failed", "Some fields need your attention.", {
  order: "order=waiting lists open conversations only (state=open).",
});
const cursorIsWaiting = apiError(400, "validation_failed", "Some fields need your attention.", {
  cursor: "cursor pages the waiting order (order=waiting); other lists page with before.",
});

const conversationRoutes: FastifyPluginAsync<ConversationRoutesOptions> = async (app, options) => {
  const inbox = app.consoleReadModel;
  const uploadLimit = options.uploadRateLimit ?? defaultAgentUploadRateLimit;
  const store = createUploadStore(app.database.db, options.dataDir);

  app.get<{ Querystring: z.infer<typeof listQuerySchema> }>(
    "/conversations",
    {
      schema: {
        querystring: listQuerySchema,
        response: { 200: conversationSummaryListSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { state = "open", before, q, assignee, order, cursor } = request.query;
      if (order === "waiting" && state !== "open") {
        return reply.code(400).send(waitingOrderIsOpen);
      }
      if (cursor !== undefined && order !== "waiting") {
        return reply.code(400).send(cursorIsWaiting);
      }
      return inbox.conversationSummaries(state, {
        before,
        q,
        order,
        cursor: cursor === undefined ? undefined : parseQueueCursor(cursor),
        assignee: assignee && { filter: assignee, agentId: signedInAgent(request).agent.id },
      });
    },
  );

  app.get<{ Params: IdParams }>(
    "/conversations/:id",
    {
      schema: {
        params,
        response: { 200: conversationDetailAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) =>
      (await inbox.conversationDetail(request.params.id)) ??
      reply.code(404).send(noSuchConversation),
  );

  app.get<{ Params: IdParams; Querystring: z.infer<typeof messagesQuerySchema> }>(
    "/conversations/:id/messages",
    {
      schema: {
        params,
        querystring: messagesQuerySchema,
        response: { 200: chatMessageListSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) =>
      (await inbox.messages(request.params.id, request.query.after ?? 0)) ??
      reply.code(404).send(noSuchConversation),
  );

  app.post<{ Params: IdParams; Body: MarkReadBody }>(
    "/conversations/:id/read",
    {
      bodyLimit: 1024,
      schema: {
        params,
        body: markReadBodySchema,
        response: { 200: okSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) =>
      (await inbox.markRead(request.params.id, request.body.last_id))
        ? { status: 200 as const }
        : reply.code(404).send(noSuchConversation),
  );

  // A scope of its own: the multipart parser is there for the image upload only, so the other
  // conversation routes keep refusing a multipart body as they refuse any other non-JSON one.
  await app.register(async (upload) => {
    await registerImageMultipart(upload, chatLimits.uploadBytes);
    upload.route<{ Params: IdParams }>({
      method: "POST",
      url: "/conversations/:id/upload",
      config: { rateLimit: { max: uploadLimit.max, timeWindow: uploadLimit.timeWindowMs } },
      schema: {
        params,
        response: { 200: uploadAnswerSchema, "4xx": apiErrorSchema, "5xx": apiErrorSchema },
      },
      handler: async (request, reply) => {
        const { agent } = signedInAgent(request);
        const conversation = await app.conversationRules.conversation(request.params.id);
        if (!conversation) return reply.code(404).send(noSuchConversation);
        if (conversation.state !== "open") {
          return reply
            .code(409)
            .send(apiError(409, "conflict", "This chat has ended, so no more images can be sent."));
        }
        const result = await storeOneImage(
          request,
          store,
          { conversationId: conversation.id, uploadedBy: `agent:${agent.id}` },
          { maxBytes: chatLimits.uploadBytes, maxPixels: defaultMaxPixels },
        );
        if (!result.ok) {
          return reply
            .code(result.status)
            .send(apiError(result.status, result.code, result.message));
        }
        const { stored } = result;
        request.log.info(
          { uploadId: stored.id, conversationId: conversation.id, agentId: agent.id },
          "chat image stored",
        );
        return { status: 200 as const, url: stored.url };
      },
    });
  });
};

export default conversationRoutes;
