import type { Kysely } from "kysely";
import { isPostgres } from "./portable-columns";

/**
 * chat_uploads.data: the re-encoded image itself, so every instance can serve every upload
 * without a shared disk (docs/decisions/0018). Null for the uploads stored before, whose bytes
 * stay in DATA_DIR/uploads and are still served from there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("chat_uploads")
    .addColumn("data", isPostgres(db) ? "bytea" : "blob")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_uploads").dropColumn("data").execute();
}
