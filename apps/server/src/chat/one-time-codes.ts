/**
 * One-time codes that prove a visitor owns an e-mail address: 6 digits from a CSPRNG,
 * stored as an HMAC with the installation's secret, valid 10 minutes, used once. A code is bound
 * to the browser that asked for it (the hash of a nonce cookie, decision record 0030): only that
 * browser can spend it, so strangers' wrong guesses count against nothing of the owner's; a newer
 * code voids that browser's older ones; 5 wrong tries void a code. Requests are capped per address
 * and browser (cooldown and hourly cap), per IP (hourly cap), and the mail to one address is
 * bounded per hour, except for a browser that proved the address before (the owner's path). Every
 * code mail carries a link that proves the address in whichever browser opens it (decision record
 * 0035), so even an owner who never verified can get out from under strangers' requests. The
 * answer never depends on whether the address is known.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { oneTimeCodeTiming } from "@hourline/contracts/chat-api";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { chatOtpMail } from "../mail/templates/chat-mails";
import { type ChatLanguage, defaultChatLanguage } from "@hourline/contracts/chat-languages";
import { enqueueMail } from "../repositories/mail-outbox";
import {
  closeCode,
  codeTimesForClient,
  codeTimesForEmail,
  insertCode,
  lockCodeRequests,
  newestOpenCode,
  replaceOpenCodes,
  takeCodeAttempt,
} from "../repositories/one-time-codes";

export interface OtpRules {
  validityMs: number;
  maxFailedAttempts: number;
  resendCooldownMs: number;
  /** Codes one browser may ask for one address. */
  perRequesterPerHour: number;
  /** Codes mailed to one address from all browsers (a browser that proved it before is exempt). */
  perEmailPerHour: number;
  perIpPerHour: number;
}

export const defaultOtpRules: OtpRules = {
  validityMs: oneTimeCodeTiming.lifetimeMs,
  maxFailedAttempts: 5,
  resendCooldownMs: oneTimeCodeTiming.resendCooldownMs,
  perRequesterPerHour: 5,
  perEmailPerHour: 10,
  perIpPerHour: 20,
};

const HOUR = 60 * 60_000;

/** How long the proof link in a code mail works (it only marks the browser that opens it). */
export const PROOF_LINK_TTL_MS = 7 * 24 * HOUR;

/** An address as it travels in a proof link's token: base64url, so the token is one URL word. */
const PROOF_TOKEN = /^([\w-]{1,400})\.(\d{13})\.([\w-]{43})$/;

export type RequestCodeResult =
  | { ok: true; codeId: number }
  | {
      ok: false;
      reason: "cooldown" | "requester_cap" | "email_cap" | "ip_cap";
      retryAfterMs: number;
    };

export type VerifyCodeResult =
  | { ok: true }
  | { ok: false; reason: "invalid"; attemptsLeft: number }
  | { ok: false; reason: "expired" | "locked" };

/**
 * How long until fewer than `max` of these codes (all from the last hour) are left in the hour,
 * or 0 when there is room now.
 */
function waitUnderCap(sentAt: number[], max: number, now: number): number {
  if (sentAt.length < max) return 0;
  const times = [...sentAt].sort((a, b) => a - b);
  const freesUp = times[times.length - max] ?? now;
  return Math.max(1000, freesUp + HOUR - now);
}

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

