/**
 * What agents add to a conversation that never reaches the visitor's chat (table
 * chat_agent_entries): internal notes and the record of e-mail answers. No query here is ever
 * used to build a visitor's messages or a transcript.
 */
import type { AgentEntry } from "@hourline/contracts/console-team";
import type { Kysely, Selectable } from "kysely";
import type { ChatAgentEntriesTable, Database } from "../db/schema";

function toAgentEntry(row: Selectable<ChatAgentEntriesTable>): AgentEntry {
  return {
    id: Number(row.id),
    conversation_id: Number(row.conversation_id),
    kind: row.kind,
    agent_id: Number(row.agent_id),
    agent_name: row.agent_name,
    body: row.body,
    sent_to: row.sent_to,
    created_at: Number(row.created_at),
  };
}

/** The entry the console sent with `clientId` in this conversation, if it was recorded. */
export async function findAgentEntryByClientId(
  db: Kysely<Database>,
  conversationId: number,
  clientId: string,
): Promise<AgentEntry | undefined> {
  const row = await db
    .selectFrom("chat_agent_entries")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  return row && toAgentEntry(row);
}

export async function insertAgentEntry(
  db: Kysely<Database>,
  entry: Omit<AgentEntry, "id">,
  clientId?: string,
): Promise<AgentEntry> {
  const row = await db
    .insertInto("chat_agent_entries")
    .values({ ...entry, client_id: clientId ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAgentEntry(row);
}

/** A conversation's entries, oldest first (a conversation holds few). */
export async function listAgentEntries(
  db: Kysely<Database>,
  conversationId: number,
): Promise<AgentEntry[]> {
  const rows = await db
    .selectFrom("chat_agent_entries")
    .selectAll()
    .where("conversation_id", "=", conversationId)
    .orderBy("id")
    .limit(1000)
    .execute();
  return rows.map(toAgentEntry);
}
