/**
 * Everything stored about one e-mail address, read for an export or deleted for an erasure: the
 * chat's visitor rows, conversations with their messages, images, agents' notes and e-mail
 * answers, contact messages, chat
 * sessions, one-time codes, and mail to the address or about it (a contact notification names it
 * as Reply-To, an offline alert in its text). Addresses are compared lower-cased (the chat stores
 * them so; the contact form keeps what was typed).
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { isPostgres } from "../../migrations/portable-columns";
import type { Database } from "../db/schema";
import { deleteConversationsIn } from "./retention";

/** Characters that may stand in an address's local part, and in its domain. */
const LOCAL_CHAR = /[\w!#$%&'*+/=?^`{|}~.-]/;
const DOMAIN_CHAR = /[a-z\d-]/i;

/**
 * Whether `text` names exactly `email` (lower-cased, as normalizeEmail stores it): an occurrence
 * counts only where it is not part of a longer address, so `ann@northwind.example` is not found in
 * `joann@northwind.example` nor in `ann@northwind.example.org`.
 */
export function mentionsAddress(text: string, email: string): boolean {
  const haystack = text.toLowerCase();
  for (let at = haystack.indexOf(email); at !== -1; at = haystack.indexOf(email, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + email.length];
    const next = haystack[at + email.length + 1];
    if (before !== undefined && LOCAL_CHAR.test(before)) continue;
    if (after !== undefined && DOMAIN_CHAR.test(after)) continue;
    if (after === "." && next !== undefined && DOMAIN_CHAR.test(next)) continue;
    return true;
  }
  return false;
}

/** `%text%` for LIKE, with LIKE's own wildcards in `text` taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Ids of outbox rows to the address or about it. LIKE only narrows the rows down (escaped, so an
 * address's `_` or `%` is no wildcard); each is then checked for the exact address.
 */
async function mailIdsFor(db: Kysely<Database> | Transaction<Database>, email: string) {
  const pattern = containsPattern(email);
  const contains = (column: "reply_to" | "subject" | "text_body") =>
    sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "reply_to", "subject", "text_body", "html_body"])
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["to_address"]), "=", email),
        contains("reply_to"),
        contains("subject"),
        contains("text_body"),
      ]),
    )
    .execute();
  return rows
    .filter(
      (r) =>
        r.to_address.toLowerCase() === email ||
        [r.reply_to, r.subject, r.text_body, r.html_body].some(
          (v) => v !== null && v !== undefined && mentionsAddress(v, email),
        ),
    )
    .map((r) => r.id);
}

