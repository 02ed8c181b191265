/**
 * The contact form's body (POST /api/support/contact_us). The web form validates with this schema and
 * the server parses with it, so a rule and its message are written once. `website` is a honeypot: a
 * field people never see, which only bots fill in.
 */
// zod/mini: the same schemas with a tree-shakable API, so the form page ships a few KB of zod.
import { z } from "zod/mini";
import { emailField } from "./email-address";
import { nameField } from "./person-name";
import { dropNul } from "./text";

export const contactLimits = {
  name: 100,
  email: 254,
  phone: 30,
  message: 5000,
} as const;

/** The minimum number of digits in a phone number: shorter ones are typos. */
const MIN_PHONE_DIGITS = 5;

const name = nameField(
  {
    required: "Please enter your name.",
    tooLong: `Please keep your name to ${contactLimits.name} characters or fewer.`,
    invalid: "Please use only letters, spaces and punctuation.",
  },
  contactLimits.name,
);

const email = emailField(
  {
    required: "Please enter your e-mail address.",
    invalid: "Please enter a valid e-mail address, like name@company.com.",
    notAscii:
      "Please use an address with letters a-z, digits and . _ + - only; we cannot deliver to others yet.",
    tooLong: "That e-mail address is too long.",
  },
  { normalize: false },
);

const phone = z.pipe(
  z.nullish(
    z.string({ error: "Please enter the phone number as text." }).check(
      z.trim(),
      z.maxLength(
        contactLimits.phone,
        `Please keep the phone number to ${contactLimits.phone} characters.`,
      ),
      z.refine(
        (v) => /^[0-9 +()-]*$/.test(v),
        "Please use only digits, spaces and the characters + ( ) -.",
      ),
      z.refine(
        (v) => v === "" || v.replace(/\D/g, "").length >= MIN_PHONE_DIGITS,
        "That phone number looks too short.",
      ),
    ),
  ),
  // An empty or absent phone number is the same thing: none was given.
  z.transform((v) => (v ? v : undefined)),
);

const message = z.string({ error: "Please write your message." }).check(
  // See dropNul: on PostgreSQL a NUL failed the insert with a 500. The chat's sanitizer drops it too.
  z.overwrite(dropNul),
  z.trim(),
  z.minLength(1, "Please write your message."),
  z.maxLength(
    contactLimits.message,
    `Please keep your message to ${contactLimits.message.toLocaleString("en")} characters or fewer.`,
  ),
);

export const contactRequestSchema = z.object({
  name,
  email,
  phone_numbers: phone,
  message,
  /** The honeypot: empty from people. The server drops any message that fills it. */
  website: z.optional(z.string().check(z.maxLength(2048))),
});

/** What a client sends (the form's values). */
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
/** What the server stores: trimmed, with an absent phone number as undefined. */
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const contactFields = ["name", "email", "phone_numbers", "message"] as const;
export type ContactField = (typeof contactFields)[number];

/** True when the honeypot holds anything: a bot filled in the field no person can see. */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null || !Object.hasOwn(body, "website")) return false;
  const value: unknown = (body as { website?: unknown }).website;
  if (value === undefined || value === null) return false;
  return typeof value === "string" ? value.trim() !== "" : true;
}

/** The form's labels and hints, shared by the web form and the server's no-JavaScript pages. */
export const contactFieldText: Record<ContactField, { label: string; hint?: string }> = {
  name: { label: "Name", hint: "The name we should use in our reply." },
  email: { label: "E-mail", hint: "We reply to this address." },
  phone_numbers: { label: "Phone (optional)", hint: "Only if you would like us to call you." },
  message: { label: "Message", hint: "Up to 5,000 characters." },
};
