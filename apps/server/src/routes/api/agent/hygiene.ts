/**
 * Keeping the queue clean: bulk end/assign (any agent, like the single actions), the team's
 * routing settings (any agent reads, admins change), and blocked visitor addresses (any agent
 * blocks an abusive visitor; admins list and unblock).
 */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import {
  blockAnswerSchema,
  blockBodySchema,
  blockedVisitorListSchema,
  bulkActionAnswerSchema,
  bulkActionBodySchema,
  routingSettingsAnswerSchema,
  routingSettingsSchema,
  type BlockBody,
  type BulkActionBody,
  type RoutingSettings,
} from "@hourline/contracts/console-hygiene";
import {
  visitorEmailParamsSchema,
  type VisitorEmailParams,
} from "@hourline/contracts/visitor-data";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { signedInAgent } from "../../../plugins/agent-sessions";

function adminsOnly(what: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (signedInAgent(request).agent.role === "admin") return undefined;
    return reply.code(403).send(apiError(403, "forbidden", `Only an admin can ${what}.`));
  };
}

const hygieneRoutes: FastifyPluginAsync = async (app) => {
  const hygiene = app.consoleHygiene;

  app.post<{ Body: BulkActionBody }>(
    "/conversations/bulk",
    {
      bodyLimit: 16 * 1024,
      schema: {
        body: bulkActionBodySchema,
        response: { 200: bulkActionAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.body.action === "assign" && request.body.agent_id === undefined) {
        const message = "agent_id must be an agent's id or null.";
        return reply.code(400).send(
          apiError(400, "validation_failed", "Some fields need your attention.", {
            agent_id: message,
          }),
        );
      }
      return hygiene.bulk(signedInAgent(request).agent, request.body);
    },
  );

  app.get(
    "/settings/routing",
    { schema: { response: { 200: routingSettingsAnswerSchema, "4xx": apiErrorSchema } } },
    async () => ({ status: 200 as const, routing: await hygiene.routingSettings() }),
  );

  app.put<{ Body: RoutingSettings }>(
    "/settings/routing",
    {
      bodyLimit: 4 * 1024,
      onRequest: adminsOnly("change the routing settings"),
      schema: {
        body: routingSettingsSchema,
        response: { 200: routingSettingsAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request) => {
      await hygiene.saveRoutingSettings(signedInAgent(request).agent, request.body);
      return { status: 200 as const, routing: await hygiene.routingSettings() };
    },
  );

  app.post<{ Body: BlockBody }>(
    "/blocked-visitors",
    {
      bodyLimit: 4 * 1024,
      schema: {
        body: blockBodySchema,
        response: { 200: blockAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request) => {
      const { blocked, endedConversationId } = await hygiene.block(
        signedInAgent(request).agent,
        request.body.email,
      );
      return { status: 200 as const, blocked, ended_conversation_id: endedConversationId };
    },
  );

  app.get(
    "/blocked-visitors",
    {
      onRequest: adminsOnly("see the blocked addresses"),
      schema: { response: { 200: blockedVisitorListSchema, "4xx": apiErrorSchema } },
    },
    async () => hygiene.blocked(),
  );

  app.delete<{ Params: VisitorEmailParams }>(
    "/blocked-visitors/:email",
    {
      onRequest: adminsOnly("unblock an address"),
      schema: {
        params: visitorEmailParamsSchema,
        response: { 200: okSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (await hygiene.unblock(signedInAgent(request).agent, request.params.email)) {
        return { status: 200 as const };
      }
      return reply.code(404).send(apiError(404, "not_found", "That address is not blocked."));
    },
  );
};

export default hygieneRoutes;
