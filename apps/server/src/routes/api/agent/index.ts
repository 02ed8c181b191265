/**
 * The agent API under /api/agent (brief §4): sign-in and sign-out, the signed-in agent, the
 * conversation list, a conversation's messages and the contact messages. Every state-changing call
 * must come from our own origin; everything but login and logout needs the session, checked by the
 * requireAgent hook of an inner scope.
 */
import {
  apiError,
  apiErrorSchema,
  okSchema,
  describeRetryAfter,
} from "@hourline/contracts/api-error";
import {
  agentLoginBodySchema,
  chatMessageListSchema,
  type AgentLoginBody,
} from "@hourline/contracts/chat";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod/mini";
import { requireAgent, signedInAgent } from "../../../plugins/agent-sessions";
import {
  listContactMessageSummaries,
  listConversationSummaries,
  readConversationMessages,
} from "../../../repositories/agent-inbox";

export interface AgentRoutesOptions {
  /** Sign-in attempts per client IP per window, whatever their outcome. */
  loginRateLimit?: { max: number; timeWindowMs: number } | undefined;
}

export const defaultLoginRateLimit = { max: 10, timeWindowMs: 15 * 60_000 };

export const incorrectCredentialsMessage = "The e-mail or password is incorrect.";

// Ids travel as decimal strings in paths and queries; anything else is a 400, never a 500.
const idString = (message: string) =>
  z.pipe(
    z.string({ error: message }).check(z.regex(/^\d{1,15}$/, message)),
    z.transform((v) => Number(v)),
  );

const conversationsQuerySchema = z.object({
  state: z.optional(z.enum(["open", "ended"], { error: "state must be open or ended" })),
});
type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

const conversationParamsSchema = z.object({
  id: idString("The conversation id must be a whole number."),
});
type ConversationParams = z.infer<typeof conversationParamsSchema>;

const messagesQuerySchema = z.object({
  after: z.optional(idString("after must be a message id (a whole number, 0 or more).")),
});
type MessagesQuery = z.infer<typeof messagesQuerySchema>;

const agentAnswerSchema = z.object({
  status: z.literal(200),
  agent: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    role: z.enum(["admin", "agent"]),
  }),
});

const agentRoutes: FastifyPluginAsync<AgentRoutesOptions> = async (app, options) => {
  const sessions = app.agentSessions;
  const loginLimit = options.loginRateLimit ?? defaultLoginRateLimit;

  // Answers about one agent's work are never kept by a browser or a proxy.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.route<{ Body: AgentLoginBody }>({
    method: "POST",
    url: "/login",
    bodyLimit: 8 * 1024,
    config: { rateLimit: { max: loginLimit.max, timeWindow: loginLimit.timeWindowMs } },
    schema: {
      body: agentLoginBodySchema,
      response: { 200: agentAnswerSchema, "4xx": apiErrorSchema },
    },
    handler: async (request, reply) => {
      const result = await sessions.signIn(request.body.email, request.body.password);
      if (!result.ok) {
        if (result.retryAfterSeconds > 0) {
          request.log.warn("agent sign-in refused: too many failures for this e-mail address");
          return reply
            .code(429)
            .header("Retry-After", String(result.retryAfterSeconds))
            .send(
              apiError(
                429,
                "rate_limited",
                `Too many attempts. Please try again in ${describeRetryAfter(result.retryAfterSeconds)}.`,
              ),
            );
        }
        request.log.info("agent sign-in refused");
        return reply.code(401).send(apiError(401, "unauthorized", incorrectCredentialsMessage));
      }
      // A browser that was signed in as someone (or something) else starts afresh.
      const previous = await sessions.authenticate(request);
      if (previous) await sessions.endSession(previous.sessionId);
      sessions.setSessionCookie(reply, result.token, result.expiresAt);
      request.log.info(
        { agentId: result.agent.id, sessionId: result.sessionId },
        "agent signed in",
      );
      return { status: 200 as const, agent: result.agent };
    },
  });

  app.post("/logout", { schema: { response: { 200: okSchema } } }, async (request, reply) => {
    const auth = await sessions.authenticate(request);
    if (auth) {
      await sessions.endSession(auth.sessionId);
      request.log.info({ agentId: auth.agent.id, sessionId: auth.sessionId }, "agent signed out");
    }
    sessions.clearSessionCookie(reply);
    return { status: 200 as const };
  });

  await app.register(async (signedIn) => {
    signedIn.addHook("onRequest", requireAgent);

    signedIn.get(
      "/me",
      { schema: { response: { 200: agentAnswerSchema, "4xx": apiErrorSchema } } },
      async (request) => ({ status: 200 as const, agent: signedInAgent(request).agent }),
    );

    signedIn.get<{ Querystring: ConversationsQuery }>(
      "/conversations",
      { schema: { querystring: conversationsQuerySchema, response: { "4xx": apiErrorSchema } } },
      async (request) => listConversationSummaries(app.database.db, request.query.state ?? "open"),
    );

    signedIn.get<{ Params: ConversationParams; Querystring: MessagesQuery }>(
      "/conversations/:id/messages",
      {
        schema: {
          params: conversationParamsSchema,
          querystring: messagesQuerySchema,
          response: { 200: chatMessageListSchema, "4xx": apiErrorSchema },
        },
      },
      async (request, reply) => {
        const messages = await readConversationMessages(app.database.db, request.params.id, {
          afterId: request.query.after ?? 0,
        });
        if (!messages) {
          return reply.code(404).send(apiError(404, "not_found", "No such conversation."));
        }
        return messages;
      },
    );

    signedIn.get(
      "/contact-messages",
      { schema: { response: { "4xx": apiErrorSchema } } },
      async () => listContactMessageSummaries(app.database.db),
    );
  });
};

export default agentRoutes;
