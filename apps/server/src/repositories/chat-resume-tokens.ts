/** The links back into a chat from a mail: stored as hashes, used once, for 7 days. */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

export async function insertResumeToken(
  db: Kysely<Database> | Transaction<Database>,
  token: { tokenHash: string; email: string; conversationId: number; now: number; ttlMs: number },
): Promise<void> {
  await db
    .insertInto("chat_resume_tokens")
    .values({
      token_hash: token.tokenHash,
      email: token.email,
      conversation_id: token.conversationId,
      created_at: token.now,
      expires_at: token.now + token.ttlMs,
      used_at: null,
    })
    .execute();
}

/**
 * Marks the token used and answers what it proves, in one statement: of two clicks at once only
 * one gets it. Nothing for an unknown, used or expired token.
 */
export async function useResumeToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<{ email: string; conversationId: number } | undefined> {
  const row = await db
    .updateTable("chat_resume_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["email", "conversation_id"])
    .executeTakeFirst();
  return row ? { email: row.email, conversationId: Number(row.conversation_id) } : undefined;
}

/** Tokens past their week (used or not) are of no use to anyone. */
export async function deleteExpiredResumeTokens(
  db: Kysely<Database>,
  now: number,
): Promise<number> {
  const result = await db
    .deleteFrom("chat_resume_tokens")
    .where("expires_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
