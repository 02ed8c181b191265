/**
 * The mail the support inbox gets for each contact message: plain text and HTML with the same
 * content, Reply-To the visitor so that answering is one click. Everything the visitor typed is
 * escaped in the HTML and kept out of headers except through the cleaned subject and Reply-To.
 */
import { escapeHtml } from "@hourline/contracts/escape-html";
import { stripFormatControls } from "@hourline/contracts/text";
import { brandName } from "../brand-sender";
import type { OutgoingMail } from "../outgoing-mail";

export interface ContactNotificationInput {
  id: number;
  name: string;
  email: string;
  phone: string | undefined;
  message: string;
  receivedAt: number;
}

export interface ContactNotificationSettings {
  supportInbox: string;
  publicUrl: string;
}

/** The head office is in India; the support team reads times in IST. */
function formatTime(epochMs: number): string {
  const local = new Date(epochMs).toLocaleString("en-IN", {
    timeZone: "Asia/Kolkata",
    dateStyle: "medium",
    timeStyle: "short",
  });
  return `${local} IST`;
}

export function contactNotification(
  given: ContactNotificationInput,
  settings: ContactNotificationSettings,
): OutgoingMail {
  const input = { ...given, name: stripFormatControls(given.name) };
  const received = formatTime(input.receivedAt);
  const phone = input.phone ?? "not given";
  const page = `${settings.publicUrl}/contact-us`;

  const text = [
    `${input.name} wrote to ${brandName} through the contact form (${page}).`,
    "",
    `Name:      ${input.name}`,
    `E-mail:    ${input.email}`,
    `Phone:     ${phone}`,
    `Received:  ${received}`,
    `Reference: contact message #${input.id}`,
    "",
    "Message:",
    "",
    input.message,
    "",
    "--",
    `Reply to this e-mail to answer ${input.name} at ${input.email}.`,
    "",
  ].join("\n");

  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 16px 4px 0;color:#4d5366;font-weight:600">${label}</th><td style="padding:4px 0">${value}</td></tr>`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(`Contact message from ${input.name}`)}</title></head>
<body style="margin:0;padding:24px;background:#fbfaf7;color:#161826;font:15px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e3e0d8;border-radius:12px;padding:24px">
<p style="margin:0 0 16px"><strong>${escapeHtml(input.name)}</strong> wrote to ${escapeHtml(brandName)} through the <a href="${escapeHtml(page)}" style="color:#4338ca">contact form</a>.</p>
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">
${row("Name", escapeHtml(input.name))}
${row("E-mail", `<a href="mailto:${escapeHtml(encodeURIComponent(input.email).replace(/%40/g, "@"))}" style="color:#4338ca">${escapeHtml(input.email)}</a>`)}
${row("Phone", escapeHtml(phone))}
${row("Received", escapeHtml(received))}
${row("Reference", `contact message #${input.id}`)}
</table>
<div style="white-space:pre-wrap;border-left:3px solid #4338ca;padding:8px 0 8px 16px;margin:0 0 16px">${escapeHtml(input.message)}</div>
<p style="margin:0;color:#4d5366;font-size:13px">Reply to this e-mail to answer ${escapeHtml(input.name)} at ${escapeHtml(input.email)}.</p>
</div>
</body>
</html>
`;

  return {
    kind: "contact_notification",
    to: settings.supportInbox,
    replyTo: { name: input.name, address: input.email },
    subject: `Contact form: ${input.name}`,
    text,
    html,
  };
}
