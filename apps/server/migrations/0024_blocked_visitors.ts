import type { Kysely } from "kysely";

/**
 * blocked_visitors: the addresses agents blocked (issue 27). A blocked address cannot be proven
 * with a code, register or send, until an admin unblocks it (the row is deleted). The address is
 * kept as the visitor proved it (normalized), so admins can list and unblock it; who blocked it is
 * kept by name as it was then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blocked_visitors")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("blocked_at", "bigint", (c) => c.notNull())
    .addColumn("agent_id", "bigint", (c) => c.notNull())
    .addColumn("agent_name", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blocked_visitors").execute();
}
