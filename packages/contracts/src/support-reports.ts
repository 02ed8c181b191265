/**
 * GET /api/agent/reports: the support team's figures for a date range in the lead's time zone
 * (brief section 7). Durations are seconds; a median or 90th percentile is null when nothing was
 * measured. Percentiles interpolate between the two nearest values (as PostgreSQL's
 * percentile_cont and a spreadsheet's MEDIAN and PERCENTILE.INC do).
 */
import { z } from "zod/mini";
import { calendarDateSchema, isCalendarDate, timeZoneSchema } from "./business-hours";

/** The longest range one report covers: a leap year and a day for the comparison's edges. */
export const reportLimits = { maxDays: 367 } as const;

export const reportQuerySchema = z
  .object({
    from: calendarDateSchema,
    to: calendarDateSchema,
    tz: z.optional(timeZoneSchema),
    format: z.optional(z.enum(["json", "csv"], { error: "format must be json or csv." })),
  })
  .check(
    z.refine((q) => !isCalendarDate(q.from) || !isCalendarDate(q.to) || q.from <= q.to, {
      error: "from must not be after to.",
      path: ["to"],
    }),
    z.refine(
      (q) =>
        !isCalendarDate(q.from) ||
        !isCalendarDate(q.to) ||
        (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < reportLimits.maxDays,
      { error: `A report covers at most ${reportLimits.maxDays} days.`, path: ["to"] },
    ),
  );
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const nullableSeconds = z.nullable(z.number());

export const durationFiguresSchema = z.object({ median: nullableSeconds, p90: nullableSeconds });
export type DurationFigures = z.infer<typeof durationFiguresSchema>;

export const csatFiguresSchema = z.object({
  responses: z.number(),
  /** Mean score 1-5, two decimals; null with no responses. */
  average: z.nullable(z.number()),
  /** How many gave 1, 2, 3, 4 and 5. */
  distribution: z.array(z.number()),
});
export type CsatFigures = z.infer<typeof csatFiguresSchema>;

export const agentReportSchema = z.object({
  agent_id: z.number(),
  name: z.string(),
  conversations: z.number(),
  first_response_seconds: durationFiguresSchema,
  resolution_seconds: durationFiguresSchema,
  csat: csatFiguresSchema,
});
export type AgentReport = z.infer<typeof agentReportSchema>;

export const reportAnswerSchema = z.object({
  status: z.literal(200),
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  /** First response counted in business hours (hours were set) rather than on the clock. */
  business_hours: z.boolean(),
  conversations: z.number(),
  /** Ended with a visitor message and no agent answer. */
  missed: z.number(),
  first_response_seconds: durationFiguresSchema,
  resolution_seconds: durationFiguresSchema,
  csat: csatFiguresSchema,
  /** Conversations started in each local hour, 0-23. */
  by_hour: z.array(z.number()),
  /** Conversations started on each local date of the range, in order. */
  by_day: z.array(z.object({ date: z.string(), conversations: z.number() })),
  by_agent: z.array(agentReportSchema),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  // A cell a spreadsheet would run as a formula is quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The report as CSV: one section per table, each a header row and its rows, sections separated
 * by a blank line. Every figure of the JSON answer is in it, under the JSON's own names.
 */
export function reportToCsv(report: ReportAnswer): string {
  const rows: (string | number | null)[][] = [
    ["metric", "value"],
    ["from", report.from],
    ["to", report.to],
    ["tz", report.tz],
    ["business_hours", report.business_hours ? "true" : "false"],
    ["conversations", report.conversations],
    ["missed", report.missed],
    ["first_response_seconds.median", report.first_response_seconds.median],
    ["first_response_seconds.p90", report.first_response_seconds.p90],
    ["resolution_seconds.median", report.resolution_seconds.median],
    ["resolution_seconds.p90", report.resolution_seconds.p90],
    ["csat.responses", report.csat.responses],
    ["csat.average", report.csat.average],
    ...report.csat.distribution.map((n, i): (string | number)[] => [`csat.score_${i + 1}`, n]),
    [],
    ["hour", "conversations"],
    ...report.by_hour.map((n, h): number[] => [h, n]),
    [],
    ["date", "conversations"],
    ...report.by_day.map((d): (string | number)[] => [d.date, d.conversations]),
    [],
    [
      "agent_id",
      "name",
      "conversations",
      "first_response_seconds.median",
      "first_response_seconds.p90",
      "resolution_seconds.median",
      "resolution_seconds.p90",
      "csat.responses",
      "csat.average",
    ],
    ...report.by_agent.map((a) => [
      a.agent_id,
      a.name,
      a.conversations,
      a.first_response_seconds.median,
      a.first_response_seconds.p90,
      a.resolution_seconds.median,
      a.resolution_seconds.p90,
      a.csat.responses,
      a.csat.average,
    ]),
  ];
  return `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
