/**
 * One path: name, e-mail, one visible "Send code" button (Enter in either field takes the next
 * step), the code, then Start Chat. Nothing appears behind the visitor when a field is left, and
 * Start Chat is never disabled: pressed too early it says what is missing. Errors sit under their
 * field or button (aria-describedby) and are read out through one polite live region.
 */
import { chatLimits } from "@hourline/contracts/chat-message";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useSecondsLeft } from "~/lib/live-chat/use-seconds-left";
import { t } from "../i18n/chat-language";
import { registrationTexts } from "./registration-texts";
import type { Registration } from "./use-registration";

export const chatInputClass =
  "mt-1.5 block w-full rounded-xl border border-muted/70 bg-surface px-3.5 py-2.5 text-ink shadow-sm " +
  "transition-colors hover:border-ink aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger";

/** A text button, still 44 px tall so a finger finds it. */
const linkButton =
  "inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4 " +
  "hover:text-ink aria-disabled:cursor-wait";

function describedBy(...ids: (string | false | null | undefined)[]) {
  return ids.filter(Boolean).join(" ") || undefined;
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-semibold text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export function RegistrationForm({
  registration,
  focusName,
}: {
  registration: Registration;
  /** Put focus on the name field once shown (after End Chat, the button that had it is gone). */
  focusName: boolean;
}) {
  const { state } = registration;
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);

  const showCodeStep = ["code", "verifying"].includes(state.verification);
  const verified = state.verification === "verified";

  useEffect(() => {
    if (focusName) nameRef.current?.focus();
  }, [focusName]);

  // The code input takes focus when it appears; once the e-mail is proved, Start Chat does.
  const previous = useRef(state.verification);
  useEffect(() => {
    const before = previous.current;
    previous.current = state.verification;
    if (state.verification === "code" && before === "sending") codeRef.current?.focus();
    if (state.verification === "verified" && before === "verifying") {
      if (state.name.trim()) startRef.current?.focus();
      else nameRef.current?.focus();
    }
    // Only when the step changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.verification]);

  /** Enter in the name or e-mail field: the next step, or the field to fix. */
  async function next(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const fix = await registration.next();
    if (fix === "name") nameRef.current?.focus();
    if (fix === "email") emailRef.current?.focus();
  }

  async function verify() {
    const refocus = await registration.verifyCode();
    if (refocus) {
      codeRef.current?.focus();
      codeRef.current?.select();
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="chat-form-title"
      aria-busy={state.submitting}
      onSubmit={(event) => {
        event.preventDefault();
        void registration.start();
      }}
      className="space-y-5 p-5"
    >
      <div>
        <h3 id="chat-form-title" className="text-lg font-bold text-ink">
          {t("formTitle")}
        </h3>
        <p className="mt-1 text-sm text-muted">{t("formIntro")}</p>
      </div>

      {state.formMessage ? (
        <p
          role="alert"
          className="flex gap-2 rounded-xl border-2 border-danger bg-surface p-3 text-sm font-semibold text-ink"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          {state.formMessage}
        </p>
      ) : null}

      <div>
        <label htmlFor="chat-name" className="block font-semibold text-ink">
          {t("nameLabel")}
        </label>
        <input
          ref={nameRef}
          id="chat-name"
          name="username"
          type="text"
          autoComplete="name"
          maxLength={chatLimits.name}
          value={state.name}
          onChange={(e) => registration.setName(e.target.value)}
          onBlur={registration.leaveName}
          onKeyDown={(e) => void next(e)}
          aria-invalid={state.nameError ? true : undefined}
          aria-describedby={describedBy(state.nameError && "chat-name-error")}
          className={chatInputClass}
        />
        {state.nameError ? <FieldError id="chat-name-error">{state.nameError}</FieldError> : null}
      </div>

      <div>
        <label htmlFor="chat-email" className="block font-semibold text-ink">
          {t("emailLabel")}
        </label>
        <input
          ref={emailRef}
          id="chat-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={chatLimits.email}
          value={state.email}
          onChange={(e) => registration.setEmail(e.target.value)}
          onBlur={registration.leaveEmail}
          onKeyDown={(e) => void next(e)}
          aria-invalid={state.emailError ? true : undefined}
          aria-describedby={describedBy(
            state.emailError && "chat-email-error",
            verified && "chat-email-verified",
          )}
          className={chatInputClass}
        />
        {state.emailError ? (
          <FieldError id="chat-email-error">{state.emailError}</FieldError>
        ) : null}
        {verified ? (
          <p
            id="chat-email-verified"
            className="mt-1.5 flex items-center gap-1.5 text-sm font-semibold text-teal"
          >
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
            {registrationTexts.verified}
          </p>
        ) : null}
        {/* Always there until the e-mail is proved, so nothing appears behind the visitor. */}
        {!showCodeStep && !verified ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <button
              type="button"
              className="btn btn-secondary"
              aria-disabled={state.verification === "sending" || undefined}
              aria-describedby="chat-send-code-hint"
              onClick={() => void registration.requestCode()}
            >
              {state.verification === "sending"
                ? registrationTexts.sendingCode
                : registrationTexts.sendCode}
            </button>
            {/* The check made when the field is left changes nothing here: no text moves while
                the visitor reaches for the button. */}
            <span id="chat-send-code-hint" className="text-sm text-muted">
              {registrationTexts.sendCodeHint}
            </span>
          </div>
        ) : null}
        {!showCodeStep && state.codeError ? (
          <FieldError id="chat-code-request-error">{state.codeError}</FieldError>
        ) : null}
      </div>

      {showCodeStep ? (
        <div className="rounded-xl bg-sunken p-4">
          <label htmlFor="chat-code" className="block font-semibold text-ink">
            {t("codeLabel")}
          </label>
          {state.codeSentTo ? (
            <p id="chat-code-hint" className="mt-0.5 text-sm text-muted">
              {state.codeFresh
                ? registrationTexts.codeSent(state.codeSentTo)
                : registrationTexts.codeSentEarlier(state.codeSentTo)}
            </p>
          ) : null}
          <div className="mt-1.5 flex flex-wrap items-start gap-2">
            <input
              ref={codeRef}
              id="chat-code"
              name="otp"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={chatLimits.otpDigits}
              value={state.code}
              onChange={(e) => registration.setCode(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void verify();
                }
              }}
              aria-invalid={state.codeError ? true : undefined}
              aria-describedby={describedBy(
                state.codeSentTo && "chat-code-hint",
                state.codeError && "chat-code-error",
              )}
              className="block w-40 rounded-xl border border-muted/70 bg-surface px-3.5 py-2 font-mono text-lg tracking-[0.3em] text-ink shadow-sm transition-colors hover:border-ink aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger"
            />
            <button
              type="button"
              className="btn btn-primary"
              aria-disabled={state.verification === "verifying" || undefined}
              onClick={() => void verify()}
            >
              {state.verification === "verifying" ? t("checking") : t("verifyCode")}
            </button>
          </div>
          {state.codeError ? <FieldError id="chat-code-error">{state.codeError}</FieldError> : null}
          <ResendCode
            key={state.cooldownUntil ?? 0}
            until={state.cooldownUntil ?? 0}
            onResend={() => void registration.requestCode()}
          />
        </div>
      ) : null}

      <div className="flex items-start gap-2.5">
        <input
          id="chat-transcript"
          type="checkbox"
          checked={state.transcript}
          onChange={(e) => registration.setTranscript(e.target.checked)}
          aria-describedby="chat-transcript-hint"
          className="mt-1 size-4 accent-[var(--color-brand-strong)]"
        />
        <div>
          <label htmlFor="chat-transcript" className="font-semibold text-ink">
            {t("transcriptLabel")}
          </label>
          <p id="chat-transcript-hint" className="text-sm text-muted">
            {t("transcriptHint")}
          </p>
        </div>
      </div>

      <div>
        <button
          ref={startRef}
          type="submit"
          className="btn btn-primary w-full"
          aria-disabled={state.submitting || undefined}
          aria-describedby={state.startError ? "chat-start-error" : undefined}
        >
          {state.submitting ? t("starting") : t("startChat")}
        </button>
        {state.startError ? (
          <FieldError id="chat-start-error">{state.startError}</FieldError>
        ) : null}
      </div>

      <p aria-live="polite" className="sr-only">
        {state.announcement}
      </p>
    </form>
  );
}

/** "Resend code", or how long until a new code may be asked for. */
function ResendCode({ until, onResend }: { until: number; onResend: () => void }) {
  const seconds = useSecondsLeft(until);
  return (
    <p className="mt-3 text-sm text-muted">
      {seconds > 0 ? (
        <span>{registrationTexts.cooldown(seconds)}</span>
      ) : (
        <>
          <span>{t("noEmail")} </span>
          <button type="button" className={linkButton} onClick={onResend}>
            {t("resendCode")}
          </button>
        </>
      )}
    </p>
  );
}
