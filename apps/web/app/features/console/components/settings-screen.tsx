/**
 * The signed-in agent's own settings: the display name visitors see beside replies, the password
 * (changing it signs out every other session), and how the console gets their attention while the
 * tab is in the background (a chime, desktop notifications); for admins, how long visitors' data
 * is kept (RETENTION_DAYS, read-only here: it is the server's configuration).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  agentPasswordRules,
  changePasswordBodySchema,
  updateProfileBodySchema,
  type AgentAnswer,
  type ChangePasswordBody,
  type UpdateProfileBody,
} from "@hourline/contracts/console";
import type { RoutingSettingsAnswer } from "@hourline/contracts/console-hygiene";
import type { OperationsSettings } from "@hourline/contracts/visitor-data";
import { chatLimits } from "@hourline/contracts/chat-message";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod/mini";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import type { AdminLoad, Load } from "../route-data/screen-data";
import type { SettingsSubmission } from "../route-data/settings";
import { AlertSettings } from "./alert-settings";
import { applyFieldErrors } from "./form-errors";
import { ProblemMessage } from "./problem-message";
import { RoutingSettingsSection } from "./routing-settings";
import { useConsole, useConsoleState } from "./console-context";
import { useConsoleSubmit } from "./use-console-submit";
import { useRoleRevalidation } from "./use-role-revalidation";

/** `data` is the route loader's answer; every form here submits to the route's action. */
export function SettingsScreen({
  data,
}: {
  data: { routing: Load<RoutingSettingsAnswer>; retention: AdminLoad<OperationsSettings> };
}) {
  useRoleRevalidation();
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-2xl font-bold text-ink">Settings</h1>
        <ProfileForm />
        <PasswordForm />
        <AlertSettings />
        <RoutingSettingsSection load={data.routing} />
        <RetentionSettings load={data.retention} />
      </div>
    </div>
  );
}

function ProfileForm() {
  const { setMe } = useConsole();
  const me = useConsoleState((s) => s.me);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UpdateProfileBody>({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { name: me.name },
  });
  const scope = "profile";

  const { submit, pending } = useConsoleSubmit<AgentAnswer>();
  const save = handleSubmit((values) => {
    const profile: SettingsSubmission = { intent: "profile", profile: values };
    const sent = submit(profile, (outcome) => {
      if (!outcome.ok) {
        if (!applyFieldErrors(outcome, ["name"], setError)) setProblem(outcome.message);
        return;
      }
      setMe(outcome.data.agent);
      setStatus("Your name is saved. Visitors see it beside your next replies.");
    });
    if (sent) {
      setStatus(null);
      setProblem(null);
    }
  });

  return (
    <section aria-labelledby="profile-title" className="card p-5">
      <h2 id="profile-title" className="text-lg font-bold text-ink">
        Your name
      </h2>
      <p className="mt-1 text-sm text-muted">
        Signed in as {me.email} ({me.role === "admin" ? "admin" : "agent"}).
      </p>
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
          name="name"
          label="Display name"
          hint="Visitors see it beside your replies."
          error={errors.name?.message}
        >
          <input
            {...controlProps(scope, "name", { hint: true, invalid: errors.name })}
            autoComplete="name"
            maxLength={chatLimits.name}
            {...register("name")}
            className={inputClass}
          />
        </FormField>
        <button type="submit" className="btn btn-primary" aria-disabled={pending || undefined}>
          Save name
        </button>
        <p role="status" className="min-h-6 text-sm font-semibold text-ink">
          {status}
        </p>
      </form>
      <ProblemMessage text={problem} />
    </section>
  );
}

const passwordFormSchema = z
  .extend(changePasswordBodySchema, {
    confirm: z.string(),
  })
  .check(
    z.refine((v) => v.confirm === v.new_password, {
      error: "The two new passwords differ.",
      path: ["confirm"],
    }),
  );
type PasswordForm = z.infer<typeof passwordFormSchema>;

function PasswordForm() {
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { current_password: "", new_password: "", confirm: "" },
  });
  const scope = "password";

  const { submit, pending } = useConsoleSubmit<unknown>();
  const change = handleSubmit((values) => {
    const password: ChangePasswordBody = {
      current_password: values.current_password,
      new_password: values.new_password,
    };
    const sent = submit(
      { intent: "password", password } satisfies SettingsSubmission,
      (outcome) => {
        if (!outcome.ok) {
          if (!applyFieldErrors(outcome, ["current_password", "new_password"], setError)) {
            setProblem(outcome.message);
          }
          return;
        }
        reset();
        setStatus("Your password is changed. Your other sessions were signed out.");
      },
    );
    if (sent) {
      setStatus(null);
      setProblem(null);
    }
  });

  const fields = [
    { name: "current_password", label: "Current password", auto: "current-password", hint: "" },
    {
      name: "new_password",
      label: "New password",
      auto: "new-password",
      hint: `At least ${agentPasswordRules.minLength} characters.`,
    },
    { name: "confirm", label: "New password again", auto: "new-password", hint: "" },
  ] as const;

  return (
    <section aria-labelledby="password-title" className="card p-5">
      <h2 id="password-title" className="text-lg font-bold text-ink">
        Password
      </h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void change(e);
        }}
        className="mt-4 space-y-4"
      >
        {fields.map((f) => (
          <FormField
            key={f.name}
            scope={scope}
            name={f.name}
            label={f.label}
            hint={f.hint || undefined}
            error={errors[f.name]?.message}
          >
            <input
              {...controlProps(scope, f.name, { hint: Boolean(f.hint), invalid: errors[f.name] })}
              type="password"
              autoComplete={f.auto}
              {...register(f.name)}
              className={inputClass}
            />
          </FormField>
        ))}
        <button type="submit" className="btn btn-primary" aria-disabled={pending || undefined}>
          Change password
        </button>
        <p role="status" className="min-h-6 text-sm font-semibold text-ink">
          {status}
        </p>
      </form>
      <ProblemMessage text={problem} />
    </section>
  );
}

/** Admins see how long visitors' data is kept, and where a visitor's own request is handled. */
function RetentionSettings({ load }: { load: AdminLoad<OperationsSettings> }) {
  const isAdmin = useConsoleState((s) => s.me.role === "admin");
  if (!isAdmin) return null;
  return (
    <section aria-labelledby="retention-title" className="card p-5">
      <h2 id="retention-title" className="text-lg font-bold text-ink">
        Data retention
      </h2>
      {load.kind === "not-allowed" ? (
        <p className="mt-2 text-muted">Loading…</p>
      ) : load.kind === "failed" ? (
        <p role="alert" className="mt-2 font-semibold text-danger">
          {load.message}
        </p>
      ) : (
        <p className="mt-2 text-ink" data-testid="retention-days">
          {load.data.retention_days === 0
            ? "Everything is kept until someone erases it: no retention period is set."
            : `Ended chats (with their images), handled contact messages and sent mail are deleted ${load.data.retention_days} days after they end. One-time codes and expired sessions go within hours.`}
        </p>
      )}
      <p className="mt-2 text-sm text-muted">
        The period is the server&rsquo;s RETENTION_DAYS setting. To export or erase one
        visitor&rsquo;s data on request, use{" "}
        <Link to="/console/visitor-data" className="text-brand underline underline-offset-4">
          Visitor data
        </Link>
        .
      </p>
    </section>
  );
}
