/**
 * The registration form's state and steps: name and e-mail checked when left, the
 * server asked whether this browser already proved the e-mail, the one-time code requested and
 * checked, then Start Chat. Kept by the widget, not the form, so closing the modal loses nothing.
 */
import { chatLimits } from "@hourline/contracts/chat-message";
import { chatFormMessages, registerBodySchema, type ChatUser } from "@hourline/contracts/chat-api";
import { isEmailAddress, normalizeEmail } from "@hourline/contracts/email-address";
import { useCallback, useRef, useState } from "react";
import { checkChatEmail } from "../api/check-chat-email";
import { RESEND_COOLDOWN_SECONDS, requestChatCode } from "../api/request-chat-code";
import { registerChatVisitor } from "../api/register-chat-visitor";
import { verifyChatCode } from "../api/verify-chat-code";
import { serverLanguage, t } from "../i18n/chat-language";
import { registrationTexts } from "./registration-texts";
import { currentVisitContext } from "../model/visit-context";

export type Verification =
  /** Not checked yet (or the e-mail changed). */
  | "unknown"
  | "checking"
  /** This browser has not proved the e-mail: the "Verify Email" link shows. */
  | "unverified"
  | "sending"
  /** A code was sent: the code input shows. */
  | "code"
  | "verifying"
  | "verified";

export interface RegistrationState {
  name: string;
  email: string;
  transcript: boolean;
  nameError: string | null;
  emailError: string | null;
  verification: Verification;
  /** The normalized e-mail the verification status is about. */
  verifiedFor: string | null;
  code: string;
  codeError: string | null;
  /** Where the code went and how long it lasts. */
  codeSentTo: string | null;
  /** The code was sent just now (not earlier, before a cooldown answer). */
  codeFresh: boolean;
  /** No new code may be asked for before this time (ms since the epoch). */
  cooldownUntil: number | null;
  /** A problem or notice that belongs to the whole form. */
  formMessage: string | null;
  /** What is missing before the chat can start, said under Start Chat when it was pressed. */
  startError: string | null;
  submitting: boolean;
  /** What the polite live region says next. */
  announcement: string;
}

export const emptyRegistration: RegistrationState = {
  name: "",
  email: "",
  transcript: false,
  nameError: null,
  emailError: null,
  verification: "unknown",
  verifiedFor: null,
  code: "",
  codeError: null,
  codeSentTo: null,
  codeFresh: false,
  cooldownUntil: null,
  formMessage: null,
  startError: null,
  submitting: false,
  announcement: "",
};

const nameSchema = registerBodySchema.shape.username;

/** The contract's check, said in the widget's language (the contract's words are English). */
function nameProblem(name: string): string | null {
  const result = nameSchema.safeParse(name);
  if (result.success) return null;
  if (result.error.issues[0]?.message === chatFormMessages.nameRequired || !name.trim()) {
    return t("nameRequired");
  }
  if (name.trim().length > chatLimits.name) return t("nameTooLong", { max: chatLimits.name });
  return t("nameInvalid");
}

function emailProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return t("emailRequired");
  if (!isEmailAddress(value)) return t("emailInvalid");
  return null;
}

/** What the verification fields reset to when the e-mail is no longer the one checked. */
const unverified = {
  verification: "unknown",
  verifiedFor: null,
  code: "",
  codeError: null,
  codeSentTo: null,
} as const satisfies Partial<RegistrationState>;

