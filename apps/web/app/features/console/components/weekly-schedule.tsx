/**
 * The weekly schedule of the business hours form: per day, whether the team is in and up to four
 * opening periods (09:00-12:00 and 13:00-17:00), each a pair of labelled time inputs with its own
 * error beside it (tied by aria-describedby), and buttons to add and remove a period. Adding moves
 * the focus to the new period's first input, removing to the day's "Add" button, so the keyboard
 * never lands on nothing.
 */
import {
  businessHoursLimits,
  clockMinutes,
  weekdayNames,
  weekdays,
  type BusinessHours,
  type OpenInterval,
  type Weekday,
} from "@hourline/contracts/business-hours";
import { useEffect, useRef } from "react";

type Weekly = BusinessHours["weekly"];

/** Errors by path inside `weekly`: "mon" for the day, "mon.1.open" for one time of one period. */
export type ScheduleErrors = Record<string, string>;

/** The schema's issues under `weekly`, keyed as ScheduleErrors (the first one per input). */
export function scheduleErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): ScheduleErrors {
  const out: ScheduleErrors = {};
  for (const issue of issues) {
    if (issue.path[0] !== "weekly" || issue.path.length < 2) continue;
    out[issue.path.slice(1).map(String).join(".")] ??= issue.message;
  }
  return out;
}

const timeClass =
  "mt-1 block rounded-lg border border-muted/70 bg-surface px-2 py-1 " +
  "aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger";

function addMinutes(clock: string, minutes: number): string {
  const total = Math.min(24 * 60, clockMinutes(clock) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** A period to add after the day's last one: from its close, an hour long (09:00-17:00 first). */
function nextPeriod(periods: OpenInterval[]): OpenInterval {
  const last = periods[periods.length - 1];
  if (!last) return { open: "09:00", close: "17:00" };
  return { open: last.close, close: addMinutes(last.close, 60) };
}

function TimeInput({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-muted">
        {label}
      </label>
      <input
        id={id}
        type="time"
        required
        // An input of type time cannot show 24:00 (midnight at the end of the day).
        value={value === "24:00" ? "23:59" : value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={timeClass}
      />
    </div>
  );
}

export function WeeklySchedule({
  scope,
  weekly,
  errors,
  onChange,
}: {
  scope: string;
  weekly: Weekly;
  errors: ScheduleErrors;
  onChange: (weekly: Weekly) => void;
}) {
  // The control to focus once the change that created (or enabled) it has rendered.
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  const setDay = (day: Weekday, periods: OpenInterval[]) => onChange({ ...weekly, [day]: periods });
  const ids = (day: Weekday, i: number) => ({
    open: `${scope}-${day}-${i}-open`,
    close: `${scope}-${day}-${i}-close`,
  });

  return (
    <div className="mt-2 space-y-3">
      {weekdays.map((day) => {
        const name = weekdayNames[day];
        const periods = weekly[day];
        const addId = `${scope}-${day}-add`;
        const dayError = errors[day];
        return (
          <fieldset key={day} className="border-t border-line pt-3">
            <legend className="sr-only">{name}</legend>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <label className="flex w-36 items-center gap-2 font-semibold text-ink">
                <input
                  type="checkbox"
                  checked={periods.length > 0}
                  onChange={(e) => setDay(day, e.target.checked ? [nextPeriod([])] : [])}
                  aria-describedby={dayError ? `${scope}-${day}-error` : undefined}
                  className="size-5"
                />
                <span>
                  <span className="sr-only">Open on </span>
                  {name}
                </span>
              </label>
              {periods.length === 0 ? <span className="text-sm text-muted">Closed</span> : null}
            </div>
            {dayError ? (
              <p id={`${scope}-${day}-error`} className="mt-1 text-sm font-semibold text-danger">
                {dayError}
              </p>
            ) : null}
            <ol className="mt-2 space-y-2">
              {periods.map((period, i) => {
                const id = ids(day, i);
                const openError = errors[`${day}.${i}.open`];
                const closeError = errors[`${day}.${i}.close`];
                const update = (patch: Partial<OpenInterval>) =>
                  setDay(
                    day,
                    periods.map((p, k) => (k === i ? { ...p, ...patch } : p)),
                  );
                return (
                  // A period has no id of its own: its place is its name ("period 2").
                  <li key={i} className="flex flex-wrap items-end gap-3">
                    <TimeInput
                      id={id.open}
                      label={`${name}, period ${i + 1}, opens at`}
                      value={period.open}
                      error={openError}
                      onChange={(open) => update({ open })}
                    />
                    <TimeInput
                      id={id.close}
                      label={`${name}, period ${i + 1}, closes at`}
                      value={period.close}
                      error={closeError}
                      onChange={(close) => update({ close })}
                    />
                    <button
                      type="button"
                      className="btn btn-secondary text-sm"
                      onClick={() => {
                        setDay(
                          day,
                          periods.filter((_, k) => k !== i),
                        );
                        pendingFocus.current = addId;
                      }}
                    >
                      Remove <span className="sr-only">{`${name}, period ${i + 1}`}</span>
                    </button>
                    {openError ? (
                      <p
                        id={`${id.open}-error`}
                        className="w-full text-sm font-semibold text-danger"
                      >
                        {openError}
                      </p>
                    ) : null}
                    {closeError ? (
                      <p
                        id={`${id.close}-error`}
                        className="w-full text-sm font-semibold text-danger"
                      >
                        {closeError}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            <button
              id={addId}
              type="button"
              className="btn btn-secondary mt-2 text-sm"
              disabled={periods.length >= businessHoursLimits.intervalsPerDay}
              onClick={() => {
                setDay(day, [...periods, nextPeriod(periods)]);
                pendingFocus.current = ids(day, periods.length).open;
              }}
            >
              Add a period <span className="sr-only">on {name}</span>
            </button>
          </fieldset>
        );
      })}
    </div>
  );
}
