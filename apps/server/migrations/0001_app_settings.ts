import type { Kysely } from "kysely";

/** Instance-wide settings and generated secrets, shared by every instance that uses the database. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_settings")
    .addColumn("key", "varchar(100)", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("app_settings").execute();
}
