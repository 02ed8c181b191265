/**
 * How a mail leaves the server: over SMTP (nodemailer, SMTP_URL), or, outside production when no
 * SMTP_URL is set, printed to the log so a developer can read it. Both get the same cleaned values.
 */
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import { headerText, type MailAddress } from "./outgoing-mail";

export interface SendableMail {
  id: number;
  kind: string;
  to: string;
  replyTo: MailAddress | null;
  subject: string;
  text: string;
  html: string | null;
}

export interface MailTransport {
  /** "smtp" delivers; "log" prints and the outbox marks the row as logged. */
  readonly mode: "smtp" | "log";
  send(mail: SendableMail): Promise<{ messageId: string | null }>;
  close(): void;
}

/** Bodies longer than this (both parts together) are sent base64-encoded. */
const LARGE_BODY_CHARS = 100_000;

/** Timeouts stay well under the outbox lease, so a hung server cannot outlive a worker's claim. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

// Defence in depth: the outbox already stores cleaned headers, but rows may come from elsewhere.
function headers(mail: SendableMail) {
  return {
    to: headerText(mail.to, 254),
    subject: headerText(mail.subject, 200),
    replyTo: mail.replyTo
      ? {
          name: mail.replyTo.name ? headerText(mail.replyTo.name, 100) : "",
          address: headerText(mail.replyTo.address, 254),
        }
      : undefined,
  };
}

export function smtpTransport(smtpUrl: string, from: MailAddress): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    ...SMTP_TIMEOUTS,
    // Our bodies are strings; never let a value be read as a file path or a URL to fetch.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    mode: "smtp",
    async send(mail) {
      const h = headers(mail);
      const info = await transporter.sendMail({
        from: { name: from.name ?? "", address: from.address },
        to: h.to,
        ...(h.replyTo ? { replyTo: h.replyTo } : {}),
        subject: h.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        // Quoted-printable is encoded in one synchronous step per part; for a long transcript
        // base64 (native, fast) keeps the server's event loop free.
        ...(mail.text.length + (mail.html?.length ?? 0) > LARGE_BODY_CHARS
          ? { textEncoding: "base64" as const }
          : {}),
      });
      return { messageId: typeof info.messageId === "string" ? info.messageId : null };
    },
    close() {
      transporter.close();
    },
  };
}

export function logTransport(log: FastifyBaseLogger, from: MailAddress): MailTransport {
  return {
    mode: "log",
    async send(mail) {
      const h = headers(mail);
      log.info(
        {
          mail: {
            id: mail.id,
            kind: mail.kind,
            from: from.address,
            to: h.to,
            replyTo: h.replyTo?.address,
            subject: h.subject,
            text: mail.text,
          },
        },
        "mail printed, not sent (no SMTP_URL); kept in the outbox as logged",
      );
      return { messageId: null };
    },
    close() {},
  };
}
