/**
 * The server's routine work, on a timer: transcripts that an instance stopped before queuing are
 * built and chats whose visitor left and went silent are ended (every minute); what nobody needs any more is removed (every hour, and at start): one-time
 * codes past every hourly count, chat and agent sessions that can no longer be used, attempt
 * counters of windows long over, images whose conversation is gone; and once a day (and at start)
 * the retention period is applied (operations/retention.ts). On SQLite, new messages join the
 * search index every quarter second (repositories/message-search-index.ts). Every instance runs it; each step is safe to run twice
 * at once.
 */
import fp from "fastify-plugin";
import { deleteExpiredAgentSessions } from "../repositories/agent-sessions";
import { deleteExpiredResumeTokens } from "../repositories/chat-resume-tokens";
import { deleteStaleAttemptCounters } from "../repositories/attempt-counters";
import { deleteExpiredRatingTokens } from "../repositories/chat-ratings";
import { createUploadStore } from "../chat/upload-store";
import { deleteOrphanUploads } from "../repositories/chat-uploads";
import { applyRetention, DAY_MS } from "../operations/retention";
import { indexNewMessages } from "../repositories/message-search-index";
import { deleteOldCodes } from "../repositories/one-time-codes";
import {
  deleteExpiredVisitorSessions,
  visitorSessionLifetime,
} from "../repositories/visitor-sessions";

export interface HousekeepingOptions {
  /** RETENTION_DAYS: what operations/retention.ts deletes once it is this old; 0 keeps it. */
  retentionDays: number;
  /** DATA_DIR, where the images' files are. */
  dataDir: string;
  /** Tests shorten the intervals. */
  sweepEveryMs?: number | undefined;
  pruneEveryMs?: number | undefined;
  retentionEveryMs?: number | undefined;
  searchIndexEveryMs?: number | undefined;
  abandonedEveryMs?: number | undefined;
}

const DAY = DAY_MS;
/** Codes are counted per hour; two hours on, nothing reads them. */
const CODE_KEEP_MS = 2 * 60 * 60_000;
/** The longest attempt window is 15 minutes; a day on, a counter is surely over. */
const COUNTER_KEEP_MS = DAY;

export default fp<HousekeepingOptions>(
  async (app, options) => {
    const db = app.database.db;
    const log = app.log.child({ component: "housekeeping" });

    const uploads = createUploadStore(db, options.dataDir);
    // Images whose conversation is gone (decision 0029): rows, and a file where one is left.
    const removeOrphanImages = async () => {
      const names = await deleteOrphanUploads(db);
      await uploads.removeBytes(names);
      return names.length;
    };
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
        resumeTokens: await deleteExpiredResumeTokens(db, now),
        orphanImages: await removeOrphanImages(),
        ratingTokens: await deleteExpiredRatingTokens(db, now),
      };
      if (Object.values(removed).some((n) => n > 0)) log.info({ removed }, "pruned old rows");
    };
    const retain = async () => {
      const removed = await applyRetention(db, uploads, options.retentionDays);
      if (Object.values(removed).some((n) => n > 0)) {
        log.info({ removed, retentionDays: options.retentionDays }, "retention period applied");
      }
    };
    const sweep = async () => {
      const queued = await app.followUpMail.sweepTranscripts();
      if (queued > 0) log.info({ queued }, "queued transcripts left by a stopped instance");
    };
    const endAbandoned = async () => {
      await app.consoleHygiene.sweepAbandoned();
    };
    // One batch at a time: a slow one is not joined by the next tick's.
    let indexing = false;
    const indexSearch = async () => {
      if (indexing) return;
      indexing = true;
      try {
        await indexNewMessages(db);
      } finally {
        indexing = false;
      }
    };
    const guarded = (name: string, work: () => Promise<void>) => () => {
      work().catch((err: unknown) => log.warn({ err }, `${name} failed; it runs again later`));
    };

    const timers = [
      setInterval(guarded("transcript sweep", sweep), options.sweepEveryMs ?? 60_000),
      setInterval(guarded("pruning", prune), options.pruneEveryMs ?? 60 * 60_000),
      setInterval(guarded("abandoned chats", endAbandoned), options.abandonedEveryMs ?? 60_000),
      setInterval(guarded("retention", retain), options.retentionEveryMs ?? DAY),
      ...(app.database.dialect === "sqlite"
        ? [setInterval(guarded("search indexing", indexSearch), options.searchIndexEveryMs ?? 250)]
        : []),
    ];
    for (const timer of timers) timer.unref();
    app.addHook("onReady", async () => {
      guarded("pruning", prune)();
      guarded("transcript sweep", sweep)();
      if (options.retentionDays > 0) guarded("retention", retain)();
    });
    app.addHook("onClose", async () => {
      for (const timer of timers) clearInterval(timer);
    });
  },
  { name: "housekeeping", dependencies: ["db", "support-chat"] },
);
