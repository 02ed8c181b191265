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
