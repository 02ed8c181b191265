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

/** The subject line of a chat code mail: "123456 is your Hourline chat code". */
function codeOf(mail: StoredMail): string | undefined {
  const subject = /^Subject: (.*)$/im.exec(mail.raw)?.[1];
  return subject ? /^(\d{6}) is your /.exec(subject)?.[1] : undefined;
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