export async function readVisitorData(db: Kysely<Database>, email: string) {
  return db.transaction().execute(async (trx) => {
    const visitors = await trx
      .selectFrom("chat_visitors")
      .select(["name", "created_at", "updated_at"])
      .where("email", "=", email)
      .orderBy("id")
      .execute();
    const conversations = await trx
      .selectFrom("chat_conversations")
      .selectAll()
      .where("visitor_email", "=", email)
      .orderBy("id")
      .execute();
    const ids = conversations.map((c) => c.id);
    const messages = ids.length
      ? await trx
          .selectFrom("chat_messages")
          .select([
            "id",
            "conversation_id",
            "sender_type",
            "sender_username",
            "message",
            "msg_type",
            "created_at",
          ])
          .where("conversation_id", "in", ids)
          .orderBy("id")
          .execute()
      : [];
    const uploads = ids.length
      ? await trx
          .selectFrom("chat_uploads")
          .select([
            "name",
            "conversation_id",
            "content_type",
            "size",
            "width",
            "height",
            "uploaded_by",
            "created_at",
          ])
          .where("conversation_id", "in", ids)
          .orderBy("id")
          .execute()
      : [];
    // Agents' notes about the visitor and the e-mail answers sent to them.
    const agentEntries = ids.length
      ? await trx
          .selectFrom("chat_agent_entries")
          .select(["conversation_id", "kind", "agent_name", "body", "sent_to", "created_at"])
          .where("conversation_id", "in", ids)
          .orderBy("id")
          .execute()
      : [];
    const ratings = ids.length
      ? await trx
          .selectFrom("chat_ratings")
          .select(["conversation_id", "score", "comment", "created_at", "updated_at"])
          .where("conversation_id", "in", ids)
          .execute()
      : [];
    const contactMessages = await trx
      .selectFrom("contact_messages")
      .select(["id", "name", "email", "phone", "message", "received_at", "handled", "handled_at"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .orderBy("id")
      .execute();
    const sessions = await trx
      .selectFrom("visitor_sessions")
      .select(["created_at", "expires_at", "last_seen_at"])
      .where("email", "=", email)
      .orderBy("id")
      .execute();
    const codes = await trx
      .selectFrom("chat_otp_codes")
      .select(["created_at", "expires_at", "closed_at", "closed_reason", "failed_attempts"])
      .where("email", "=", email)
      .orderBy("id")
      .execute();
    const mailIds = await mailIdsFor(trx, email);
    const mail = mailIds.length
      ? await trx
          .selectFrom("mail_outbox")
          .select(["kind", "to_address", "subject", "status", "created_at", "finished_at"])
          .where("id", "in", mailIds)
          .orderBy("id")
          .execute()
      : [];
    return {
      visitors,
      conversations,
      messages,
      uploads,
      agentEntries,
      ratings,
      contactMessages,
      sessions,
      codes,
      mail,
    };
  });
}

export type StoredVisitorData = Awaited<ReturnType<typeof readVisitorData>>;

export interface ErasedVisitorData {
  visitors: number;
  conversations: number;
  /** Their ids, so open consoles drop them from their lists. */
  conversationIds: number[];
  messages: number;
  /** The names of the image rows removed: their bytes are the caller's to remove. */
  uploads: string[];
  contactMessages: number;
  /** Ids of the chat sessions removed, so their open sockets can be closed. */
  sessionIds: number[];
  codes: number;
  mail: number;
}

/** Deletes everything stored about the address, in one transaction. */
export async function eraseVisitorData(
  db: Kysely<Database>,
  email: string,
): Promise<ErasedVisitorData> {
  return db.transaction().execute(async (trx) => {
    // Locked first on PostgreSQL: an image being stored for one of them (chat-uploads.ts locks
    // the conversation too) either commits before this reads the images, or finds it gone.
    const conversations = isPostgres(trx)
      ? (
          await sql<{
            id: number;
          }>`select id from chat_conversations where visitor_email = ${email} for update`.execute(
            trx,
          )
        ).rows
      : await trx
          .selectFrom("chat_conversations")
          .select("id")
          .where("visitor_email", "=", email)
          .execute();
    const deleted = await deleteConversationsIn(
      trx,
      conversations.map((c) => c.id),
    );
    // Images of theirs whose conversation is already gone (a write that raced an earlier erase).
    const orphans = await trx
      .deleteFrom("chat_uploads")
      .where("uploaded_by", "=", `visitor:${email}`)
      .returning("name")
      .execute();
    const visitors = await trx
      .deleteFrom("chat_visitors")
      .where("email", "=", email)
      .executeTakeFirst();
    const contactMessages = await trx
      .deleteFrom("contact_messages")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .executeTakeFirst();
    const sessions = await trx
      .deleteFrom("visitor_sessions")
      .where("email", "=", email)
      .returning("id")
      .execute();
    const codes = await trx
      .deleteFrom("chat_otp_codes")
      .where("email", "=", email)
      .executeTakeFirst();
    const mailIds = await mailIdsFor(trx, email);
    if (mailIds.length) await trx.deleteFrom("mail_outbox").where("id", "in", mailIds).execute();
    return {
      visitors: Number(visitors.numDeletedRows),
      conversations: deleted.conversations,
      conversationIds: conversations.map((c) => Number(c.id)),
      messages: deleted.messages,
      uploads: [...deleted.uploads, ...orphans.map((o) => o.name)],
      contactMessages: Number(contactMessages.numDeletedRows),
      sessionIds: sessions.map((s) => s.id),
      codes: Number(codes.numDeletedRows),
      mail: mailIds.length,
    };
  });
}
