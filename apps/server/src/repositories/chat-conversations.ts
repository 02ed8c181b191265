/**
 * Chat conversations (table chat_conversations) and the writes that change their state: opening
 * one, renaming its visitor, ending it, and claiming the mails that follow it (a transcript, a reply the visitor missed). Each
 * claim is one conditional UPDATE, so when two instances race exactly one of them sends.
 */
import type { Kysely, Selectable } from "kysely";
import type { ChatLanguage } from "@hourline/contracts/chat-languages";
import type { ChatConversationsTable, ChatParty, Database } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { CompiledQueries } from "../db/compiled-queries";

/** The open-conversation look-up, made for every visitor message, compiled once. */
const compiledLookups = new CompiledQueries();

export type ConversationRow = Selectable<ChatConversationsTable>;

export function findConversation(
  db: Kysely<Database>,
  id: number,
): Promise<ConversationRow | undefined> {
  return db.selectFrom("chat_conversations").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The visitor's open conversation (there is at most one). */
export async function findOpenConversation(
  db: Kysely<Database>,
  email: string,
): Promise<ConversationRow | undefined> {
  const query = () =>
    db
      .selectFrom("chat_conversations")
      .selectAll()
      .where("visitor_email", "=", email)
      .where("state", "=", "open");
  const result = await compiledLookups.run(db, "open", [email, "open"], query);
  return result.rows[0];
}

/** Each visitor's open conversation, in the order asked (one query for them all). */
export async function findOpenConversations(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<(ConversationRow | undefined)[]> {
  const rows = await db
    .selectFrom("chat_conversations")
    .selectAll()
    .where("visitor_email", "in", [...new Set(emails)])
    .where("state", "=", "open")
    .execute();
  const byEmail = new Map<string, ConversationRow>();
  for (const row of rows) if (!byEmail.has(row.visitor_email)) byEmail.set(row.visitor_email, row);
  return emails.map((email) => byEmail.get(email));
}

/** Opens a conversation for the visitor; the caller made sure none is open. */
export function insertConversation(
  db: Kysely<Database>,
  values: {
    visitorId: number;
    email: string;
    name: string;
    transcript: boolean;
    now: number;
    /** The visitor context as JSON, or null. */
    context: string | null;
    /** The widget's language; English when the widget did not say. */
    language?: ChatLanguage;
  },
): Promise<ConversationRow> {
  return db
    .insertInto("chat_conversations")
    .values({
      visitor_id: values.visitorId,
      visitor_email: values.email,
      visitor_name: values.name,
      started_at: values.now,
      transcript_requested: values.transcript ? 1 : 0,
      visitor_context: values.context,
      ...(values.language ? { language: values.language } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The visitor registered again into their open conversation: their name as given now, and a
 * transcript if they ask for one now (an earlier request is never withdrawn), and the visit's
 * context when the widget sent one (it knows the pages visited since).
 */
export function updateConversationVisitor(
  db: Kysely<Database>,
  id: number,
  {
    name,
    transcript,
    context,
    language,
  }: { name: string; transcript: boolean; context: string | null; language?: ChatLanguage },
): Promise<ConversationRow> {
  return db
    .updateTable("chat_conversations")
    .set({
      visitor_name: name,
      ...(transcript ? { transcript_requested: 1 } : {}),
      ...(context !== null ? { visitor_context: context } : {}),
      // A visitor who switched language and came back: later mails follow the new choice.
      ...(language ? { language } : {}),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends an open conversation; false when it had ended already. */
export async function endConversation(
  db: Kysely<Database>,
  id: number,
  { by, now }: { by: ChatParty; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("chat_conversations")
    .set({ state: "ended", ended_at: now, ended_by: by })
    .where("id", "=", id)
    .where("state", "=", "open")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The visitor has been shown everything up to `messageId`. */
export async function markSeenByVisitor(
  db: Kysely<Database>,
  conversationId: number,
  messageId: number,
): Promise<void> {
  await db
    .updateTable("chat_conversations")
    .set({ visitor_seen_id: messageId })
    .where("id", "=", conversationId)
    .where("visitor_seen_id", "<", messageId)
    .execute();
}

/** Ended conversations whose asked-for transcript is not queued yet, oldest first. */
export async function conversationsAwaitingTranscript(
  db: Kysely<Database>,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom("chat_conversations")
    .select("id")
    .where("state", "=", "ended")
    .where("transcript_requested", "=", 1)
    .where("transcript_mailed_at", "is", null)
    .orderBy("ended_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks the transcript as queued; true for the one caller that may enqueue it. */
export async function claimTranscriptMail(
  db: Kysely<Database>,
  id: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("chat_conversations")
    .set({ transcript_mailed_at: now })
    .where("id", "=", id)
    .where("transcript_mailed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims the missed-reply mail of a quiet period: true when the visitor has still not seen
 * `messageId` and no such mail went out in the last `quietMs`.
 */
export async function claimMissedReplyMail(
  db: Kysely<Database>,
  id: number,
  { messageId, now, quietMs }: { messageId: number; now: number; quietMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable("chat_conversations")
    .set({ offline_mail_at: now })
    .where("id", "=", id)
    .where("visitor_seen_id", "<", messageId)
    .where((eb) =>
      eb.or([eb("offline_mail_at", "is", null), eb("offline_mail_at", "<=", now - quietMs)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An agent dealt with a missed chat; false when it was dealt with already (or is unknown). */
export async function markMissedHandled(
  db: Kysely<Database>,
  id: number,
  { agentId, now }: { agentId: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable("chat_conversations")
    .set({ missed_handled_at: now, missed_handled_by_agent_id: agentId })
    .where("id", "=", id)
    .where("missed_handled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the conversation to an agent (or to nobody); false for an unknown conversation. */
export async function assignConversation(
  db: Kysely<Database>,
  id: number,
  agentId: number | null,
): Promise<boolean> {
  const result = await db
    .updateTable("chat_conversations")
    .set({ assigned_agent_id: agentId })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Assigns an unassigned conversation; false when someone has it already. */
export async function claimUnassigned(
  db: Kysely<Database>,
  id: number,
  agentId: number,
): Promise<boolean> {
  const result = await db
    .updateTable("chat_conversations")
    .set({ assigned_agent_id: agentId })
    .where("id", "=", id)
    .where("assigned_agent_id", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Opens an ended conversation again, unless the visitor has another one open (there is at most
 * one per visitor). False when it was not ended or the visitor has an open one.
 */
export async function reopenConversation(
  db: Kysely<Database>,
  id: number,
  now: number,
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await findConversation(trx, id);
      if (!row || row.state !== "ended") return false;
      if (await findOpenConversation(trx, row.visitor_email)) return false;
      const result = await trx
        .updateTable("chat_conversations")
        .set({ state: "open", ended_at: null, ended_by: null, reopened_at: now })
        .where("id", "=", id)
        .where("state", "=", "ended")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  } catch (error) {
    // Another reopen, or the visitor's register, opened one for the same visitor in between (the
    // one-open-conversation index refused this one): the visitor has an open chat.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
