/**
 * The team's routing settings on the Settings screen: how many open chats auto-assignment gives
 * one agent at most, and after how many silent minutes a chat whose visitor left ends by itself.
 * Every agent sees them; admins change them (the server refuses anyone else).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  routingLimits,
  routingSettingsSchema,
  type RoutingSettings,
  type RoutingSettingsAnswer,
} from "@hourline/contracts/console-hygiene";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import type { Load } from "../route-data/screen-data";
import type { SettingsSubmission } from "../route-data/settings";
import { applyFieldErrors } from "./form-errors";
import { ProblemMessage } from "./problem-message";
import { useConsoleState } from "./console-context";
import { useConsoleSubmit } from "./use-console-submit";

/** `load` comes from the Settings route's loader; a save goes to its action. */
export function RoutingSettingsSection({ load }: { load: Load<RoutingSettingsAnswer> }) {
  return (
    <section aria-labelledby="routing-title" className="card p-5">
      <h2 id="routing-title" className="text-lg font-bold text-ink">
        Routing
      </h2>
      {load.kind === "failed" ? (
        <p role="alert" className="mt-2 font-semibold text-danger">
          {load.message}
        </p>
      ) : (
        <RoutingForm initial={load.data.routing} />
      )}
    </section>
  );
}

function RoutingForm({ initial }: { initial: RoutingSettings }) {
  const isAdmin = useConsoleState((s) => s.me.role === "admin");
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RoutingSettings>({
    resolver: zodResolver(routingSettingsSchema),
    defaultValues: initial,
  });
  const scope = "routing";

  const { submit, pending } = useConsoleSubmit<RoutingSettingsAnswer>();
  const save = handleSubmit((values) => {
    const routing: SettingsSubmission = { intent: "routing", routing: values };
    const sent = submit(routing, (outcome) => {
      if (!outcome.ok) {
        if (!applyFieldErrors(outcome, ["max_open_chats", "abandoned_after_minutes"], setError)) {
          setProblem(outcome.message);
        }
        return;
      }
      setStatus("Saved. New chats are given out with these settings from now on.");
    });
    if (sent) {
      setStatus(null);
      setProblem(null);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(e);
      }}
      className="mt-4 space-y-4"
    >
      <FormField
        scope={scope}
        name="max_open_chats"
        label="Open chats per agent"
        hint="New chats go to the online agent with the fewest open chats, below this number."
        error={errors.max_open_chats?.message}
      >
        <input
          {...controlProps(scope, "max_open_chats", { hint: true, invalid: errors.max_open_chats })}
          type="number"
          inputMode="numeric"
          min={routingLimits.maxOpenChats.min}
          max={routingLimits.maxOpenChats.max}
          readOnly={!isAdmin}
          {...register("max_open_chats", { valueAsNumber: true })}
          className={inputClass}
        />
      </FormField>
      <FormField
        scope={scope}
        name="abandoned_after_minutes"
        label="End abandoned chats after (minutes)"
        hint="A chat whose visitor left and wrote nothing this long ends by itself; 0 never."
        error={errors.abandoned_after_minutes?.message}
      >
        <input
          {...controlProps(scope, "abandoned_after_minutes", {
            hint: true,
            invalid: errors.abandoned_after_minutes,
          })}
          type="number"
          inputMode="numeric"
          min={routingLimits.abandonedAfterMinutes.min}
          max={routingLimits.abandonedAfterMinutes.max}
          readOnly={!isAdmin}
          {...register("abandoned_after_minutes", { valueAsNumber: true })}
          className={inputClass}
        />
      </FormField>
      {isAdmin ? (
        <button type="submit" className="btn btn-primary" aria-disabled={pending || undefined}>
          Save routing
        </button>
      ) : (
        <p className="text-sm text-muted">Only an admin can change these.</p>
      )}
      <p role="status" className="min-h-6 text-sm font-semibold text-ink">
        {status}
      </p>
      <ProblemMessage text={problem} />
    </form>
  );
}
