/**
 * The contact form as the server shows it again after a post without JavaScript that it could not
 * accept: what needs fixing (each field's message, or why nothing could be read), then the form
 * with what the visitor typed. One renderer for two readers, as with the search block
 * (site-search-html.ts): the prerendered /contact-us/check page holds the block for no values and
 * no problems, and the server answers a refused post with that page, the block replaced by the one
 * for this post (it finds the block by rendering the empty one and looking for that exact text).
 * Every value is escaped here. The classes are the web form's (apps/web form-field.tsx and
 * contact-form.tsx), so both forms look the same; Tailwind reads them from this file
 * (apps/web/app/app.css, @source).
 */
import { contactFields, contactFieldText, contactLimits, type ContactField } from "./contact";
import { escapeHtml } from "./escape-html";

export type ContactFormValues = Record<ContactField, string>;

export const emptyContactValues: ContactFormValues = {
  name: "",
  email: "",
  phone_numbers: "",
  message: "",
};

/** Why a post could not be taken, beyond its fields (too many messages, a body too large to read). */
export interface ContactProblem {
  title: string;
  message: string;
}

export interface ContactCheck {
  values: ContactFormValues;
  /** A message per field (and any other key the server's validation named). */
  fields: Record<string, string>;
  problem?: ContactProblem | undefined;
}

/** What the visitor posted, as strings, whatever shape the body had. */
export function postedContactValues(body: unknown): ContactFormValues {
  const source = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const values = { ...emptyContactValues };
  for (const field of contactFields) {
    const raw = Object.hasOwn(source, field) ? source[field] : undefined;
    const first = Array.isArray(raw) ? raw[0] : raw;
    values[field] = typeof first === "string" ? first : "";
  }
  return values;
}

/** Where the plain form posts (the API's contact endpoint). */
export const CONTACT_FORM_ACTION = "/api/support/contact_us";

const inputClass =
  "mt-1.5 block w-full rounded-xl border border-muted/70 bg-surface px-4 py-3 text-ink shadow-sm " +
  "transition-colors hover:border-ink aria-[invalid=true]:border-2 aria-[invalid=true]:border-danger";

const controls: Record<
  ContactField,
  { type: string; autocomplete: string; max: number; required: boolean; className: string }
> = {
  name: {
    type: "text",
    autocomplete: "name",
    max: contactLimits.name,
    required: true,
    className: inputClass,
  },
  email: {
    type: "email",
    autocomplete: "email",
    max: contactLimits.email,
    required: true,
    className: inputClass,
  },
  phone_numbers: {
    type: "tel",
    autocomplete: "tel",
    max: contactLimits.phone,
    required: false,
    className: `${inputClass} sm:max-w-xs`,
  },
  message: {
    type: "textarea",
    autocomplete: "off",
    max: contactLimits.message,
    required: true,
    className: `${inputClass} min-h-40 resize-y`,
  },
};

const alertIcon =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-5 shrink-0 text-danger" aria-hidden="true"><circle cx="12" cy="12" r="10"></circle><line x1="12" x2="12" y1="8" y2="12"></line><line x1="12" x2="12.01" y1="16" y2="16"></line></svg>';

function summary(check: ContactCheck): string {
  const problems = contactFields.filter((f) => check.fields[f]);
  const other = Object.entries(check.fields)
    .filter(([key]) => !(contactFields as readonly string[]).includes(key))
    .map(([, message]) => message);
  const count = problems.length + other.length;
  if (count === 0 && !check.problem) return "";
  const items = [
    ...problems.map(
      (f) =>
        `<li><a href="#contact-${f}" class="text-danger underline">${escapeHtml(check.fields[f] ?? "")}</a></li>`,
    ),
    ...other.map((message) => `<li>${escapeHtml(message)}</li>`),
  ];
  const title = check.problem
    ? check.problem.title
    : count === 1
      ? "One thing needs your attention"
      : `${count} things need your attention`;
  return (
    `<div role="alert" aria-labelledby="contact-summary-title" class="rounded-xl border-2 border-danger p-4">` +
    `<h2 id="contact-summary-title" class="flex items-center gap-2 font-bold text-ink">${alertIcon}${escapeHtml(title)}</h2>` +
    (check.problem ? `<p class="mt-1 text-muted">${escapeHtml(check.problem.message)}</p>` : "") +
    (items.length > 0 ? `<ul class="mt-2 list-disc space-y-1 pl-6">${items.join("")}</ul>` : "") +
    `</div>`
  );
}

function field(name: ContactField, value: string, error: string | undefined): string {
  const id = `contact-${name}`;
  const { label, hint } = contactFieldText[name];
  const control = controls[name];
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const attributes =
    `id="${id}" name="${name}" maxlength="${control.max}"` +
    (control.required ? " required" : "") +
    (error ? ' aria-invalid="true"' : "") +
    (describedBy ? ` aria-describedby="${describedBy}"` : "") +
    ` class="${control.className}"`;
  const input =
    control.type === "textarea"
      ? `<textarea ${attributes} rows="6">${escapeHtml(value)}</textarea>`
      : `<input ${attributes} type="${control.type}" autocomplete="${control.autocomplete}"${name === "phone_numbers" ? ' inputmode="tel"' : ""} value="${escapeHtml(value)}"/>`;
  return (
    `<div><label for="${id}" class="block font-semibold text-ink">${escapeHtml(label)}</label>` +
    (hint ? `<p id="${id}-hint" class="mt-0.5 text-sm text-muted">${escapeHtml(hint)}</p>` : "") +
    input +
    (error
      ? `<p id="${id}-error" class="mt-1.5 text-sm font-semibold text-danger">${escapeHtml(error)}</p>`
      : "") +
    `</div>`
  );
}

/** The summary of what needs fixing (when anything does) and the form with the visitor's values. */
export function contactCheckBlock(check: ContactCheck): string {
  const f = (name: ContactField) => field(name, check.values[name], check.fields[name]);
  return (
    `<form method="post" action="${CONTACT_FORM_ACTION}" class="space-y-6">` +
    summary(check) +
    `<div class="grid gap-6 sm:grid-cols-2">${f("name")}${f("email")}</div>` +
    f("phone_numbers") +
    f("message") +
    // The honeypot: invisible and unreachable for people, so only bots fill it in.
    `<div class="sr-only" aria-hidden="true"><label for="contact-website">Leave this field empty</label>` +
    `<input id="contact-website" name="website" type="text" tabindex="-1" autocomplete="off" value=""/></div>` +
    `<button type="submit" class="btn btn-primary">Send message</button>` +
    `</form>`
  );
}

/** The block as the page is prerendered: no values, nothing to fix. */
export function emptyContactCheckBlock(): string {
  return contactCheckBlock({ values: emptyContactValues, fields: {} });
}
