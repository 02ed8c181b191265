/**
 * The team's business hours: GET for every agent (the console shows them), PUT for admins.
 * The widget reads what they mean through GET /api/support/availability.
 */
import { apiError, apiErrorSchema } from "@hourline/contracts/api-error";
import {
  businessHoursAnswerSchema,
  businessHoursSchema,
  type BusinessHours,
} from "@hourline/contracts/business-hours";
import type { FastifyPluginAsync } from "fastify";
import { signedInAgent } from "../../../plugins/agent-sessions";
import { readBusinessHours, saveBusinessHours } from "../../../repositories/business-hours";

const businessHoursRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  app.get(
    "/settings/business-hours",
    { schema: { response: { 200: businessHoursAnswerSchema, "4xx": apiErrorSchema } } },
    async () => ({ status: 200 as const, business_hours: await readBusinessHours(db) }),
  );

  app.put<{ Body: BusinessHours }>(
    "/settings/business-hours",
    {
      bodyLimit: 32 * 1024,
      onRequest: async (request, reply) => {
        if (signedInAgent(request).agent.role === "admin") return undefined;
        return reply
          .code(403)
          .send(apiError(403, "forbidden", "Only an admin can change business hours."));
      },
      schema: {
        body: businessHoursSchema,
        response: { 200: businessHoursAnswerSchema, "4xx": apiErrorSchema },
      },
    },
    async (request) => {
      const hours: BusinessHours = {
        ...request.body,
        // Kept in order and once each, whatever order they were sent in.
        closed_dates: [...new Set(request.body.closed_dates)].sort(),
      };
      await saveBusinessHours(db, hours, Date.now());
      request.log.info(
        { agentId: signedInAgent(request).agent.id, enabled: hours.enabled },
        "business hours changed",
      );
      return { status: 200 as const, business_hours: hours };
    },
  );
};

export default businessHoursRoutes;