export function useRegistration(onRegistered: (user: ChatUser, transcript: boolean) => void) {
  const [state, setState] = useState<RegistrationState>(emptyRegistration);
  // The state as of now, for handlers and async steps (a slow answer about an old e-mail is
  // ignored); React's copy follows it.
  const latest = useRef(state);

  const update = useCallback((change: Partial<RegistrationState>) => {
    const next = { ...latest.current, ...change };
    latest.current = next;
    setState(next);
  }, []);

  const isStill = (email: string) => normalizeEmail(latest.current.email) === email;

  const setName = (name: string) =>
    update({
      name,
      ...(latest.current.nameError ? { nameError: nameProblem(name) } : {}),
      ...(latest.current.startError ? { startError: null } : {}),
    });

  /**
   * Enter in the name or e-mail field: the next step of the one path. A problem with a field is
   * said under it; then the code is asked for, or, once the e-mail is proved, the chat starts.
   * Returns the field to focus when one needs fixing.
   */
  const next = async (): Promise<"name" | "email" | null> => {
    const nameError = nameProblem(latest.current.name);
    const emailError = emailProblem(latest.current.email);
    if (nameError || emailError) {
      update({
        nameError,
        emailError,
        announcement: nameError
          ? registrationTexts.nameProblem(nameError)
          : registrationTexts.emailProblem(emailError ?? ""),
      });
      return nameError ? "name" : "email";
    }
    const { verification } = latest.current;
    if (verification === "verified") await start();
    else if (verification !== "code" && verification !== "verifying") await requestCode();
    return null;
  };

  const leaveName = () => {
    const nameError = nameProblem(latest.current.name);
    update({ nameError, announcement: nameError ? registrationTexts.nameProblem(nameError) : "" });
  };

  const setEmail = (email: string) => {
    const changed = normalizeEmail(email) !== latest.current.verifiedFor;
    update({
      email,
      ...(changed ? unverified : {}),
      ...(latest.current.emailError ? { emailError: emailProblem(email) } : {}),
    });
  };

  const checkEmail = async (email: string) => {
    update({ verification: "checking", verifiedFor: email });
    const outcome = await checkChatEmail(email);
    // A code asked for meanwhile (Send code pressed as the field was left) is the next step now.
    if (!isStill(email) || latest.current.verification !== "checking") return;
    if (outcome.kind === "verified") {
      update({
        verification: "verified",
        verifiedFor: email,
        announcement: registrationTexts.verified,
      });
    } else {
      // A failed check is answered by the code step, which says what went wrong if it fails too.
      update({ verification: "unverified", verifiedFor: email });
    }
  };

  const leaveEmail = () => {
    const emailError = emailProblem(latest.current.email);
    if (emailError) {
      update({
        emailError,
        ...unverified,
        announcement: registrationTexts.emailProblem(emailError),
      });
      return;
    }
    update({ emailError: null });
    const email = normalizeEmail(latest.current.email);
    if (latest.current.verifiedFor === email && latest.current.verification !== "unknown") return;
    void checkEmail(email);
  };

  const requestCode = async () => {
    const email = normalizeEmail(latest.current.email);
    if (emailProblem(latest.current.email) || latest.current.verification === "sending") return;
    update({ verification: "sending", verifiedFor: email, codeError: null, formMessage: null });
    const outcome = await requestChatCode(email, serverLanguage());
    if (!isStill(email)) return;
    switch (outcome.kind) {
      case "sent":
        update({
          verification: "code",
          code: "",
          codeSentTo: email,
          codeFresh: true,
          cooldownUntil: Date.now() + RESEND_COOLDOWN_SECONDS * 1000,
          announcement: registrationTexts.codeSent(email),
        });
        return;
      case "cooldown": {
        const wait = registrationTexts.cooldown(outcome.seconds);
        update({
          verification: "code",
          codeSentTo: latest.current.codeSentTo ?? email,
          codeFresh: latest.current.codeSentTo !== null && latest.current.codeFresh,
          cooldownUntil: Date.now() + outcome.seconds * 1000,
          announcement: `${wait}.`,
        });
        return;
      }
      case "invalid":
        update({
          ...unverified,
          emailError: outcome.message,
          announcement: registrationTexts.emailProblem(outcome.message),
        });
        return;
      case "failed": {
        const back = latest.current.codeSentTo ? "code" : "unverified";
        update({ verification: back, codeError: outcome.message, announcement: outcome.message });
      }
    }
  };

  const setCode = (code: string) =>
    update({ code: code.replace(/\D/g, "").slice(0, 6), codeError: null });

  /** Returns whether the code field should take focus (an error to fix). */
  const verifyCode = async (): Promise<boolean> => {
    if (latest.current.verification === "verifying") return false;
    const code = latest.current.code.trim();
    if (!code) {
      update({ codeError: registrationTexts.codeRequired });
      return true;
    }
    if (!/^\d{6}$/.test(code)) {
      update({ codeError: registrationTexts.codeFormat });
      return true;
    }
    const email = normalizeEmail(latest.current.email);
    update({ verification: "verifying", codeError: null });
    const outcome = await verifyChatCode(email, code);
    if (!isStill(email)) return false;
    switch (outcome.kind) {
      case "verified":
        update({
          verification: "verified",
          verifiedFor: email,
          code: "",
          codeSentTo: null,
          cooldownUntil: null,
          formMessage: null,
          startError: null,
          announcement: registrationTexts.verified,
        });
        return false;
      case "wrong":
        update({ verification: "code", codeError: outcome.message });
        return true;
      case "needs_new_code":
        update({ verification: "code", code: "", codeError: outcome.message });
        return true;
      case "rate_limited":
        update({
          verification: "code",
          codeError: registrationTexts.tooManyTries(outcome.seconds ?? 60),
        });
        return true;
      case "failed":
        update({ verification: "code", codeError: outcome.message });
        return true;
    }
  };

  const setTranscript = (transcript: boolean) => update({ transcript });

  /** What still stands between the form and the chat, in words; null when nothing does. */
  const missing = (): string | null => {
    const s = latest.current;
    if (nameProblem(s.name)) return registrationTexts.missingName;
    if (emailProblem(s.email)) return registrationTexts.missingEmail;
    if (s.verification === "verified") return null;
    if (s.verification === "code" || s.verification === "verifying") {
      return registrationTexts.missingCode;
    }
    return registrationTexts.missingVerification;
  };

  /**
   * Start Chat: the chat when everything is there, else what is missing, said under the button
   * (which is never disabled, so it can be found and pressed to ask).
   */
  const start = async () => {
    const nameError = nameProblem(latest.current.name);
    const gap = missing();
    if (gap) {
      update({
        startError: gap,
        ...(nameError ? { nameError } : {}),
        announcement: gap,
      });
      return;
    }
    const s = latest.current;
    if (s.submitting) return;
    update({ startError: null });
    const email = normalizeEmail(latest.current.email);
    update({ submitting: true, formMessage: null });
    const outcome = await registerChatVisitor({
      username: latest.current.name.trim(),
      email,
      ...(latest.current.transcript ? { transcript: true } : {}),
      context: currentVisitContext(),
      language: serverLanguage(),
    });
    update({ submitting: false });
    switch (outcome.kind) {
      case "registered":
        onRegistered(outcome.user, latest.current.transcript);
        return;
      case "unverified":
        update({
          verification: "unverified",
          verifiedFor: email,
          formMessage: registrationTexts.verifyAgain,
          announcement: registrationTexts.verifyAgain,
        });
        return;
      case "invalid":
        if (outcome.fields.username) {
          update({ nameError: outcome.fields.username });
        } else if (outcome.fields.email) {
          update({ emailError: outcome.fields.email, ...unverified });
        } else {
          update({ formMessage: outcome.message });
        }
        return;
      case "failed":
        update({ formMessage: outcome.message, announcement: outcome.message });
    }
  };

  /** Back to an empty form, or to a filled one that asks to verify again. */
  const reset = (prefill?: { name: string; email: string; message?: string }) => {
    if (!prefill) {
      update(emptyRegistration);
      return;
    }
    update({
      ...emptyRegistration,
      name: prefill.name,
      email: prefill.email,
      formMessage: prefill.message ?? null,
      announcement: prefill.message ?? "",
    });
    if (!prefill.message) void checkEmail(normalizeEmail(prefill.email));
    else update({ verification: "unverified", verifiedFor: normalizeEmail(prefill.email) });
  };

  return {
    state,
    setName,
    leaveName,
    setEmail,
    leaveEmail,
    requestCode,
    next,
    setCode,
    verifyCode,
    setTranscript,
    start,
    reset,
  };
}

export type Registration = ReturnType<typeof useRegistration>;
