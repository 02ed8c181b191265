/** The audit log of visitor-data requests (table audit_log): written once, read by admins. */
import type { Kysely } from "kysely";
import type { AuditLogTable, Database } from "../db/schema";

export interface NewAuditEntry {
  agentId: number;
  /** Who acted, as they are now: kept, so renaming oneself later does not rewrite the log. */
  agentName: string;
  agentEmail: string;
  action: AuditLogTable["action"];
  subjectMasked: string;
  subjectHash: string;
  details: Record<string, number>;
  now?: number;
}

export async function insertAuditEntry(
  db: Kysely<Database>,
  entry: NewAuditEntry,
): Promise<number> {
  const row = await db
    .insertInto("audit_log")
    .values({
      created_at: entry.now ?? Date.now(),
      agent_id: entry.agentId,
      agent_name: entry.agentName,
      agent_email: entry.agentEmail,
      action: entry.action,
      subject_masked: entry.subjectMasked,
      subject_hash: entry.subjectHash,
      details: JSON.stringify(entry.details),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface AuditEntryRow {
  id: number;
  createdAt: number;
  action: AuditLogTable["action"];
  agentId: number;
  agentName: string | null;
  agentEmail: string | null;
  subjectMasked: string;
  subjectHash: string;
  details: Record<string, number>;
}

/**
 * Newest first; `subjectHash` narrows to the entries about one address. Who acted is as they were
 * then; entries from before 0012 kept no name, and show the account's current one.
 */
export async function listAuditEntries(
  db: Kysely<Database>,
  { limit, subjectHash }: { limit: number; subjectHash?: string | undefined },
): Promise<AuditEntryRow[]> {
  let query = db
    .selectFrom("audit_log as l")
    .leftJoin("agents as a", "a.id", "l.agent_id")
    .select([
      "l.id",
      "l.created_at",
      "l.action",
      "l.agent_id",
      "l.agent_name",
      "l.agent_email",
      "a.name as current_name",
      "a.email as current_email",
      "l.subject_masked",
      "l.subject_hash",
      "l.details",
    ])
    .orderBy("l.id", "desc")
    .limit(limit);
  if (subjectHash) query = query.where("l.subject_hash", "=", subjectHash);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    action: r.action,
    agentId: r.agent_id,
    agentName: r.agent_name ?? r.current_name,
    agentEmail: r.agent_email ?? r.current_email,
    subjectMasked: r.subject_masked,
    subjectHash: r.subject_hash,
    details: JSON.parse(r.details) as Record<string, number>,
  }));
}
