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
  type ChangePasswordBody,
  type UpdateProfileBody,
} from "@hourline/contracts/console";
import { chatLimits } from "@hourline/contracts/chat-message";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod/mini";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import { useOneAtATime } from "~/hooks/use-one-at-a-time";
import { failureMessage } from "../api/console-client";
import { changePassword, updateProfile } from "../api/profile";
import { fetchOperationsSettings } from "../api/visitor-data";
import { AlertSettings } from "./alert-settings";
import { applyFieldErrors } from "./form-errors";
import { ProblemMessage } from "./problem-message";
import { RoutingSettingsSection } from "./routing-settings";
import { useConsole, useConsoleState } from "./console-context";
import { useConsoleFetch } from "./use-console-fetch";

export function SettingsScreen() {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-6">
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-2xl font-bold text-ink">Settings</h1>
        <ProfileForm />
        <PasswordForm />
        <AlertSettings />
        <RoutingSettingsSection />
        <RetentionSettings />
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
    formState: { errors, isSubmitting },
  } = useForm<UpdateProfileBody>({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: { name: me.name },
  });
  const scope = "profile";

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    setProblem(null);
    const result = await updateProfile(values);
    if (!result.ok) {
      if (!applyFieldErrors(result, ["name"], setError)) setProblem(failureMessage(result));
      return;
    }
    setMe(result.data.agent);
    setStatus("Your name is saved. Visitors see it beside your next replies.");
  });
  const save = useOneAtATime(submit);

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
          void save.run(e);
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
        <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting || undefined}>
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
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { current_password: "", new_password: "", confirm: "" },
  });
  const scope = "password";

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    setProblem(null);
    const body: ChangePasswordBody = {
      current_password: values.current_password,
      new_password: values.new_password,
    };
    const result = await changePassword(body);
    if (!result.ok) {
      if (!applyFieldErrors(result, ["current_password", "new_password"], setError)) {
        setProblem(failureMessage(result));
      }
      return;
    }
    reset();
    setStatus("Your password is changed. Your other sessions were signed out.");
  });
  const change = useOneAtATime(submit);

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
          void change.run(e);
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
        <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting || undefined}>
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
function RetentionSettings() {
  const me = useConsoleState((s) => s.me);
  const isAdmin = me.role === "admin";
  const [load] = useConsoleFetch(fetchOperationsSettings, { enabled: isAdmin });
  if (!isAdmin) return null;
  return (
    <section aria-labelledby="retention-title" className="card p-5">
      <h2 id="retention-title" className="text-lg font-bold text-ink">
        Data retention
      </h2>
      {load.kind === "loading" ? (
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
