/**
 * One-time codes that prove a visitor owns an e-mail address (brief §4): 6 digits from a CSPRNG,
 * stored as an HMAC with the installation's secret, valid 10 minutes, used once; a newer code voids
 * older ones and 5 wrong tries void a code. Requests are capped per e-mail (cooldown and hourly cap)
 * and per IP (hourly cap). The answer never depends on whether the address is known.
 */
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { chatOtpMail } from "../mail/templates/chat-mails";
import { enqueueMail } from "../repositories/mail-outbox";

export interface OtpRules {
  validityMs: number;
  maxFailedAttempts: number;
  resendCooldownMs: number;
  perEmailPerHour: number;
  perIpPerHour: number;
}

export const defaultOtpRules: OtpRules = {
  validityMs: 10 * 60_000,
  maxFailedAttempts: 5,
  resendCooldownMs: 60_000,
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
function waitUnderCap(rows: { created_at: number }[], max: number, now: number): number {
  if (rows.length < max) return 0;
  const times = rows.map((r) => r.created_at).sort((a, b) => a - b);
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

  /** Makes a new code for `email` (voiding older ones) and enqueues its mail, in one transaction. */
  async request(email: string, ipHash: string, now = Date.now()): Promise<RequestCodeResult> {
    return this.db.transaction().execute(async (trx) => {
      const recent = await trx
        .selectFrom("chat_otp_codes")
        .select(["created_at"])
        .where("email", "=", email)
        .where("created_at", ">", now - HOUR)
        .orderBy("created_at", "desc")
        .execute();
      const latest = recent[0];
      if (latest && now - latest.created_at < this.rules.resendCooldownMs) {
        return {
          ok: false as const,
          reason: "cooldown" as const,
          retryAfterMs: latest.created_at + this.rules.resendCooldownMs - now,
        };
      }
      const emailWait = waitUnderCap(recent, this.rules.perEmailPerHour, now);
      if (emailWait > 0) {
        return { ok: false as const, reason: "email_cap" as const, retryAfterMs: emailWait };
      }
      const fromIp = await trx
        .selectFrom("chat_otp_codes")
        .select(["created_at"])
        .where("ip_hash", "=", ipHash)
        .where("created_at", ">", now - HOUR)
        .execute();
      const ipWait = waitUnderCap(fromIp, this.rules.perIpPerHour, now);
      if (ipWait > 0) {
        return { ok: false as const, reason: "ip_cap" as const, retryAfterMs: ipWait };
      }

      await trx
        .updateTable("chat_otp_codes")
        .set({ closed_at: now, closed_reason: "replaced" })
        .where("email", "=", email)
        .where("closed_at", "is", null)
        .execute();
      const code = this.makeCode();
      const row = await trx
        .insertInto("chat_otp_codes")
        .values({
          email,
          code_hash: this.hash(email, code),
          ip_hash: ipHash,
          created_at: now,
          expires_at: now + this.rules.validityMs,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueueMail(
        trx,
        chatOtpMail(email, code, Math.round(this.rules.validityMs / 60_000)),
        now,
      );
      return { ok: true as const, codeId: row.id };
    });
  }

  /** Checks `code` against the newest open code of `email`; a match closes it for good. */
  async verify(email: string, code: string, now = Date.now()): Promise<VerifyCodeResult> {
    const row = await this.db
      .selectFrom("chat_otp_codes")
      .select(["id", "code_hash", "expires_at", "failed_attempts"])
      .where("email", "=", email)
      .where("closed_at", "is", null)
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "expired" };
    if (row.expires_at <= now) {
      await this.close(row.id, "expired", now);
      return { ok: false, reason: "expired" };
    }
    const expected = Buffer.from(row.code_hash, "hex");
    const given = Buffer.from(this.hash(email, code), "hex");
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      // Only one request can close it: a code used twice at the same moment proves nothing twice.
      const used = await this.close(row.id, "used", now);
      return used ? { ok: true } : { ok: false, reason: "expired" };
    }
    const updated = await this.db
      .updateTable("chat_otp_codes")
      .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
      .where("id", "=", row.id)
      .where("closed_at", "is", null)
      .returning("failed_attempts")
      .executeTakeFirst();
    if (!updated) return { ok: false, reason: "expired" };
    if (updated.failed_attempts >= this.rules.maxFailedAttempts) {
      await this.close(row.id, "locked", now);
      return { ok: false, reason: "locked" };
    }
    return {
      ok: false,
      reason: "invalid",
      attemptsLeft: this.rules.maxFailedAttempts - updated.failed_attempts,
    };
  }

  private async close(id: number, reason: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("chat_otp_codes")
      .set({ closed_at: now, closed_reason: reason })
      .where("id", "=", id)
      .where("closed_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
