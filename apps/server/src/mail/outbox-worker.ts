/**
 * Sends what the outbox holds. One loop per instance: claim a due mail (a lease only this worker
 * holds), send it, record the outcome; on failure retry later with exponential backoff and jitter,
 * and after the last attempt mark it failed and log it. Rows left by a stopped or crashed instance
 * are picked up at start (a crashed instance's lease simply runs out).
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import {
  claimNextMail,
  markMailDone,
  markMailFailed,
  scheduleMailRetry,
  type OutboxMail,
} from "../repositories/mail-outbox";
import { maskEmail } from "../log/redaction";
import type { MailTransport } from "./mail-transport";

export interface OutboxWorkerOptions {
  /** How often to look for due mail when idle (a kick after an enqueue wakes the worker at once). */
  pollIntervalMs: number;
  /** How long a claim lasts; longer than any SMTP timeout. */
  leaseMs: number;
  /** Delay before the second attempt; it doubles with each failure, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts before a mail is marked failed. */
  maxAttempts: number;
}

export const defaultOutboxWorkerOptions: OutboxWorkerOptions = {
  pollIntervalMs: 1_000,
  leaseMs: 120_000,
  baseDelayMs: 5_000,
  maxDelayMs: 30 * 60_000,
  // With the delays above, 29 waits add up to 5.4 to 10.7 hours (8 on average, by the jitter): an
  // SMTP outage of a working day still ends in delivery.
  maxAttempts: 30,
};

/**
 * The wait after failed attempt number `attempt` (1-based): exponential, capped, with "equal
 * jitter" (half fixed, half random) so instances that failed together do not retry together.
 */
export function retryDelayMs(
  attempt: number,
  { baseDelayMs, maxDelayMs }: Pick<OutboxWorkerOptions, "baseDelayMs" | "maxDelayMs">,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 1000);
}

export class OutboxWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private kicked = false;
  private readonly token = randomUUID();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly options: OutboxWorkerOptions,
    /** Counts each failed attempt: retried later, or the last one. */
    private readonly onFailure: (outcome: "retry" | "gave_up") => void = () => undefined,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Looks for due mail now instead of at the next poll (call after committing an enqueue). */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  /** Finishes the mail in hand, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  /** Sends every mail that is due now; returns how many were handled. */
  drain(): Promise<number> {
    return this.drainWhile(() => true);
  }

  private async drainWhile(more: () => boolean): Promise<number> {
    let handled = 0;
    while (more()) {
      const mail = await claimNextMail(this.db, {
        now: Date.now(),
        leaseMs: this.options.leaseMs,
        token: this.token,
      });
      if (!mail) break;
      await this.deliver(mail);
      handled++;
    }
    return handled;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      try {
        await this.drainWhile(() => this.running);
      } catch (err) {
        // The database may be briefly unavailable; the rows are safe, try again at the next poll.
        this.log.warn({ err }, "mail outbox: could not read due mail");
      }
      if (!this.running) break;
      if (!this.kicked) await this.sleep(this.options.pollIntervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  private async deliver(mail: OutboxMail): Promise<void> {
    const log = this.log.child({ mailId: mail.id, kind: mail.kind, attempt: mail.attempts });
    try {
      const { messageId } = await this.transport.send(mail);
      const status = this.transport.mode === "smtp" ? "sent" : "logged";
      const recorded = await markMailDone(this.db, mail.id, this.token, {
        status,
        messageId,
        now: Date.now(),
      });
      if (!recorded) log.warn("mail outbox: sent, but the lease had passed to another worker");
      else if (status === "sent") log.info({ messageId }, "mail sent");
    } catch (err) {
      const error = describeError(err);
      if (mail.attempts >= this.options.maxAttempts) {
        this.onFailure("gave_up");
        await markMailFailed(this.db, mail.id, this.token, { error, now: Date.now() });
        log.error(
          { err, to: maskEmail(mail.to), subject: mail.subject },
          `mail outbox: giving up after ${mail.attempts} attempts; the mail stays in the outbox as failed`,
        );
        return;
      }
      const delay = retryDelayMs(mail.attempts, this.options);
      this.onFailure("retry");
      await scheduleMailRetry(this.db, mail.id, this.token, {
        nextAttemptAt: Date.now() + delay,
        error,
      });
      log.warn({ err: error, retryInMs: delay }, "mail outbox: send failed, will retry");
    }
  }
}
