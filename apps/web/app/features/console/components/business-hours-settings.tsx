/**
 * Business hours, for admins: the weekly schedule in one time zone (a day is open from one time to
 * another, or closed), closed dates and the message the widget shows while the team is away.
 * Other agents see the hours and cannot change them. The server checks everything again and says
 * which field is wrong.
 */
import {
  businessHoursSchema,
  weekdays,
  type BusinessHours,
  type Weekday,
} from "@hourline/contracts/business-hours";
import { fieldErrors as toFieldErrors } from "@hourline/contracts/api-error";
import { useState, type FormEvent } from "react";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import { failureMessage } from "../api/console-client";
import { fetchBusinessHours, saveBusinessHours } from "../api/business-hours";
import { useConsoleState } from "./console-context";
import { ProblemMessage } from "./problem-message";
import { useConsoleFetch } from "./use-console-fetch";

const SCOPE = "business-hours";

const dayNames: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

function HoursForm({ initial, canEdit }: { initial: BusinessHours; canEdit: boolean }) {
  const [hours, setHours] = useState(initial);
  const [closedText, setClosedText] = useState(initial.closed_dates.join("\n"));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const setDay = (day: Weekday, open: boolean, from = "09:00", to = "17:00") =>
    setHours((h) => ({
      ...h,
      weekly: {
        ...h.weekly,
        [day]: open ? [{ open: from, close: to }, ...h.weekly[day].slice(1)] : [],
      },
    }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const candidate = {
      ...hours,
      closed_dates: closedText
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean),
    };
    const parsed = businessHoursSchema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      setStatus(null);
      return;
    }
    setErrors({});
    setBusy(true);
    setProblem(null);
    const result = await saveBusinessHours(parsed.data);
    setBusy(false);
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      setProblem(failureMessage(result));
      return;
    }
    setHours(result.data.business_hours);
    setClosedText(result.data.business_hours.closed_dates.join("\n"));
    setStatus("Business hours saved. The chat widget uses them from now on.");
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="card space-y-5 p-5">
      <fieldset disabled={!canEdit} className="space-y-5">
        <label className="flex items-center gap-3 font-semibold text-ink">
          <input
            type="checkbox"
            checked={hours.enabled}
            onChange={(e) => setHours({ ...hours, enabled: e.target.checked })}
            className="size-5"
          />
          Use business hours (outside them the widget says when the team is back and that the answer
          comes by e-mail)
        </label>
        <FormField
          scope={SCOPE}
          name="time_zone"
          label="Time zone"
          hint="The zone the schedule is in, such as Asia/Kolkata or Europe/Berlin."
          error={errors.time_zone}
        >
          <input
            {...controlProps(SCOPE, "time_zone", { hint: true, invalid: errors.time_zone })}
            type="text"
            spellCheck={false}
            value={hours.time_zone}
            onChange={(e) => setHours({ ...hours, time_zone: e.target.value.trim() })}
            className={inputClass}
          />
        </FormField>
        <fieldset>
          <legend className="font-semibold text-ink">Weekly schedule</legend>
          {errors.weekly ? (
            <p id={`${SCOPE}-weekly-error`} className="mt-1 text-sm font-semibold text-danger">
              {errors.weekly}
            </p>
          ) : null}
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Day
                </th>
                <th scope="col" className="py-1 pr-4">
                  Open
                </th>
                <th scope="col" className="py-1 pr-4">
                  From
                </th>
                <th scope="col" className="py-1">
                  To
                </th>
              </tr>
            </thead>
            <tbody>
              {weekdays.map((day) => {
                const first = hours.weekly[day][0];
                return (
                  <tr key={day} className="border-t border-line">
                    <th scope="row" className="py-2 pr-4 font-normal">
                      {dayNames[day]}
                    </th>
                    <td className="py-2 pr-4">
                      <input
                        type="checkbox"
                        aria-label={`Open on ${dayNames[day]}`}
                        checked={first !== undefined}
                        onChange={(e) => setDay(day, e.target.checked)}
                        className="size-5"
                      />
                    </td>
                    <td className="py-2 pr-4">
                      <input
                        type="time"
                        aria-label={`${dayNames[day]} opens at`}
                        disabled={!first}
                        value={first?.open ?? ""}
                        onChange={(e) => setDay(day, true, e.target.value, first?.close)}
                        className="rounded-lg border border-muted/70 bg-surface px-2 py-1"
                      />
                    </td>
                    <td className="py-2">
                      <input
                        type="time"
                        aria-label={`${dayNames[day]} closes at`}
                        disabled={!first}
                        value={first?.close === "24:00" ? "23:59" : (first?.close ?? "")}
                        onChange={(e) => setDay(day, true, first?.open, e.target.value)}
                        className="rounded-lg border border-muted/70 bg-surface px-2 py-1"
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </fieldset>
        <FormField
          scope={SCOPE}
          name="closed_dates"
          label="Closed dates"
          hint="One date a line, YYYY-MM-DD: public holidays, team days."
          error={errors.closed_dates}
        >
          <textarea
            {...controlProps(SCOPE, "closed_dates", { hint: true, invalid: errors.closed_dates })}
            rows={4}
            value={closedText}
            onChange={(e) => setClosedText(e.target.value)}
            className={inputClass}
          />
        </FormField>
        <FormField
          scope={SCOPE}
          name="offline_message"
          label="Message while you are away"
          hint="Shown in the chat widget outside business hours. Left empty, the widget says when you are back."
          error={errors.offline_message}
        >
          <textarea
            {...controlProps(SCOPE, "offline_message", {
              hint: true,
              invalid: errors.offline_message,
            })}
            rows={3}
            maxLength={500}
            value={hours.offline_message}
            onChange={(e) => setHours({ ...hours, offline_message: e.target.value })}
            className={inputClass}
          />
        </FormField>
      </fieldset>
      {canEdit ? (
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          Save business hours
        </button>
      ) : (
        <p className="text-sm text-muted">Only an admin can change business hours.</p>
      )}
      <p role="status" className="min-h-6 text-sm font-semibold text-ink">
        {status}
      </p>
      <ProblemMessage text={problem} />
    </form>
  );
}

export function BusinessHoursSettings() {
  const me = useConsoleState((s) => s.me);
  const [load] = useConsoleFetch(fetchBusinessHours);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
      <div className="mx-auto max-w-3xl space-y-6">
        <div>
          <h1 className="text-2xl font-bold text-ink">Business hours</h1>
          <p className="mt-1 text-muted">
            When the team answers chats. Outside these hours visitors can still write: the widget
            tells them when you are back and that the reply comes by e-mail, and first response in
            reports counts business time only.
          </p>
        </div>
        {load.kind === "loading" ? <p role="status">Loading business hours…</p> : null}
        <ProblemMessage text={load.kind === "failed" ? load.message : null} />
        {load.kind === "loaded" ? (
          <HoursForm initial={load.data.business_hours} canEdit={me.role === "admin"} />
        ) : null}
      </div>
    </div>
  );
}
