/**
 * The small pages that answer the contact form when it is posted without JavaScript: the thank-you
 * page, the form again with its errors and the visitor's values, and the "too many"/"too long"
 * pages. Self-contained (one inline stylesheet allowed by its hash), so they need no web build.
 */
import { createHash } from "node:crypto";
import { contactFields, contactFieldText, contactLimits } from "@hourline/contracts/contact";
import type { ContactField } from "@hourline/contracts/contact";
import { escapeHtml } from "@hourline/contracts/escape-html";
import { brandName } from "../../../mail/brand-sender";

const STYLE = `
:root{color-scheme:light dark;--ink:#161826;--muted:#4d5366;--line:#e3e0d8;--brand:#3730a3;--canvas:#fbfaf7;--surface:#fff;--danger:#b91c1c}
@media (prefers-color-scheme:dark){:root{--ink:#eef0f7;--muted:#a9afc4;--line:#2a2f45;--brand:#a5b4fc;--canvas:#0d0f17;--surface:#151826;--danger:#fca5a5}}
*{box-sizing:border-box}
body{margin:0;background:var(--canvas);color:var(--ink);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
header,main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}
header a{font-weight:700;font-size:1.25rem;color:var(--ink);text-decoration:none}
h1{font-size:2rem;line-height:1.2;margin:1rem 0}
a{color:var(--brand)}
.summary{border:2px solid var(--danger);border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 1.5rem}
.summary h2{font-size:1.125rem;margin:0 0 .5rem}
.field{margin:0 0 1.25rem}
label{display:block;font-weight:600}
.hint{margin:.125rem 0 .375rem;color:var(--muted);font-size:.9375rem}
.error{margin:.375rem 0 0;color:var(--danger);font-weight:600}
input,textarea{width:100%;font:inherit;color:inherit;background:var(--surface);border:1px solid var(--muted);border-radius:.5rem;padding:.625rem .75rem}
[aria-invalid=true]{border:2px solid var(--danger)}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{font:inherit;font-weight:600;color:#fff;background:#3730a3;border:0;border-radius:999px;padding:.75rem 1.5rem;cursor:pointer}
fieldset{border:0;padding:0;margin:0 0 1.25rem}
legend{font-weight:600;margin:0 0 .5rem}
.choice{display:flex;gap:.625rem;align-items:center;font-weight:400;margin:.25rem 0}
.choice input{width:auto;accent-color:#3730a3}
`;

const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;

/** The pages' own policy: nothing runs, only their stylesheet applies, forms post to us. */
export const contactPageCsp = [
  "default-src 'none'",
  `style-src '${STYLE_HASH}'`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} | ${brandName}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${escapeHtml(brandName)}</a></header>
<main>
${body}
</main>
</body>
</html>
`;
}

export function thankYouPage(): string {
  return page(
    "Thank You!",
    `<h1>Thank You!</h1>
<p>Your message was sent. Our team will get back to you soon.</p>
<p><a href="/contact-us">Back to the contact page</a> or <a href="/">go to the home page</a>.</p>`,
  );
}

export function problemPage(title: string, message: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/contact-us">Back to the contact page</a></p>`,
  );
}

export type ContactFormValues = Record<ContactField, string>;

/** What the visitor posted, as strings, whatever shape the body had. */
export function postedValues(body: unknown): ContactFormValues {
  const source = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const values = {} as ContactFormValues;
  for (const field of contactFields) {
    const raw = Object.hasOwn(source, field) ? source[field] : undefined;
    const first = Array.isArray(raw) ? raw[0] : raw;
    values[field] = typeof first === "string" ? first : "";
  }
  return values;
}

const inputs: Record<ContactField, { type: string; autocomplete: string; max: number }> = {
  name: { type: "text", autocomplete: "name", max: contactLimits.name },
  email: { type: "email", autocomplete: "email", max: contactLimits.email },
  phone_numbers: { type: "tel", autocomplete: "tel", max: contactLimits.phone },
  message: { type: "textarea", autocomplete: "off", max: contactLimits.message },
};

export function formPage(values: ContactFormValues, fields: Record<string, string>): string {
  const problems = contactFields.filter((f) => fields[f]);
  const other = Object.entries(fields)
    .filter(([key]) => !(contactFields as readonly string[]).includes(key))
    .map(([, message]) => message);
  const summary = [
    ...problems.map((f) => `<li><a href="#contact-${f}">${escapeHtml(fields[f] ?? "")}</a></li>`),
    ...other.map((message) => `<li>${escapeHtml(message)}</li>`),
  ].join("\n");
  const count = problems.length + other.length;

  const fieldHtml = contactFields
    .map((field) => {
      const id = `contact-${field}`;
      const { label, hint } = contactFieldText[field];
      const error = fields[field];
      const input = inputs[field];
      const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
        .filter(Boolean)
        .join(" ");
      const common = `id="${id}" name="${field}" maxlength="${input.max}"${
        field === "phone_numbers" ? "" : " required"
      }${error ? ' aria-invalid="true"' : ""}${describedBy ? ` aria-describedby="${describedBy}"` : ""}`;
      const control =
        input.type === "textarea"
          ? `<textarea ${common} rows="6">${escapeHtml(values[field])}</textarea>`
          : `<input ${common} type="${input.type}" autocomplete="${input.autocomplete}" value="${escapeHtml(values[field])}">`;
      return `<div class="field">
<label for="${id}">${escapeHtml(label)}</label>
${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ""}
${control}
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ""}
</div>`;
    })
    .join("\n");

  return page(
    "Please check your message",
    `<h1>Please check your message</h1>
<div class="summary" role="alert" aria-labelledby="summary-title">
<h2 id="summary-title">${count === 1 ? "One thing needs" : `${count} things need`} your attention</h2>
<ul>
${summary}
</ul>
</div>
<form method="post" action="/api/support/contact_us">
${fieldHtml}
<div class="trap" aria-hidden="true">
<label for="contact-website">Leave this field empty</label>
<input id="contact-website" name="website" type="text" tabindex="-1" autocomplete="off" value="">
</div>
<button type="submit">Send message</button>
</form>`,
  );
}
