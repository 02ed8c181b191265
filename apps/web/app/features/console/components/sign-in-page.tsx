/**
 * The console's sign-in page. One generic message for any wrong pair (the server's), the time to
 * wait when there were too many attempts, and why the agent is here when the session ended or they
 * signed out. After signing in the agent returns to where they were (a console address only).
 * The pair goes to the sign-in route's action through the console's one submission hook.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { DocumentTitle } from "./document-title";
import { agentLoginBodySchema, type AgentLoginBody } from "@hourline/contracts/agent-sign-in";
import { CircleAlert, Info, LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { brand } from "~/brand";
import { Logo } from "~/components/layout/logo";
import { controlProps, FormField, inputClass } from "~/components/ui/form-field";
import { fetchMe } from "../api/fetch-me";
import type { SignInSubmission } from "../route-data/sign-in";
import { applyFieldErrors } from "./form-errors";
import { knownSignedOut, returnPath } from "./sign-in-path";
import { useConsoleSubmit } from "./use-console-submit";

const FORM = "sign-in";

export function SignInPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const [params] = useSearchParams();
  const next = returnPath(params.get("next"));
  const reason = params.get("reason");
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  const {
    register,
    handleSubmit,
    setFocus,
    setError,
    formState: { errors },
  } = useForm<AgentLoginBody>({
    resolver: zodResolver(agentLoginBodySchema),
    defaultValues: { email: "", password: "" },
  });

  // Someone already signed in goes straight on (not asked again when the console sent them here
  // for want of a session).
  const asked = knownSignedOut(state);
  useEffect(() => {
    if (asked) return;
    let cancelled = false;
    void fetchMe().then((outcome) => {
      if (!cancelled && outcome.kind === "signed-in") void navigate(next, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [asked, navigate, next]);

  useEffect(() => {
    setFocus("email");
  }, [setFocus]);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const { submit, pending } = useConsoleSubmit();
  const signIn = handleSubmit((values) => {
    const body: SignInSubmission = { intent: "sign-in", ...values };
    const sent = submit(body, (outcome) => {
      if (outcome.ok) {
        void navigate(next, { replace: true });
        return;
      }
      // A field the server named is shown (and focused) under it; anything else above the form.
      const named = (["email", "password"] as const).find((name) => outcome.fields[name]);
      if (named && applyFieldErrors(outcome, ["email", "password"], setError)) setFocus(named);
      else setProblem(outcome.message);
    });
    if (sent) setProblem(null);
  });

  return (
    <main className="grid min-h-dvh place-items-center bg-canvas px-4 py-10">
      <DocumentTitle>{`Sign in · ${brand.name} support`}</DocumentTitle>
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <div className="card p-6 sm:p-8">
          <h1 className="text-2xl font-bold text-ink">Sign in to the support console</h1>
          <p className="mt-1 text-muted">For the {brand.name} support team.</p>

          {reason === "expired" ? (
            <p
              role="status"
              className="mt-5 flex gap-2 rounded-xl bg-accent-soft p-3 text-sm text-ink"
              data-testid="sign-in-reason"
            >
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Your session has ended. Sign in again to carry on: replies you were writing are kept.
            </p>
          ) : reason === "signed-out" ? (
            <p
              role="status"
              className="mt-5 flex gap-2 rounded-xl bg-sunken p-3 text-sm text-ink"
              data-testid="sign-in-reason"
            >
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              You have signed out.
            </p>
          ) : null}

          {problem ? (
            <div
              ref={problemRef}
              tabIndex={-1}
              role="alert"
              className="mt-5 flex gap-2 rounded-xl border-2 border-danger p-3 text-sm font-semibold text-ink outline-none"
              data-testid="sign-in-problem"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
              {problem}
            </div>
          ) : null}

          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void signIn(e);
            }}
            className="mt-6 space-y-5"
          >
            <FormField scope={FORM} name="email" label="E-mail" error={errors.email?.message}>
              <input
                {...controlProps(FORM, "email", { invalid: errors.email })}
                type="email"
                autoComplete="username"
                {...register("email")}
                className={inputClass}
              />
            </FormField>
            <FormField
              scope={FORM}
              name="password"
              label="Password"
              error={errors.password?.message}
            >
              <input
                {...controlProps(FORM, "password", { invalid: errors.password })}
                type="password"
                autoComplete="current-password"
                {...register("password")}
                className={inputClass}
              />
            </FormField>
            <button
              type="submit"
              className="btn btn-primary w-full"
              aria-disabled={pending || undefined}
            >
              {pending ? (
                <LoaderCircle
                  aria-hidden="true"
                  className="size-5 animate-spin motion-reduce:animate-none"
                />
              ) : null}
              Sign in
            </button>
          </form>
          <p className="mt-6 text-sm text-muted">
            Forgot your password? Ask an admin of your team to set a new one.
          </p>
        </div>
      </div>
    </main>
  );
}
