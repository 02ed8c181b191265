/**
 * Reports, for admins: a date range in the lead's time zone, the figures beside those of the
 * period before, conversations per day and per hour as charts (with their tables), the team per
 * agent, and the CSV of the same figures.
 */
import { isTimeZone } from "@hourline/contracts/business-hours";
import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import { reportCsvUrl } from "../api/reports";
import { formatDuration, percentChange, rangeDays } from "../model/report-periods";
import type { ReportsData } from "../route-data/reports";
import { BarChart } from "./bar-chart";
import { useConsoleState } from "./console-context";
import { ProblemMessage } from "./problem-message";
import { ReportByAgent } from "./report-by-agent";
import { useRoleRevalidation } from "./use-role-revalidation";

const SCOPE = "reports";

function Figure({
  label,
  value,
  change,
  detail,
}: {
  label: string;
  value: string;
  change: string | null;
  detail?: string;
}) {
  return (
    <div className="card p-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">{value}</dd>
      {detail ? <dd className="text-sm text-muted">{detail}</dd> : null}
      <dd className="mt-1 text-sm text-muted">
        {change ? `${change} on the period before` : "No comparison"}
      </dd>
    </div>
  );
}

/**
 * `data` is the route loader's answer for the period in the address; "Show report" puts another
 * period in the address, and the router loads it (its navigation is the loading state).
 */
export function ReportsScreen({ data }: { data: ReportsData }) {
  const me = useConsoleState((s) => s.me);
  useRoleRevalidation();
  const { period, report: load } = data;
  const [draft, setDraft] = useState(period);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const loading =
    (navigation.state === "loading" && navigation.location.pathname === location.pathname) ||
    load.kind === "not-allowed";

  if (me.role !== "admin") {
    return (
      <div className="p-6">
        <h1 className="text-2xl font-bold text-ink">Reports</h1>
        <p className="mt-2 text-muted">Only an admin can see the team&rsquo;s reports.</p>
      </div>
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!draft.from) errors.from = "Choose the first day.";
    if (!draft.to) errors.to = "Choose the last day.";
    else if (draft.from && draft.from > draft.to)
      errors.to = "The last day must not be before the first.";
    else if (draft.from && rangeDays(draft) > 367) errors.to = "A report covers at most 367 days.";
    if (!isTimeZone(draft.tz)) errors.tz = "Choose a time zone such as Asia/Kolkata.";
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) {
      void setSearchParams({ from: draft.from, to: draft.to, tz: draft.tz });
    }
  }

  const current = load.kind === "loaded" ? load.current : null;
  const before = load.kind === "loaded" ? load.previous : null;

  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
      <div className="mx-auto max-w-5xl space-y-6">
        <div>
          <h1 className="text-2xl font-bold text-ink">Reports</h1>
          <p className="mt-1 text-muted">
            How the team did over a period, beside the period of the same length before it. Days and
            hours are in the time zone you choose.
          </p>
        </div>
        <form noValidate onSubmit={onSubmit} className="card flex flex-wrap items-end gap-4 p-5">
          <FormField scope={SCOPE} name="from" label="From" error={fieldErrors.from}>
            <input
              {...controlProps(SCOPE, "from", { invalid: fieldErrors.from })}
              type="date"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
              className={inputClass}
            />
          </FormField>
          <FormField scope={SCOPE} name="to" label="To" error={fieldErrors.to}>
            <input
              {...controlProps(SCOPE, "to", { invalid: fieldErrors.to })}
              type="date"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              className={inputClass}
            />
          </FormField>
          <FormField scope={SCOPE} name="tz" label="Time zone" error={fieldErrors.tz}>
            <input
              {...controlProps(SCOPE, "tz", { invalid: fieldErrors.tz })}
              type="text"
              spellCheck={false}
              value={draft.tz}
              onChange={(e) => setDraft({ ...draft, tz: e.target.value.trim() })}
              className={inputClass}
            />
          </FormField>
          <div className="flex flex-wrap gap-3 pb-0.5">
            <button type="submit" className="btn btn-primary">
              Show report
            </button>
            <a href={reportCsvUrl(period)} download className="btn btn-secondary">
              <Download aria-hidden="true" className="size-4" />
              Download CSV
            </a>
          </div>
        </form>

        <p role="status" className="sr-only">
          {loading ? "Loading the report…" : ""}
        </p>
        <ProblemMessage text={load.kind === "failed" ? load.message : null} />

        {current ? (
          <>
            <section aria-labelledby="summary-title">
              <h2 id="summary-title" className="text-lg font-bold text-ink">
                {current.from} to {current.to}
                {before ? (
                  <span className="font-normal text-muted">
                    {" "}
                    (compared with {before.from} to {before.to})
                  </span>
                ) : null}
              </h2>
              <dl className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                <Figure
                  label="Conversations"
                  value={String(current.conversations)}
                  change={percentChange(current.conversations, before?.conversations ?? null)}
                />
                <Figure
                  label="Missed"
                  value={String(current.missed)}
                  change={percentChange(current.missed, before?.missed ?? null)}
                  detail="Left before anyone answered"
                />
                <Figure
                  label="First response, median"
                  value={formatDuration(current.first_response_seconds.median)}
                  detail={`90% within ${formatDuration(current.first_response_seconds.p90)}${current.business_hours ? ", business hours" : ""}`}
                  change={percentChange(
                    current.first_response_seconds.median,
                    before?.first_response_seconds.median ?? null,
                  )}
                />
                <Figure
                  label="Resolution, median"
                  value={formatDuration(current.resolution_seconds.median)}
                  detail={`90% within ${formatDuration(current.resolution_seconds.p90)}`}
                  change={percentChange(
                    current.resolution_seconds.median,
                    before?.resolution_seconds.median ?? null,
                  )}
                />
                <Figure
                  label="Satisfaction (1 to 5)"
                  value={current.csat.average === null ? "–" : current.csat.average.toFixed(2)}
                  detail={`${current.csat.responses} ${current.csat.responses === 1 ? "rating" : "ratings"}: ${current.csat.distribution
                    .map((n, i) => `${n}×${i + 1}`)
                    .join(", ")}`}
                  change={percentChange(current.csat.average, before?.csat.average ?? null)}
                />
              </dl>
            </section>

            <BarChart
              title="Conversations per day"
              description={`Conversations started each day, ${current.tz}.`}
              labelHeader="Day"
              valueLabel="Conversations"
              bars={current.by_day.map((d, i) => ({
                label: d.date,
                short: d.date.slice(5),
                value: d.conversations,
                ...(before?.by_day[i] ? { previous: before.by_day[i].conversations } : {}),
              }))}
            />
            <BarChart
              title="Conversations by hour of day"
              description={`When conversations started, by local hour, ${current.tz}.`}
              labelHeader="Hour"
              valueLabel="Conversations"
              bars={current.by_hour.map((n, h) => ({
                label: `${String(h).padStart(2, "0")}:00`,
                short: String(h),
                value: n,
                ...(before ? { previous: before.by_hour[h] ?? 0 } : {}),
              }))}
            />

            <ReportByAgent agents={current.by_agent} />
          </>
        ) : null}
      </div>
    </div>
  );
}
