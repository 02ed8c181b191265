/**
 * The server's routine work, on a timer: transcripts that an instance stopped before queuing are
 * built (every minute), and what nobody needs any more is removed (every hour, and at start):
 * one-time codes past every hourly count, chat and agent sessions that can no longer be used,
 * attempt counters of windows long over, and delivered mail older than RETENTION_DAYS. Every
 * instance runs it; each step is safe to run twice at once.
 */
import fp from "fastify-plugin";
import { deleteExpiredAgentSessions } from "../repositories/agent-sessions";
import { deleteStaleAttemptCounters } from "../repositories/attempt-counters";
import { deleteDeliveredMail } from "../repositories/mail-outbox";
import { deleteOldCodes } from "../repositories/one-time-codes";
import {
  deleteExpiredVisitorSessions,
  visitorSessionLifetime,
} from "../repositories/visitor-sessions";

export interface HousekeepingOptions {
  /** RETENTION_DAYS: delivered mail older than this is deleted; 0 keeps it. */
  retentionDays: number;
  /** Tests shorten the intervals. */
  sweepEveryMs?: number | undefined;
  pruneEveryMs?: number | undefined;
}

const DAY = 24 * 60 * 60_000;
/** Codes are counted per hour; two hours on, nothing reads them. */
const CODE_KEEP_MS = 2 * 60 * 60_000;
/** The longest attempt window is 15 minutes; a day on, a counter is surely over. */
const COUNTER_KEEP_MS = DAY;

export default fp<HousekeepingOptions>(
  async (app, options) => {
    const db = app.database.db;
    const log = app.log.child({ component: "housekeeping" });

    const prune = async () => {
      const now = Date.now();
      const removed = {
        codes: await deleteOldCodes(db, now - CODE_KEEP_MS),
        visitorSessions: await deleteExpiredVisitorSessions(db, {
          idleMs: visitorSessionLifetime.idleMs,
          now,
        }),
        agentSessions: await deleteExpiredAgentSessions(db, now),
        attemptCounters: await deleteStaleAttemptCounters(db, now - COUNTER_KEEP_MS),
        mail:
          options.retentionDays > 0
            ? await deleteDeliveredMail(db, now - options.retentionDays * DAY)
            : 0,
      };
      if (Object.values(removed).some((n) => n > 0)) log.info({ removed }, "pruned old rows");
    };
    const sweep = async () => {
      const queued = await app.followUpMail.sweepTranscripts();
      if (queued > 0) log.info({ queued }, "queued transcripts left by a stopped instance");
    };
    const guarded = (name: string, work: () => Promise<void>) => () => {
      work().catch((err: unknown) => log.warn({ err }, `${name} failed; it runs again later`));
    };

    const timers = [
      setInterval(guarded("transcript sweep", sweep), options.sweepEveryMs ?? 60_000),
      setInterval(guarded("pruning", prune), options.pruneEveryMs ?? 60 * 60_000),
    ];
    for (const timer of timers) timer.unref();
    app.addHook("onReady", async () => {
      guarded("pruning", prune)();
      guarded("transcript sweep", sweep)();
    });
    app.addHook("onClose", async () => {
      for (const timer of timers) clearInterval(timer);
    });
  },
  { name: "housekeeping", dependencies: ["db", "support-chat"] },
);
