/**
 * One-time codes that prove a visitor owns an e-mail address: 6 digits from a CSPRNG,
 * stored as an HMAC with the installation's secret, valid 10 minutes, used once; a newer code voids
 * older ones and 5 wrong tries void a code. Requests are capped per e-mail (cooldown and hourly cap)
 * and per IP (hourly cap). The answer never depends on whether the address is known.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { oneTimeCodeTiming } from "@hourline/contracts/chat-api";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { chatOtpMail } from "../mail/templates/chat-mails";
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
  perEmailPerHour: number;
  perIpPerHour: number;
}

export const defaultOtpRules: OtpRules = {
  validityMs: oneTimeCodeTiming.lifetimeMs,
  maxFailedAttempts: 5,
  resendCooldownMs: oneTimeCodeTiming.resendCooldownMs,
  perEmailPerHour: 5,
  perIpPerHour: 20,
};

const HOUR = 60 * 60_000;

export type RequestCodeResult =
  | { ok: true; codeId: number }
  | { ok: false; reason: "cooldown" | "email_cap" | "ip_cap"; retryAfterMs: number };

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
    private readonly rules: OtpRules = defaultOtpRules,
    private readonly makeCode: () => string = generateCode,
  ) {}

  private hash(email: string, code: string): string {
    return createHmac("sha256", this.secret).update(`${email}\n${code}`).digest("hex");
  }

  /**
   * Makes a new code for `email` (voiding older ones) and enqueues its mail, in one transaction
   * that holds the address's and the client's locks, so parallel requests are counted one by one.
   */
  async request(email: string, ipHash: string, now = Date.now()): Promise<RequestCodeResult> {
    return this.db.transaction().execute(async (trx) => {
      await lockCodeRequests(trx, [`otp:email:${email}`, `otp:client:${ipHash}`]);
      const recent = await codeTimesForEmail(trx, email, now - HOUR);
      const latest = recent[0];
      if (latest !== undefined && now - latest < this.rules.resendCooldownMs) {
        return {
          ok: false as const,
          reason: "cooldown" as const,
          retryAfterMs: latest + this.rules.resendCooldownMs - now,
        };
      }
      const emailWait = waitUnderCap(recent, this.rules.perEmailPerHour, now);
      if (emailWait > 0) {
        return { ok: false as const, reason: "email_cap" as const, retryAfterMs: emailWait };
      }
      const fromIp = await codeTimesForClient(trx, ipHash, now - HOUR);
      const ipWait = waitUnderCap(fromIp, this.rules.perIpPerHour, now);
      if (ipWait > 0) {
        return { ok: false as const, reason: "ip_cap" as const, retryAfterMs: ipWait };
      }

      await replaceOpenCodes(trx, email, now);
      const code = this.makeCode();
      const codeId = await insertCode(trx, {
        email,
        codeHash: this.hash(email, code),
        ipHash,
        createdAt: now,
        expiresAt: now + this.rules.validityMs,
      });
      await enqueueMail(
        trx,
        chatOtpMail(email, code, Math.round(this.rules.validityMs / 60_000)),
        now,
      );
      return { ok: true as const, codeId };
    });
  }

  /**
   * Checks `code` against the newest open code of `email`; a match closes it for good. The try is
   * counted before the code is compared, in the same statement that checks tries are left.
   */
  async verify(email: string, code: string, now = Date.now()): Promise<VerifyCodeResult> {
    const max = this.rules.maxFailedAttempts;
    const attempt = await takeCodeAttempt(this.db, email, { now, maxAttempts: max });
    if (!attempt) {
      const open = await newestOpenCode(this.db, email);
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
