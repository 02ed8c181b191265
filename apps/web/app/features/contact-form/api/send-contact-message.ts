/**
 * POST /api/support/contact_us: the schema (shared with the server), the form's value types, the
 * call, and the outcome the form shows. The plain HTML form posts to the same path without
 * JavaScript.
 */
import { describeRetryAfter, okSchema } from "@hourline/contracts/api-error";
import {
  contactRequestSchema,
  type ContactField,
  type ContactRequest,
  type ContactRequestInput,
} from "@hourline/contracts/contact";
import { postJson } from "~/lib/api-client";

export const CONTACT_ENDPOINT = "/api/support/contact_us";
export { contactRequestSchema as contactFormSchema };
export type ContactFormInput = ContactRequestInput;
export type ContactFormOutput = ContactRequest;

export type SendOutcome =
  | { kind: "sent" }
  /** The server refused some fields (it validates with the same schema, so this is rare). */
  | { kind: "invalid"; fields: Partial<Record<ContactField, string>>; message: string }
  | { kind: "rate_limited"; message: string }
  | { kind: "failed"; message: string };

const FAILED =
  "We could not send your message. Your text is still here: please try again in a moment.";

export async function sendContactMessage(values: ContactFormOutput): Promise<SendOutcome> {
  const result = await postJson(CONTACT_ENDPOINT, values, okSchema);
  if (result.ok) return { kind: "sent" };
  if (result.status === 429) {
    const when = result.retryAfterSeconds
      ? `Please try again in ${describeRetryAfter(result.retryAfterSeconds)}.`
      : "Please try again a little later.";
    return {
      kind: "rate_limited",
      message: `We have received several messages from your network in a short time. ${when}`,
    };
  }
  // 413 with fields: a text past its length limit (the form checks it first, so rarely seen).
  if ((result.status === 400 || result.status === 413) && result.error.fields) {
    return { kind: "invalid", fields: result.error.fields, message: result.error.message };
  }
  if (result.status === 0) {
    return {
      kind: "failed",
      message:
        "We could not reach our server, so your message was not sent. Check your connection; your text is still here, so you can try again.",
    };
  }
  return { kind: "failed", message: FAILED };
}
