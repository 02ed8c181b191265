import type { Kysely } from "kysely";

/**
 * A one-time code is bound to the browser that asked for it: the hash of a random nonce the
 * request set as a cookie (decision record 0030). Codes asked for before this have none and can
 * no longer be spent (they expire within 10 minutes anyway).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_otp_codes").addColumn("requester_hash", "text").execute();
  await db.schema
    .createIndex("chat_otp_codes_email_requester")
    .on("chat_otp_codes")
    .columns(["email", "requester_hash", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("chat_otp_codes_email_requester").execute();
  await db.schema.alterTable("chat_otp_codes").dropColumn("requester_hash").execute();
}
