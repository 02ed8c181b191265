/** The team's canned replies: any signed-in agent lists, adds, changes and removes them. */
import { apiError, apiErrorSchema, okSchema } from "@hourline/contracts/api-error";
import {
  cannedReplyAnswerSchema,
  cannedReplyBodySchema,
  cannedReplyLimits,
  cannedReplyListSchema,
  type CannedReplyBody,
} from "@hourline/contracts/console";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { signedInAgent } from "../../../plugins/agent-sessions";
import {
  countCannedReplies,
  createCannedReply,
  deleteCannedReply,
  findCannedReply,
  listCannedReplies,
  updateCannedReply,
} from "../../../repositories/canned-replies";
import { idParamsSchema, type IdParams } from "./id-param";

const params = idParamsSchema("canned reply");
const notFound = (reply: FastifyReply) =>
  reply.code(404).send(apiError(404, "not_found", "No such canned reply."));
const bodyLimit = 32 * 1024;

const cannedReplyRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  app.get(
    "/canned-replies",
    { schema: { response: { 200: cannedReplyListSchema, "4xx": apiErrorSchema } } },
    async () => listCannedReplies(db),
  );

  app.post<{ Body: CannedReplyBody }>(
    "/canned-replies",
    {
      bodyLimit,
      schema: {
        body: cannedReplyBodySchema,
        response: { 201: cannedReplyAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { agent } = signedInAgent(request);
      if ((await countCannedReplies(db)) >= cannedReplyLimits.count) {
        return reply
          .code(409)
          .send(
            apiError(
              409,
              "conflict",
              `There are ${cannedReplyLimits.count} canned replies already. Remove one you no longer use first.`,
            ),
          );
      }
      const id = await createCannedReply(db, request.body, agent.id);
      const saved = await findCannedReply(db, id);
      if (!saved) return notFound(reply);
      request.log.info({ agentId: agent.id, cannedReplyId: id }, "canned reply added");
      return reply.code(201).send({ status: 201 as const, reply: saved });
    },
  );

  app.patch<{ Params: IdParams; Body: CannedReplyBody }>(
    "/canned-replies/:id",
    {
      bodyLimit,
      schema: {
        params,
        body: cannedReplyBodySchema,
        response: { 200: cannedReplyAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { agent } = signedInAgent(request);
      const { id } = request.params;
      if (!(await updateCannedReply(db, id, request.body, agent.id))) return notFound(reply);
      const saved = await findCannedReply(db, id);
      if (!saved) return notFound(reply);
      return { status: 200 as const, reply: saved };
    },
  );

  app.delete<{ Params: IdParams }>(
    "/canned-replies/:id",
    { schema: { params, response: { 200: okSchema, "4xx": apiErrorSchema } } },
    async (request, reply) => {
      const { agent } = signedInAgent(request);
      if (!(await deleteCannedReply(db, request.params.id))) return notFound(reply);
      request.log.info(
        { agentId: agent.id, cannedReplyId: request.params.id },
        "canned reply removed",
      );
      return { status: 200 as const };
    },
  );
};

export default cannedReplyRoutes;
