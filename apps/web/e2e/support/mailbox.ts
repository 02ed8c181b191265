/** Reads the mails the SMTP sink stored, to get the one-time code a visitor was sent. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mailDir } from "./e2e-env";

interface StoredMail {
  to: string[];
  raw: string;
}

function mailsTo(email: string): StoredMail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as StoredMail)
    .filter((m) => m.to.includes(email.toLowerCase()));
}

/**
 * The code of a chat code mail ("Your Hourline chat code"): it is only in the body, on a line of its
 * own in the plain-text part (the subject never carries it).
 */
function codeOf(mail: StoredMail): string | undefined {
  const subject = /^Subject: (.*)$/im.exec(mail.raw)?.[1];
  if (!subject || !/chat code$/i.test(subject.trim())) return undefined;
  return /^(\d{6})\r?$/m.exec(mail.raw)?.[1];
}

/** Codes already handed out per address, so each call returns the next mail's code. */
const taken = new Map<string, number>();

export async function nextChatCode(email: string, timeoutMs = 15_000): Promise<string> {
  const already = taken.get(email) ?? 0;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = mailsTo(email)
      .map(codeOf)
      .filter((c): c is string => Boolean(c));
    const code = codes[already];
    if (code) {
      taken.set(email, already + 1);
      return code;
    }
    if (Date.now() > deadline) {
      throw new Error(`no chat code mail #${already + 1} for ${email} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every mail to an address, raw, for checks on other mails (a transcript, say). */
export function rawMailsTo(email: string): string[] {
  return mailsTo(email).map((m) => m.raw);
}

/** An RFC 2047 encoded word (`=?UTF-8?B?…?=` or `?Q?`) decoded; plain text passes through. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([\w-]+)\?([BQ])\?([^?]*)\?=/gi,
      (_m, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : Buffer.from(
              text
                .replace(/_/g, " ")
                .replace(/=([\dA-F]{2})/gi, (_h, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                ),
              "latin1",
            ).toString("utf8"),
    );
}

/** The plain-text part of a raw mail, its transfer encoding undone. */
function plainTextOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /^Content-Type: text\/plain/im.test(p)) ?? raw;
  const [head = "", ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    return Buffer.from(
      body
        .replace(/=\r?\n/g, "")
        .replace(/=([\dA-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  return body;
}

/** A mail as the visitor reads it: the subject and plain text decoded, in whatever language. */
export interface ReadMail {
  subject: string;
  text: string;
}

/** Every mail to an address, decoded, oldest first. */
export function readMailsTo(email: string): ReadMail[] {
  return mailsTo(email).map((m) => {
    const head = m.raw.split(/\r?\n\r?\n/)[0] ?? "";
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? "";
    return {
      subject: decodeWords(subject.replace(/\r?\n[ \t]/g, " ")).trim(),
      text: plainTextOf(m.raw),
    };
  });
}
