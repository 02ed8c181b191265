/**
 * The visitor's chat endpoints under /api/support: e-mail check, one-time code request,
 * registration, history and conversation state. Every one authorizes by the visitor's session
 * cookie; an e-mail in the URL or body only selects, it never authorizes.
 */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import {
  chatCodeRequestBodySchema,
  chatEmailBodySchema,
  chatUserSchema,
  chatSessionAnswerSchema,
  checkChatEmailAnswerSchema,
  conversationStateAnswerSchema,
  registerBodySchema,
  type ChatCodeRequestBody,
  type ChatEmailBody,
  type ChatSessionAnswer,
  type ChatUser,
  type ConversationStateAnswer,
  type RegisterBody,
} from "@hourline/contracts/chat-api";
import { chatMessageListSchema } from "@hourline/contracts/chat-message";
import { normalizeEmail } from "@hourline/contracts/email-address";
import { blockedMessage } from "@hourline/contracts/console-hygiene";
import { isBlocked } from "../../../repositories/blocked-visitors";
import { cleanVisitorContext, describeUserAgent } from "@hourline/contracts/visitor-context";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { codeRequester, provenMarkOf } from "../../../auth/code-requester";
import { maskEmail } from "../../../log/redaction";
import { findChatVisitor } from "../../../repositories/chat-visitors";
import type { VisitorSession } from "../../../plugins/visitor-sessions";
import { sendRetryLater } from "../rate-limited-error";

const NON_NEGATIVE_INT = /^\d{1,15}$/;

const chatRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  /** The visitor's session, or a 401 already sent. */
  async function requireVisitor(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<VisitorSession | null> {
    const session = await app.visitorSessions.authenticate(request);
    if (!session) {
      await reply
        .code(401)
        .send(apiError(401, "unauthorized", "Please verify your e-mail address to chat."));
      return null;
    }
    return session;
  }

  app.post<{ Body: ChatEmailBody }>(
    "/check_chat_email",
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        body: chatEmailBodySchema,
        response: { 200: checkChatEmailAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request) => {
      const session = await app.visitorSessions.authenticate(request);
      return { status: 200 as const, is_verify: session?.email === request.body.email };
    },
  );

  app.post<{ Body: ChatCodeRequestBody }>(
    "/otp_generate_chat",
    {
      config: { rateLimit: { max: 30, timeWindow: 60 * 60_000 } },
      schema: {
        body: chatCodeRequestBodySchema,
        response: { 200: okSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const email = request.body.email;
      // A blocked address gets the answer any address gets, and no mail.
      if (await isBlocked(app.database.db, email)) {
        request.log.info({ email: maskEmail(email) }, "chat code refused: address blocked");
        return { status: 200 as const };
      }
      const result = await app.oneTimeCodes.request(email, app.hashIp(request.ip), {
        hash: codeRequester(request, reply, publicUrl),
        provenBefore: app.oneTimeCodes.hasProven(email, provenMarkOf(request, publicUrl)),
        language: request.body.language,
      });
      if (!result.ok) {
        request.log.info({ email: maskEmail(email), reason: result.reason }, "chat code refused");
        return sendRetryLater(
          reply,
          result.retryAfterMs,
          result.reason === "cooldown"
            ? "A code was sent a moment ago. You can ask for a new one in {wait}."
            : "Too many codes were asked for. Please try again in {wait}.",
        );
      }
      app.mailer.kick();
      request.log.info({ email: maskEmail(email), codeId: result.codeId }, "chat code sent");
      return { status: 200 as const };
    },
  );

  app.post<{ Body: RegisterBody }>(
    "/register",
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        body: registerBodySchema,
        response: { 200: chatUserSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const session = await requireVisitor(request, reply);
      if (!session) return reply;
      if (session.email !== request.body.email) {
        return reply
          .code(403)
          .send(apiError(403, "forbidden", "Please verify this e-mail address first."));
      }
      if (await isBlocked(app.database.db, session.email)) {
        return reply.code(403).send(apiError(403, "forbidden", blockedMessage));
      }
      const { visitorId, conversation, agentsOnline } = await app.conversationRules.register(
        session.email,
        request.body.username,
        request.body.transcript ?? false,
        // The browser and device class come from the request itself, not from what the page says.
        cleanVisitorContext({
          ...request.body.context,
          ...describeUserAgent(request.headers["user-agent"]),
        }),
        request.body.language,
      );
      const user: ChatUser = {
        id: visitorId,
        username: conversation.visitor_name,
        email: session.email,
        conversation_id: conversation.id,
        agents_online: agentsOnline,
      };
      return user;
    },
  );

  app.get<{ Params: { email: string }; Querystring: { after?: string } }>(
    "/get_message/:email/",
    {
      config: { rateLimit: { max: 240, timeWindow: 60_000 } },
      schema: { response: { 200: chatMessageListSchema, "4xx": apiErrorSchema } },
    },
    async (request, reply) => {
      const session = await requireVisitor(request, reply);
      if (!session) return reply;
      if (normalizeEmail(request.params.email) !== session.email) {
        return reply
          .code(403)
          .send(apiError(403, "forbidden", "This chat belongs to another e-mail address."));
      }
      const after = request.query.after;
      if (after !== undefined && !NON_NEGATIVE_INT.test(after)) {
        return reply.code(400).send(
          apiError(400, "validation_failed", "after must be a message id.", {
            after: "after must be a non-negative whole number.",
          }),
        );
      }
      return app.conversationRules.visitorMessages(session.email, Number(after ?? 0));
    },
  );

  app.get(
    "/session",
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { response: { 200: chatSessionAnswerSchema, "4xx": apiErrorSchema } },
    },
    async (request, reply) => {
      const session = await requireVisitor(request, reply);
      if (!session) return reply;
      const visitor = await findChatVisitor(app.database.db, session.email);
      if (!visitor) {
        return reply
          .code(404)
          .send(apiError(404, "not_found", "There is no chat for this address yet."));
      }
      const answer: ChatSessionAnswer = {
        status: 200,
        email: visitor.email,
        username: visitor.name,
      };
      return answer;
    },
  );

  app.get<{ Params: { id: string } }>(
    "/conversations/:id",
    {
      config: { rateLimit: { max: 240, timeWindow: 60_000 } },
      schema: { response: { 200: conversationStateAnswerSchema, "4xx": apiErrorSchema } },
    },
    async (request, reply) => {
      const session = await requireVisitor(request, reply);
      if (!session) return reply;
      const id = NON_NEGATIVE_INT.test(request.params.id) ? Number(request.params.id) : -1;
      const conversation = id > 0 ? await app.conversationRules.conversation(id) : undefined;
      // Someone else's conversation looks exactly like one that does not exist.
      if (!conversation || conversation.visitor_email !== session.email) {
        return reply.code(404).send(apiError(404, "not_found", "There is no such conversation."));
      }
      const answer: ConversationStateAnswer = {
        status: 200,
        id: conversation.id,
        state: conversation.state,
        started_at: conversation.started_at,
        ended_at: conversation.ended_at,
        ended_by: conversation.ended_by,
        agents_online: await app.chatPresence.agentsOnline(),
      };
      return answer;
    },
  );
};

export default chatRoutes;
