/**
 * The retention period (RETENTION_DAYS): once a day, everything older than it that the team no
 * longer needs is deleted: ended conversations with their messages and images, visitors left with
 * no conversation, handled contact messages, and mail that went out or was given up. Open
 * conversations, unhandled contact messages and unsent mail are kept however old: someone still
 * has to act on them. One-time codes and sessions are pruned sooner, whatever the period (see
 * plugins/housekeeping.ts). 0 keeps everything.
 */
import type { Kysely } from "kysely";
import type { UploadStore } from "../chat/upload-store";
import type { Database } from "../db/schema";
import {
  deleteEndedConversationsBatch,
  deleteFinishedMailBatch,
  deleteHandledContactMessagesBatch,
  deleteVisitorsWithoutConversations,
} from "../repositories/retention";

export const DAY_MS = 24 * 60 * 60_000;

/** Rows per transaction: small enough that no batch holds SQLite's writer for long. */
export const RETENTION_BATCH = 200;

export interface RetentionResult {
  conversations: number;
  messages: number;
  images: number;
  visitors: number;
  contactMessages: number;
  mail: number;
}

/** Runs `batch` until it deletes fewer than a full batch; yields to other work between batches. */
async function inBatches(batch: () => Promise<number>, size: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await batch();
    total += n;
    if (n < size) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function applyRetention(
  db: Kysely<Database>,
  uploads: Pick<UploadStore, "removeBytes">,
  retentionDays: number,
  { now = Date.now(), batch = RETENTION_BATCH }: { now?: number; batch?: number } = {},
): Promise<RetentionResult> {
  const result: RetentionResult = {
    conversations: 0,
    messages: 0,
    images: 0,
    visitors: 0,
    contactMessages: 0,
    mail: 0,
  };
  if (retentionDays <= 0) return result;
  const before = now - retentionDays * DAY_MS;
  result.conversations = await inBatches(async () => {
    const deleted = await deleteEndedConversationsBatch(db, before, batch);
    result.messages += deleted.messages;
    result.images += deleted.uploads.length;
    // The rows are committed as gone; their bytes follow.
    await uploads.removeBytes(deleted.uploads);
    return deleted.conversations;
  }, batch);
  result.visitors = await inBatches(
    () => deleteVisitorsWithoutConversations(db, before, batch),
    batch,
  );
  result.contactMessages = await inBatches(
    () => deleteHandledContactMessagesBatch(db, before, batch),
    batch,
  );
  result.mail = await inBatches(() => deleteFinishedMailBatch(db, before, batch), batch);
  return result;
}