export class OneTimeCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string,
    /** The site's public origin: the code mail's proof link points at it. */
    private readonly publicUrl: string,
    private readonly rules: OtpRules = defaultOtpRules,
    private readonly makeCode: () => string = generateCode,
  ) {}

  private hash(email: string, code: string): string {
    return createHmac("sha256", this.secret).update(`${email}\n${code}`).digest("hex");
  }

  /** The mark a browser keeps once it proved `email`; only this server can make one. */
  provenMark(email: string): string {
    return createHmac("sha256", this.secret).update(`proven\n${email}`).digest("base64url");
  }

  /** Whether `mark` (a cookie's value) says this browser proved `email` before. */
  hasProven(email: string, mark: string | undefined): boolean {
    if (!mark) return false;
    const expected = Buffer.from(this.provenMark(email));
    const given = Buffer.from(mark);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private proofSignature(email: string, expiresAt: number): string {
    return createHmac("sha256", this.secret)
      .update(`proof-link\n${email}\n${expiresAt}`)
      .digest("base64url");
  }

  /**
   * The link in a code mail that proves `email` in the browser that opens it (GET /chat/prove).
   * Signed, not stored: it does nothing but set that browser's proven mark, so opening it twice,
   * or a mail scanner opening it, changes nothing for anyone else.
   */
  proofLink(email: string, now = Date.now()): string {
    const expiresAt = now + PROOF_LINK_TTL_MS;
    const token = `${Buffer.from(email).toString("base64url")}.${expiresAt}.${this.proofSignature(email, expiresAt)}`;
    return `${this.publicUrl}/chat/prove?token=${token}`;
  }

  /** The address a proof link's token proves, or undefined when it is forged, altered or old. */
  provenByLink(token: unknown, now = Date.now()): string | undefined {
    if (typeof token !== "string") return undefined;
    const parts = PROOF_TOKEN.exec(token);
    if (!parts) return undefined;
    const [, encoded = "", expires = "", signature = ""] = parts;
    const email = Buffer.from(encoded, "base64url").toString("utf8");
    const expiresAt = Number(expires);
    if (expiresAt <= now) return undefined;
    const expected = Buffer.from(this.proofSignature(email, expiresAt));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? email : undefined;
  }

  /**
   * Makes a new code for `email`, bound to the browser whose nonce hashes to `requesterHash`
   * (voiding that browser's older ones), and enqueues its mail, in one transaction that holds the
   * address's and the client's locks, so parallel requests are counted one by one.
   */
  async request(
    email: string,
    ipHash: string,
    requester: {
      hash: string;
      provenBefore: boolean;
      /** The widget's language: the code mail is written in it (English when absent). */
      language?: ChatLanguage;
    },
    now = Date.now(),
  ): Promise<RequestCodeResult> {
    return this.db.transaction().execute(async (trx) => {
      await lockCodeRequests(trx, [`otp:email:${email}`, `otp:client:${ipHash}`]);
      const mine = await codeTimesForEmail(trx, email, now - HOUR, requester.hash);
      const latest = mine[0];
      if (latest !== undefined && now - latest < this.rules.resendCooldownMs) {
        return {
          ok: false as const,
          reason: "cooldown" as const,
          retryAfterMs: latest + this.rules.resendCooldownMs - now,
        };
      }
      const mineWait = waitUnderCap(mine, this.rules.perRequesterPerHour, now);
      if (mineWait > 0) {
        return { ok: false as const, reason: "requester_cap" as const, retryAfterMs: mineWait };
      }
      if (!requester.provenBefore) {
        const all = await codeTimesForEmail(trx, email, now - HOUR);
        const emailWait = waitUnderCap(all, this.rules.perEmailPerHour, now);
        if (emailWait > 0) {
          return { ok: false as const, reason: "email_cap" as const, retryAfterMs: emailWait };
        }
      }
      const fromIp = await codeTimesForClient(trx, ipHash, now - HOUR);
      const ipWait = waitUnderCap(fromIp, this.rules.perIpPerHour, now);
      if (ipWait > 0) {
        return { ok: false as const, reason: "ip_cap" as const, retryAfterMs: ipWait };
      }

      await replaceOpenCodes(trx, email, requester.hash, now);
      const code = this.makeCode();
      const codeId = await insertCode(trx, {
        email,
        codeHash: this.hash(email, code),
        ipHash,
        requesterHash: requester.hash,
        createdAt: now,
        expiresAt: now + this.rules.validityMs,
      });
      await enqueueMail(
        trx,
        chatOtpMail(
          email,
          code,
          Math.round(this.rules.validityMs / 60_000),
          requester.language ?? defaultChatLanguage,
          this.proofLink(email, now),
        ),
        now,
      );
      return { ok: true as const, codeId };
    });
  }

  /**
   * Checks `code` against the newest open code of `email` that this browser asked for; a match
   * closes it for good. The try is counted before the code is compared, in the same statement that
   * checks tries are left. A browser that asked for no code (no nonce) has nothing to spend.
   */
  async verify(
    email: string,
    code: string,
    requesterHash: string | undefined,
    now = Date.now(),
  ): Promise<VerifyCodeResult> {
    if (requesterHash === undefined) return { ok: false, reason: "expired" };
    const max = this.rules.maxFailedAttempts;
    const attempt = await takeCodeAttempt(this.db, email, requesterHash, {
      now,
      maxAttempts: max,
    });
    if (!attempt) {
      const open = await newestOpenCode(this.db, email, requesterHash);
      if (open && open.expiresAt <= now) await closeCode(this.db, open.id, "expired", now);
      else if (open && open.attempts >= max) {
        await closeCode(this.db, open.id, "locked", now);
        return { ok: false, reason: "locked" };
      }
      return { ok: false, reason: "expired" };
    }
    const expected = Buffer.from(attempt.codeHash, "hex");
    const given = Buffer.from(this.hash(email, code), "hex");
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      // Only one request can close it: a code used twice at the same moment proves nothing twice.
      const used = await closeCode(this.db, attempt.id, "used", now);
      return used ? { ok: true } : { ok: false, reason: "expired" };
    }
    if (attempt.attempts >= max) {
      await closeCode(this.db, attempt.id, "locked", now);
      return { ok: false, reason: "locked" };
    }
    return { ok: false, reason: "invalid", attemptsLeft: max - attempt.attempts };
  }
}
