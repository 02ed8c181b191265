import type { Kysely } from "kysely";
import { withAutoIncrementId } from "./portable-columns";

/**
 * Ratings after a chat and what reports read:
 * - chat_ratings: one per conversation (a later rating within the token's 7 days replaces it).
 * - chat_rating_tokens: the tokens the `chat_ended` frame and the transcript mail carry, stored
 *   as SHA-256 hashes, each good for one rating, 7 days after the chat ended.
 * - An index on chat_conversations.started_at: every report reads a range of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoIncrementId(db, db.schema.createTable("chat_ratings"))
    .addColumn("conversation_id", "bigint", (c) => c.notNull().unique())
    .addColumn("score", "integer", (c) => c.notNull())
    .addColumn("comment", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withAutoIncrementId(db, db.schema.createTable("chat_rating_tokens"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("conversation_id", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("chat_rating_tokens_conversation")
    .on("chat_rating_tokens")
    .column("conversation_id")
    .execute();

  await db.schema
    .createIndex("chat_conversations_started")
    .on("chat_conversations")
    .column("started_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("chat_conversations_started").execute();
  await db.schema.dropTable("chat_rating_tokens").execute();
  await db.schema.dropTable("chat_ratings").execute();
}
