/**
 * The one e-mail address rule of the product: the contact form, the chat, agents' addresses, the
 * server's configuration and the mailer accept exactly the same addresses, so an address the form
 * takes is never refused later by the mailer.
 *
 * It is the browser's rule for `<input type="email">` (the HTML standard's "valid e-mail address"),
 * made a little stricter where mail servers are: a local part of at most 64 characters with no
 * leading, trailing or doubled dot; a domain of at least two labels whose last one is a top-level
 * domain (letters, or an `xn--` name); at most 254 characters in all. ASCII only: an address with
 * letters outside ASCII (`jörg@example.de`) needs SMTPUTF8, which many mail servers refuse, and a
 * code mailed there could be lost without anyone knowing.
 */
import { z } from "zod/mini";

export const emailLimits = { address: 254, localPart: 64, label: 63 } as const;

// Each one runs on a single label or local part, split out first, so none can backtrack far.
const LOCAL_PART = /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*$/;
const LABEL = /^[a-z\d](?:[a-z\d-]*[a-z\d])?$/i;
const TOP_LEVEL = /^(?:[a-z]{2,}|xn--[a-z\d-]+)$/i;

/** Why `value` is not an address we accept, for messages and logs; undefined when it is one. */
export function emailAddressProblem(
  value: string,
): "empty" | "too_long" | "not_ascii" | "format" | undefined {
  if (value === "") return "empty";
  if (value.length > emailLimits.address) return "too_long";
  if (!/^[\x21-\x7e]*$/.test(value)) return /^[\x21-\x7e\s]*$/.test(value) ? "format" : "not_ascii";
  const at = value.lastIndexOf("@");
  if (at <= 0) return "format";
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > emailLimits.localPart || !LOCAL_PART.test(local)) return "format";
  const labels = domain.split(".");
  if (labels.length < 2) return "format";
  for (const label of labels) {
    if (label.length > emailLimits.label || !LABEL.test(label)) return "format";
  }
  return TOP_LEVEL.test(labels[labels.length - 1] ?? "") ? undefined : "format";
}

export function isEmailAddress(value: string): boolean {
  return emailAddressProblem(value) === undefined;
}

/** E-mail addresses compare case-insensitively; this is the form stored and compared. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export interface EmailMessages {
  required: string;
  invalid: string;
  /** For an address with letters outside ASCII; `invalid` when absent. */
  notAscii?: string;
  /** For an address over 254 characters; `invalid` when absent. */
  tooLong?: string;
}

/**
 * A schema for a form's e-mail field with that form's wording: trimmed, checked by the rule above
 * and lower-cased (`normalize`) or kept as typed.
 */
export function emailField(messages: EmailMessages, { normalize }: { normalize: boolean }) {
  return z.pipe(
    z.string({ error: messages.required }).check(
      z.trim(),
      z.minLength(1, messages.required),
      z.superRefine((value, ctx) => {
        const problem = emailAddressProblem(value);
        if (problem === undefined) return;
        ctx.issues.push({
          code: "custom",
          input: value,
          message:
            (problem === "not_ascii" && messages.notAscii) ||
            (problem === "too_long" && messages.tooLong) ||
            messages.invalid,
        });
      }),
    ),
    z.transform((value: string) => (normalize ? normalizeEmail(value) : value)),
  );
}

/**
 * A `mailto:` link to one address, with optional subject and body. Every character that means
 * something in a URL is escaped, so an address such as `a?bcc=x%40evil.example@b.example` (valid:
 * `?`, `=` and `%` may stand in a local part) can only ever address itself.
 */
export function mailtoHref(
  address: string,
  fields: { subject?: string | undefined; body?: string | undefined } = {},
): string {
  const to = encodeURIComponent(address).replace(/%40/g, "@");
  const query = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  return `mailto:${to}${query ? `?${query}` : ""}`;
}
