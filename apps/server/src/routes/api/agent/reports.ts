/**
 * GET /api/agent/reports, for admins: the team's figures for a date range in a time zone (brief
 * section 7), as JSON or, with `format=csv`, as a CSV file holding the same figures. Business
 * hours, when set, make first response count business time only.
 */
import { apiError, apiErrorSchema } from "@hourline/contracts/api-error";
import {
  reportAnswerSchema,
  reportQuerySchema,
  reportToCsv,
  type ReportAnswer,
  type ReportQuery,
} from "@hourline/contracts/support-reports";
import type { FastifyPluginAsync } from "fastify";
import { signedInAgent } from "../../../plugins/agent-sessions";
import { reportRange, reportSpan } from "../../../reports/report-span";
import { readBusinessHours } from "../../../repositories/business-hours";
import { computeReport, type Durations } from "../../../repositories/support-reports";

const durations = (d: Durations) => ({ median: d.median, p90: d.p90 });

const reportRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  app.get<{ Querystring: ReportQuery }>(
    "/reports",
    {
      // A year of conversations is a few seconds of database work: a few reports a minute each.
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        querystring: reportQuerySchema,
        response: { 200: reportAnswerSchema, "4xx": apiErrorSchema },
      },
      onRequest: async (request, reply) => {
        if (signedInAgent(request).agent.role === "admin") return undefined;
        return reply.code(403).send(apiError(403, "forbidden", "Only an admin can see reports."));
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const hours = await readBusinessHours(db);
      const tz = request.query.tz ?? (hours.enabled ? hours.time_zone : "UTC");
      const range = reportRange(from, to, tz);
      const started = performance.now();
      const figures = await computeReport(db, reportSpan(range, tz, hours.enabled ? hours : null));
      request.log.info(
        { days: range.dates.length, ms: Math.round(performance.now() - started) },
        "report computed",
      );
      const report: ReportAnswer = {
        status: 200,
        from,
        to,
        tz,
        business_hours: hours.enabled,
        conversations: figures.conversations,
        missed: figures.missed,
        first_response_seconds: durations(figures.firstResponse),
        resolution_seconds: durations(figures.resolution),
        csat: figures.csat,
        by_hour: figures.byHour,
        by_day: range.dates.map((d) => ({
          date: d.date,
          conversations: figures.byDay.get(d.dayNumber) ?? 0,
        })),
        by_agent: figures.byAgent.map((a) => ({
          agent_id: a.agentId,
          name: a.name,
          conversations: a.conversations,
          first_response_seconds: durations(a.firstResponse),
          resolution_seconds: durations(a.resolution),
          csat: a.csat,
        })),
      };
      if (format === "csv") {
        return reply
          .type("text/csv; charset=utf-8")
          .header(
            "Content-Disposition",
            `attachment; filename="hourline-report-${from}-to-${to}.csv"`,
          )
          .send(reportToCsv(report));
      }
      return report;
    },
  );
};

export default reportRoutes;
