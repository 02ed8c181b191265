/**
 * What agents do to a conversation as a team: the views' counts, who is on the team (to assign
 * to), assignment, internal notes,
 * answering a missed chat by e-mail or marking it handled, and reopening an ended chat.
 */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import {
  agentEntryAnswerSchema,
  agentEntryBodySchema,
  agentEntryListSchema,
  assignBodySchema,
  conversationCountsSchema,
  conversationSearchQuery,
  teamListSchema,
  type AgentEntryBody,
  type AssignBody,
} from "@hourline/contracts/console-team";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod/mini";
import type { TeamResult } from "../../../chat/console-team";
import { signedInAgent } from "../../../plugins/agent-sessions";
import { idParamsSchema, type IdParams } from "./id-param";

const params = idParamsSchema("conversation");
const entryBodyLimit = 64 * 1024;

function answer<T>(reply: FastifyReply, result: TeamResult<T>, ok: (value: T) => unknown) {
  if (result.ok) return ok(result.value);
  const status = result.refusal === "not_found" ? 404 : 409;
  return reply.code(status).send(apiError(status, result.refusal, result.message));
}

const countsQuerySchema = z.object({ q: z.optional(conversationSearchQuery) });

const conversationTeamRoutes: FastifyPluginAsync = async (app) => {
  const team = app.consoleTeam;
  const withEntry = { 200: agentEntryAnswerSchema, "4xx": apiErrorSchema };

  app.get<{ Querystring: z.infer<typeof countsQuerySchema> }>(
    "/conversations/counts",
    {
      schema: {
        querystring: countsQuerySchema,
        response: { 200: conversationCountsSchema, "4xx": apiErrorSchema },
      },
    },
    async (request) => team.counts(signedInAgent(request).agent.id, request.query.q),
  );

  app.get("/team", { schema: { response: { 200: teamListSchema } } }, async () => team.team());

  app.get<{ Params: IdParams }>(
    "/conversations/:id/entries",
    { schema: { params, response: { 200: agentEntryListSchema, "4xx": apiErrorSchema } } },
    async (request, reply) =>
      (await team.entries(request.params.id)) ??
      reply.code(404).send(apiError(404, "not_found", "No such conversation.")),
  );

  app.post<{ Params: IdParams; Body: AgentEntryBody }>(
    "/conversations/:id/notes",
    {
      bodyLimit: entryBodyLimit,
      schema: { params, body: agentEntryBodySchema, response: withEntry },
    },
    async (request, reply) =>
      answer(
        reply,
        await team.addNote(signedInAgent(request).agent, request.params.id, request.body.body),
        (entry) => ({ status: 200 as const, entry }),
      ),
  );

  app.post<{ Params: IdParams; Body: AgentEntryBody }>(
    "/conversations/:id/email-answer",
    {
      bodyLimit: entryBodyLimit,
      config: { rateLimit: { max: 60, timeWindow: 10 * 60_000 } },
      schema: { params, body: agentEntryBodySchema, response: withEntry },
    },
    async (request, reply) =>
      answer(
        reply,
        await team.answerByEmail(
          signedInAgent(request).agent,
          request.params.id,
          request.body.body,
          request.body.client_id,
        ),
        (entry) => ({ status: 200 as const, entry }),
      ),
  );

  app.post<{ Params: IdParams }>(
    "/conversations/:id/handled",
    { bodyLimit: 1024, schema: { params, response: { 200: okSchema, "4xx": apiErrorSchema } } },
    async (request, reply) =>
      answer(
        reply,
        await team.markHandled(signedInAgent(request).agent, request.params.id),
        () => ({
          status: 200 as const,
        }),
      ),
  );

  app.post<{ Params: IdParams; Body: AssignBody }>(
    "/conversations/:id/assign",
    {
      bodyLimit: 1024,
      schema: {
        params,
        body: assignBodySchema,
        response: { 200: okSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) =>
      answer(reply, await team.assign(request.params.id, request.body.agent_id), () => ({
        status: 200 as const,
      })),
  );

  app.post<{ Params: IdParams }>(
    "/conversations/:id/reopen",
    { bodyLimit: 1024, schema: { params, response: { 200: okSchema, "4xx": apiErrorSchema } } },
    async (request, reply) =>
      answer(reply, await team.reopen(signedInAgent(request).agent, request.params.id), () => ({
        status: 200 as const,
      })),
  );
};

export default conversationTeamRoutes;
