/**
 * Ratings of chats and the tokens that allow them. A token is 256 random bits, handed to the
 * visitor in the `chat_ended` frame and in the transcript mail's link; only its SHA-256 is kept.
 * Each token rates once, until 7 days after it was made; a conversation holds one rating, and a
 * later one (from another token: the mail's after the widget's) replaces it.
 */
import type { ChatLanguage } from "@hourline/contracts/chat-languages";
import type { Kysely } from "kysely";
import { hashSessionToken, newSessionToken } from "../auth/session-tokens";
import type { Database } from "../db/schema";

export const ratingTokenLifetimeMs = 7 * 24 * 60 * 60_000;

export interface StoredRating {
  conversationId: number;
  score: number;
  comment: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A new token; only its hash is ever stored (storeRatingToken). */
export function newRatingToken(): string {
  return newSessionToken();
}

/** Lets this token rate the conversation once, for 7 days from `now`. */
export async function storeRatingToken(
  db: Kysely<Database>,
  token: string,
  conversationId: number,
  now: number,
): Promise<void> {
  await db
    .insertInto("chat_rating_tokens")
    .values({
      token_hash: hashSessionToken(token),
      conversation_id: conversationId,
      created_at: now,
      expires_at: now + ratingTokenLifetimeMs,
      used_at: null,
    })
    .execute();
}

/** Makes and stores a token for rating this conversation, and returns it (readable only now). */
export async function issueRatingToken(
  db: Kysely<Database>,
  conversationId: number,
  now: number,
): Promise<string> {
  const token = newRatingToken();
  await storeRatingToken(db, token, conversationId, now);
  return token;
}

export type RateResult =
  | { ok: true; rating: StoredRating; replaced: boolean }
  | { ok: false; reason: "invalid" | "used" | "expired" };

/** The token's conversation, when the token is one that can still rate. */
export async function checkRatingToken(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<
  { ok: true; conversationId: number } | { ok: false; reason: "invalid" | "used" | "expired" }
> {
  const row = await db
    .selectFrom("chat_rating_tokens")
    .select(["conversation_id", "expires_at", "used_at"])
    .where("token_hash", "=", hashSessionToken(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "invalid" };
  if (row.used_at !== null) return { ok: false, reason: "used" };
  if (row.expires_at <= now) return { ok: false, reason: "expired" };
  return { ok: true, conversationId: row.conversation_id };
}

/**
 * Spends the token on a rating, in one transaction: two posts of the same token, even at once on
 * two instances, store one rating (the token is claimed by an update that only one can win).
 */
export async function rateWithToken(
  db: Kysely<Database>,
  token: string,
  input: { score: number; comment: string | null; now: number },
): Promise<RateResult> {
  return db.transaction().execute(async (trx) => {
    const checked = await checkRatingToken(trx, token, input.now);
    if (!checked.ok) return checked;
    const claimed = await trx
      .updateTable("chat_rating_tokens")
      .set({ used_at: input.now })
      .where("token_hash", "=", hashSessionToken(token))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, reason: "used" };
    const previous = await trx
      .selectFrom("chat_ratings")
      .select("created_at")
      .where("conversation_id", "=", checked.conversationId)
      .executeTakeFirst();
    await trx
      .insertInto("chat_ratings")
      .values({
        conversation_id: checked.conversationId,
        score: input.score,
        comment: input.comment,
        created_at: input.now,
        updated_at: input.now,
      })
      .onConflict((oc) =>
        oc.column("conversation_id").doUpdateSet({
          score: input.score,
          comment: input.comment,
          updated_at: input.now,
        }),
      )
      .execute();
    return {
      ok: true,
      replaced: previous !== undefined,
      rating: {
        conversationId: checked.conversationId,
        score: input.score,
        comment: input.comment,
        createdAt: previous?.created_at ?? input.now,
        updatedAt: input.now,
      },
    };
  });
}

export async function findRating(
  db: Kysely<Database>,
  conversationId: number,
): Promise<StoredRating | undefined> {
  const row = await db
    .selectFrom("chat_ratings")
    .select(["conversation_id", "score", "comment", "created_at", "updated_at"])
    .where("conversation_id", "=", conversationId)
    .executeTakeFirst();
  return (
    row && {
      conversationId: row.conversation_id,
      score: row.score,
      comment: row.comment,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }
  );
}

/** Tokens past their 7 days, used or not: housekeeping removes them. */
export async function deleteExpiredRatingTokens(
  db: Kysely<Database>,
  now: number,
): Promise<number> {
  const result = await db
    .deleteFrom("chat_rating_tokens")
    .where("expires_at", "<=", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The language of the conversation a rating token belongs to, used or expired alike (its pages
 * speak it); null for a token nobody made.
 */
export async function ratingTokenLanguage(
  db: Kysely<Database>,
  token: string,
): Promise<ChatLanguage | null> {
  const row = await db
    .selectFrom("chat_rating_tokens")
    .innerJoin("chat_conversations", "chat_conversations.id", "chat_rating_tokens.conversation_id")
    .select("chat_conversations.language")
    .where("chat_rating_tokens.token_hash", "=", hashSessionToken(token))
    .executeTakeFirst();
  return row?.language ?? null;
}
