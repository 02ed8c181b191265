/** The team's report for a date range (GET /api/agent/reports), and where its CSV downloads from. */
import { reportAnswerSchema } from "@hourline/contracts/support-reports";
import { consoleApi } from "./console-client";
import { consoleEndpoints } from "./console-urls";

export interface ReportPeriod {
  from: string;
  to: string;
  tz: string;
}

export function fetchReport(period: ReportPeriod) {
  return consoleApi.get(consoleEndpoints.reports(period), reportAnswerSchema);
}

export function reportCsvUrl(period: ReportPeriod): string {
  return consoleEndpoints.reports({ ...period, format: "csv" });
}
