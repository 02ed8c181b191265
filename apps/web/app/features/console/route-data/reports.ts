/**
 * The Reports screen's data, for admins only: the report for the period in the address
 * (`?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=Area/City`; the last 7 days in the browser's zone without
 * one) beside the report for the period of the same length before it.
 */
import { isTimeZone } from "@hourline/contracts/business-hours";
import { failureMessage } from "../api/console-client";
import { fetchReport, type ReportPeriod } from "../api/reports";
import { lastDays, previousRange } from "../model/report-periods";
import { forAdmins } from "./screen-data";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function browserZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}

/** The period the address names, or the last 7 days when it names none (or not a valid one). */
export function reportPeriod(search: URLSearchParams, zone = browserZone()): ReportPeriod {
  const from = search.get("from") ?? "";
  const to = search.get("to") ?? "";
  const tz = search.get("tz") ?? "";
  if (DATE.test(from) && DATE.test(to) && from <= to && isTimeZone(tz)) return { from, to, tz };
  const fallbackZone = isTimeZone(tz) ? tz : zone;
  return { ...lastDays(7, fallbackZone), tz: fallbackZone };
}

export async function loadReports(url: URL, zone?: string) {
  const period = reportPeriod(url.searchParams, zone);
  const report = await forAdmins(async () => {
    const [current, previous] = await Promise.all([
      fetchReport(period),
      fetchReport({ ...previousRange(period), tz: period.tz }),
    ]);
    if (!current.ok) return { kind: "failed" as const, message: failureMessage(current) };
    return {
      kind: "loaded" as const,
      current: current.data,
      previous: previous.ok ? previous.data : null,
    };
  });
  return { period, report };
}

export type ReportsData = Awaited<ReturnType<typeof loadReports>>;
