/** The chat's visitors (table chat_visitors): one row per proven e-mail address, with their name. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Records the visitor's name (new, or changed since last time); answers the visitor's id. */
export async function saveChatVisitor(
  db: Kysely<Database>,
  { email, name, now }: { email: string; name: string; now: number },
): Promise<number> {
  const row = await db
    .insertInto("chat_visitors")
    .values({ email, name, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("email").doUpdateSet({ name, updated_at: now }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findChatVisitor(
  db: Kysely<Database>,
  email: string,
): Promise<{ email: string; name: string; createdAt: number } | undefined> {
  const row = await db
    .selectFrom("chat_visitors")
    .select(["email", "name", "created_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  return row ? { email: row.email, name: row.name, createdAt: row.created_at } : undefined;
}
