/**
 * Deleting what the retention period (RETENTION_DAYS) no longer allows, in batches so no
 * statement holds the database for long: ended conversations with their messages and image rows,
 * visitors left with no conversation, handled contact messages, and mail that went out (or was
 * given up). Each batch is one transaction; the image files of a batch are removed by the caller
 * after it commits (chat/upload-store.ts), so a file never outlives its row by more than a moment
 * and a row never points to a removed file.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

export interface DeletedConversations {
  conversations: number;
  messages: number;
  /** Names of the image rows removed: their files are the caller's to remove. */
  uploads: string[];
}

/**
 * Removes these conversations, their messages, their agents' notes and e-mail answers, their
 * ratings and rating tokens and their image rows, in the given transaction.
 */
export async function deleteConversationsIn(
  trx: Transaction<Database>,
  ids: number[],
): Promise<DeletedConversations> {
  if (ids.length === 0) return { conversations: 0, messages: 0, uploads: [] };
  const uploads = await trx
    .deleteFrom("chat_uploads")
    .where("conversation_id", "in", ids)
    .returning("name")
    .execute();
  // Internal notes and e-mail answers go with their conversation, and so do its rating and tokens.
  await trx.deleteFrom("chat_agent_entries").where("conversation_id", "in", ids).execute();
  await trx.deleteFrom("chat_ratings").where("conversation_id", "in", ids).execute();
  await trx.deleteFrom("chat_rating_tokens").where("conversation_id", "in", ids).execute();
  const messages = await trx
    .deleteFrom("chat_messages")
    .where("conversation_id", "in", ids)
    .executeTakeFirst();
  const conversations = await trx
    .deleteFrom("chat_conversations")
    .where("id", "in", ids)
    .executeTakeFirst();
  return {
    conversations: Number(conversations.numDeletedRows),
    messages: Number(messages.numDeletedRows),
    uploads: uploads.map((u) => u.name),
  };
}

/** One batch of conversations that ended before `before`; fewer than `limit` means the last. */
export async function deleteEndedConversationsBatch(
  db: Kysely<Database>,
  before: number,
  limit: number,
): Promise<DeletedConversations> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("chat_conversations")
      .select("id")
      .where("state", "=", "ended")
      .where("ended_at", "<", before)
      .orderBy("ended_at")
      .limit(limit)
      .execute();
    return deleteConversationsIn(
      trx,
      rows.map((r) => r.id),
    );
  });
}

/** Deletes these rows of a table keyed by `id`; how many went. */
async function deleteRowsById(
  db: Kysely<Database>,
  table: "chat_visitors" | "contact_messages" | "mail_outbox",
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom(table).where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Visitors last seen before `before` who have no conversation left; how many were removed. */
export async function deleteVisitorsWithoutConversations(
  db: Kysely<Database>,
  before: number,
  limit: number,
): Promise<number> {
  const rows = await db
    .selectFrom("chat_visitors as v")
    .select("v.id")
    .where("v.updated_at", "<", before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("chat_conversations as c")
            .select("c.id")
            .whereRef("c.visitor_id", "=", "v.id"),
        ),
      ),
    )
    .limit(limit)
    .execute();
  return deleteRowsById(
    db,
    "chat_visitors",
    rows.map((r) => r.id),
  );
}

/** One batch of contact messages marked handled before `before`. */
export async function deleteHandledContactMessagesBatch(
  db: Kysely<Database>,
  before: number,
  limit: number,
): Promise<number> {
  const rows = await db
    .selectFrom("contact_messages")
    .select("id")
    .where("handled", "=", 1)
    .where("handled_at", "<", before)
    .limit(limit)
    .execute();
  return deleteRowsById(
    db,
    "contact_messages",
    rows.map((r) => r.id),
  );
}

/** One batch of mail that went out (sent, printed) or was given up, finished before `before`. */
export async function deleteFinishedMailBatch(
  db: Kysely<Database>,
  before: number,
  limit: number,
): Promise<number> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select("id")
    .where("status", "in", ["sent", "logged", "failed"])
    .where("finished_at", "<", before)
    .limit(limit)
    .execute();
  return deleteRowsById(
    db,
    "mail_outbox",
    rows.map((r) => r.id),
  );
}
