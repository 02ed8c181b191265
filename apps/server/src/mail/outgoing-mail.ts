/**
 * An e-mail as the rest of the server hands it to the outbox: one recipient, an optional Reply-To,
 * a subject, and the plain-text and HTML bodies. Header values are cleaned here, so no line break a
 * visitor typed can ever reach a mail header.
 */
import { isEmailAddress } from "@hourline/contracts/email-address";
import { isControlCodePoint } from "@hourline/contracts/text";
import { z } from "zod";

export interface MailAddress {
  name?: string | undefined;
  address: string;
}

export interface OutgoingMail {
  /** What the mail is about, for logs and the console: "contact_notification", "chat_otp", ... */
  kind: string;
  to: string;
  replyTo?: MailAddress | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /**
   * The bodies hold a secret or a conversation (a one-time code, chat text): the outbox blanks
   * them once the mail is sent or given up, and keeps only the envelope.
   */
  eraseAfterSend?: boolean | undefined;
}

const MAX_SUBJECT = 200;
const MAX_DISPLAY_NAME = 100;

/** Replaces control characters and line or paragraph separators with a space. */
export function stripControlCharacters(value: string): string {
  let out = "";
  for (const ch of value) {
    out += isControlCodePoint(ch.codePointAt(0) ?? 0) ? " " : ch;
  }
  return out;
}

/** A value that is safe in a mail header: one line, collapsed spaces, at most `max` characters. */
export function headerText(value: string, max: number): string {
  const oneLine = stripControlCharacters(value).replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

// The product's one address rule: whatever a form accepted, the outbox accepts.
const address = z.string().refine(isEmailAddress, "is not an e-mail address we can deliver to");

export const outgoingMailSchema = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
  to: address,
  replyTo: z
    .object({
      name: z
        .string()
        .optional()
        .transform((v) => (v ? headerText(v, MAX_DISPLAY_NAME) || undefined : undefined)),
      address,
    })
    .optional(),
  subject: z
    .string()
    .transform((v) => headerText(v, MAX_SUBJECT))
    .pipe(z.string().min(1)),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  eraseAfterSend: z.boolean().optional(),
});
