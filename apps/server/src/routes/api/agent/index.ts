/**
 * The agent API under /api/agent: sign-in and sign-out here; everything else needs the
 * session, checked by the requireAgent hook of an inner scope, and lives in a file per area
 * (profile, conversations, contact messages, canned replies, the admin's agents). Nothing here may
 * be asked from another site, whatever the method: a foreign Origin or a cross-site fetch is
 * refused before the session is even read.
 */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import { agentLoginBodySchema, type AgentLoginBody } from "@hourline/contracts/agent-sign-in";
import { agentAnswerSchema } from "@hourline/contracts/console";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { requireAgent } from "../../../plugins/agent-sessions";
import { sendRetryLater } from "../rate-limited-error";
import agentAdminRoutes from "./agents";
import businessHoursRoutes from "./business-hours";
import cannedReplyRoutes from "./canned-replies";
import contactMessageRoutes from "./contact-messages";
import conversationTeamRoutes from "./conversation-team";
import hygieneRoutes from "./hygiene";
import conversationRoutes, { type ConversationRoutesOptions } from "./conversations";
import profileRoutes from "./profile";
import reportRoutes from "./reports";
import visitorDataRoutes from "./visitor-data";

export interface AgentRoutesOptions {
  /** DATA_DIR, for the images agents send. */
  dataDir: string;
  /** RETENTION_DAYS, shown to admins. */
  retentionDays: number;
  uploadRateLimit?: ConversationRoutesOptions["uploadRateLimit"];
  /** Refuses a request from another site (the API's one cross-site rule). */
  isCrossSite: (request: FastifyRequest) => boolean;
}

export const incorrectCredentialsMessage = "The e-mail or password is incorrect.";

const agentRoutes: FastifyPluginAsync<AgentRoutesOptions> = async (app, options) => {
  const sessions = app.agentSessions;

  // Answers about one agent's work are never kept by a browser or a proxy, and none is given to
  // another site's page, not even for a GET.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (options.isCrossSite(request)) {
      return reply
        .code(403)
        .send(apiError(403, "forbidden", "This request must come from our own website."));
    }
    return undefined;
  });

  app.route<{ Body: AgentLoginBody }>({
    method: "POST",
    url: "/login",
    bodyLimit: 8 * 1024,
    // Attempts per client and failures per address are counted in the database by the session
    // service, before the password is checked (see plugins/agent-sessions.ts).
    schema: {
      body: agentLoginBodySchema,
      response: { 200: agentAnswerSchema, "4xx": apiErrorSchema },
    },
    handler: async (request, reply) => {
      const result = await sessions.signIn(request.body.email, request.body.password, request.ip);
      if (!result.ok) {
        if (result.limited === "client") {
          request.log.warn("agent sign-in refused: too many attempts from this client");
          return sendRetryLater(
            reply,
            result.retryAfterSeconds * 1000,
            "Too many requests. Please try again in {wait}.",
          );
        }
        if (result.limited === "address") {
          request.log.warn("agent sign-in refused: too many failures for this e-mail address");
          return sendRetryLater(
            reply,
            result.retryAfterSeconds * 1000,
            "Too many attempts. Please try again in {wait}.",
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
    await signedIn.register(profileRoutes);
    await signedIn.register(conversationRoutes, {
      dataDir: options.dataDir,
      uploadRateLimit: options.uploadRateLimit,
    });
    await signedIn.register(conversationTeamRoutes);
    await signedIn.register(hygieneRoutes);
    await signedIn.register(contactMessageRoutes);
    await signedIn.register(cannedReplyRoutes);
    await signedIn.register(agentAdminRoutes);
    await signedIn.register(reportRoutes);
    await signedIn.register(businessHoursRoutes);
    await signedIn.register(visitorDataRoutes, {
      dataDir: options.dataDir,
      retentionDays: options.retentionDays,
    });
  });
};

export default agentRoutes;
