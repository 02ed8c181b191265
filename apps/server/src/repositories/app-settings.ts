/** Instance-wide settings and generated secrets (table app_settings), shared by every instance. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Reads a setting, creating it with `create()` the first time. Safe when several instances start at
 * once: the first insert wins and every instance reads back that one value.
 */
export async function getOrCreateSetting(
  db: Kysely<Database>,
  key: string,
  create: () => string,
): Promise<string> {
  await db
    .insertInto("app_settings")
    .values({ key, value: create(), updated_at: Date.now() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db
    .selectFrom("app_settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  return row.value;
}
