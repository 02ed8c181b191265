/**
 * Every word of the registration form and its steps, in the widget's active language
 * (i18n/chat-language.ts): read by the form, its state (use-registration.ts) and the widget.
 */
import { oneTimeCodeTiming } from "@hourline/contracts/chat-api";
import { formatWait, t } from "../i18n/chat-language";

export const registrationTexts = {
  get verified() {
    return t("verified");
  },
  get codeRequired() {
    return t("codeRequired");
  },
  get codeFormat() {
    return t("codeFormat");
  },
  get verifyAgain() {
    return t("verifyAgain");
  },
  codeSent: (email: string) =>
    t("codeSent", { email, duration: formatWait(oneTimeCodeTiming.lifetimeMs / 1000) }),
  codeSentEarlier: (email: string) => t("codeSentEarlier", { email }),
  cooldown: (seconds: number) => t("cooldown", { wait: formatWait(seconds) }),
  tooManyTries: (seconds: number) => t("tooManyTries", { wait: formatWait(seconds) }),
  nameProblem: (problem: string) => t("nameProblem", { problem }),
  emailProblem: (problem: string) => t("emailProblem", { problem }),
  get sendCode() {
    return t("sendCode");
  },
  get sendingCode() {
    return t("sendingCode");
  },
  get sendCodeHint() {
    return t("sendCodeHint");
  },
  get missingName() {
    return t("missingName");
  },
  get missingEmail() {
    return t("missingEmail");
  },
  get missingCode() {
    return t("missingCode");
  },
  get missingVerification() {
    return t("missingVerification");
  },
};
