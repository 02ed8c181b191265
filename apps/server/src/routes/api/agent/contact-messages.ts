/**
 * Contact messages in the console: the newest first, searched and filtered; marking one read or
 * handled, which every agent's console hears at once.
 */
import { apiError, apiErrorSchema } from "@hourline/contracts/api-error";
import { contactMessageSummaryListSchema } from "@hourline/contracts/console-inbox";
import {
  contactMessageAnswerSchema,
  contactMessagesQuerySchema,
  updateContactMessageBodySchema,
  type ContactMessagesQuery,
  type UpdateContactMessageBody,
} from "@hourline/contracts/console";
import type { FastifyPluginAsync } from "fastify";
import { signedInAgent } from "../../../plugins/agent-sessions";
import { listContactMessageSummaries } from "../../../repositories/contact-messages";
import { idParamsSchema, type IdParams } from "./id-param";

const contactMessageRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  app.get<{ Querystring: ContactMessagesQuery }>(
    "/contact-messages",
    {
      schema: {
        querystring: contactMessagesQuerySchema,
        response: { 200: contactMessageSummaryListSchema, "4xx": apiErrorSchema },
      },
    },
    async (request) =>
      listContactMessageSummaries(db, {
        q: request.query.q ?? "",
        filter: request.query.filter ?? "all",
      }),
  );

  app.patch<{ Params: IdParams; Body: UpdateContactMessageBody }>(
    "/contact-messages/:id",
    {
      bodyLimit: 1024,
      schema: {
        params: idParamsSchema("contact message"),
        body: updateContactMessageBodySchema,
        response: { 200: contactMessageAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { agent } = signedInAgent(request);
      const { id } = request.params;
      const message = await app.contactInbox.update(id, request.body, agent.id);
      if (!message) {
        return reply.code(404).send(apiError(404, "not_found", "No such contact message."));
      }
      return { status: 200 as const, message };
    },
  );
};

export default contactMessageRoutes;
