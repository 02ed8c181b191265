/**
 * Everything stored about one e-mail address, read for an export or deleted for an erasure: the
 * chat's visitor rows, conversations with their messages, images, agents' notes and e-mail
 * answers, contact messages, chat
 * sessions, one-time codes, and mail to the address or about it (a contact notification names it
 * as Reply-To, an offline alert in its text). Addresses are compared lower-cased (the chat stores
 * them so; the contact form keeps what was typed).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { deleteConversationsIn } from "./retention";

/** Ids of outbox rows to the address or about it, checked exactly after the coarse LIKE. */
async function mailIdsFor(db: Kysely<Database> | Transaction<Database>, email: string) {
  const pattern = `%${email}%`;
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "reply_to", "subject", "text_body", "html_body"])
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["to_address"]), "=", email),
        eb(eb.fn("lower", ["reply_to"]), "like", pattern),
        eb(eb.fn("lower", ["subject"]), "like", pattern),
        eb(eb.fn("lower", ["text_body"]), "like", pattern),
      ]),
    )
    .execute();
  return rows
    .filter((r) =>
      [r.to_address, r.reply_to, r.subject, r.text_body, r.html_body].some((v) =>
        v?.toLowerCase().includes(email),
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
    const conversations = await trx
      .selectFrom("chat_conversations")
      .select("id")
      .where("visitor_email", "=", email)
      .execute();
    const deleted = await deleteConversationsIn(
      trx,
      conversations.map((c) => c.id),
    );
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
      messages: deleted.messages,
      uploads: deleted.uploads,
      contactMessages: Number(contactMessages.numDeletedRows),
      sessionIds: sessions.map((s) => s.id),
      codes: Number(codes.numDeletedRows),
      mail: mailIds.length,
    };
  });
}
