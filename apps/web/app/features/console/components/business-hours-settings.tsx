/**
 * Business hours, for admins: the weekly schedule in one time zone (a day is closed or open in up
 * to four periods, see weekly-schedule.tsx), closed dates and the message the widget shows while
 * the team is away.
 * Other agents see the hours and cannot change them. The server checks everything again and says
 * which field is wrong.
 */
import {
  businessHoursSchema,
  type BusinessHours,
  type BusinessHoursAnswer,
} from "@hourline/contracts/business-hours";
import { fieldErrors as toFieldErrors } from "@hourline/contracts/api-error";
import { useState, type FormEvent } from "react";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import type { BusinessHoursSubmission } from "../route-data/business-hours";
import type { Load } from "../route-data/screen-data";
import { useConsoleState } from "./console-context";
import { ProblemMessage } from "./problem-message";
import { useConsoleSubmit } from "./use-console-submit";
import { scheduleErrors, WeeklySchedule, type ScheduleErrors } from "./weekly-schedule";

const SCOPE = "business-hours";

function HoursForm({ initial, canEdit }: { initial: BusinessHours; canEdit: boolean }) {
  const [hours, setHours] = useState(initial);
  const [closedText, setClosedText] = useState(initial.closed_dates.join("\n"));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [periodErrors, setPeriodErrors] = useState<ScheduleErrors>({});
  const { submit, pending } = useConsoleSubmit<BusinessHoursAnswer>();
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const candidate = {
      ...hours,
      closed_dates: closedText
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean),
    };
    const parsed = businessHoursSchema.safeParse(candidate);
    if (!parsed.success) {
      const perPeriod = scheduleErrors(parsed.error.issues);
      const fields = toFieldErrors(parsed.error);
      // Each period's mistake is shown beside its input; the schedule's line only sums them up.
      if (fields.weekly && Object.keys(perPeriod).length > 0) {
        fields.weekly = "Some opening periods need your attention (see below).";
      }
      setErrors(fields);
      setPeriodErrors(perPeriod);
      setStatus(null);
      return;
    }
    const save: BusinessHoursSubmission = { intent: "save", hours: parsed.data };
    const sent = submit(save, (outcome) => {
      if (!outcome.ok) {
        setErrors(outcome.fields);
        setProblem(outcome.message);
        return;
      }
      setHours(outcome.data.business_hours);
      setClosedText(outcome.data.business_hours.closed_dates.join("\n"));
      setStatus("Business hours saved. The chat widget uses them from now on.");
    });
    if (!sent) return;
    setErrors({});
    setPeriodErrors({});
    setProblem(null);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="card space-y-5 p-5">
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
            <p
              id={`${SCOPE}-weekly-error`}
              role="alert"
              className="mt-1 text-sm font-semibold text-danger"
            >
              {errors.weekly}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-muted">
            Up to four periods a day, such as 09:00 to 12:00 and 13:00 to 17:00, in the time zone
            above.
          </p>
          <WeeklySchedule
            scope={SCOPE}
            weekly={hours.weekly}
            errors={periodErrors}
            onChange={(weekly) => setHours((h) => ({ ...h, weekly }))}
          />
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
        <button type="submit" className="btn btn-primary" aria-disabled={pending || undefined}>
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

/** `load` is the route loader's answer; a save goes to the route's action. */
export function BusinessHoursSettings({ load }: { load: Load<BusinessHoursAnswer> }) {
  const me = useConsoleState((s) => s.me);
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
        <ProblemMessage text={load.kind === "failed" ? load.message : null} />
        {load.kind === "loaded" ? (
          <HoursForm initial={load.data.business_hours} canEdit={me.role === "admin"} />
        ) : null}
      </div>
    </div>
  );
}
