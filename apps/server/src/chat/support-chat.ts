/**
 * The support chat's rules, independent of HTTP and sockets: opening and resuming conversations,
 * storing messages (sanitized, idempotent by client_id, acknowledged only once committed), ending
 * conversations, and telling everyone through the broker. Sockets and routes call this; they never
 * write chat rows themselves.
 */
import type {
  AckFrame,
  ChatEndedFrame,
  ConversationFrame,
  PresenceFrame,
} from "@hourline/contracts/chat-server-frames";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { ChatMessage, MsgType } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import {
  earlierConversationsLimit,
  type ConversationDetailAnswer,
} from "@hourline/contracts/console";
import { uploadPathPrefix } from "@hourline/contracts/chat-message";
import type { Kysely, Transaction } from "kysely";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/schema";
import { chatOfflineAlertMail } from "../mail/templates/chat-mails";
import {
  findChatVisitor,
  findConversationSummary,
  listConversationSummaries,
  listVisitorConversations,
  markConversationRead,
  listConversationMessages,
  type ConversationRecord,
} from "../repositories/agent-inbox";
import {
  endConversation,
  findConversation,
  findOpenConversation,
  markSeenByVisitor,
  type ConversationRow,
} from "../repositories/chat-conversations";
import { countUploadsOfConversation } from "../repositories/chat-uploads";
import { enqueueMail } from "../repositories/mail-outbox";
import { channels, presenceKeys, type ChatBroker } from "./broker";
import { FollowUpMail } from "./follow-up-mail";
import { forVisitor, toChatMessage, type ChatMessageRow } from "./chat-message-row";
import { isBlankMessageHtml, messageImageSources, sanitizeMessageHtml } from "./message-html";

export type { ConversationRow };

export interface SupportChatOptions {
  publicUrl: string;
  supportInbox: string;
  /** How long an agent's reply waits for the visitor to come back before it is e-mailed. */
  missedReplyGraceMs: number;
  /** At most one missed-reply e-mail per conversation in this period. */
  missedReplyQuietMs: number;
}

export const defaultSupportChatTiming = {
  missedReplyGraceMs: 60_000,
  missedReplyQuietMs: 30 * 60_000,
};

/** Why a message or an end request was refused; the socket turns it into an error frame. */
export class ChatRuleError extends Error {
  constructor(
    readonly code: "chat_ended" | "forbidden" | "bad_frame",
    message: string,
  ) {
    super(message);
    this.name = "ChatRuleError";
  }
}

interface NewMessage {
  conversation: ConversationRow;
  clientId: string;
  senderType: "visitor" | "agent";
  agent?: AgentProfile;
  html: string;
  msgType: MsgType;
}

export class SupportChat {
  /** The transcripts and missed-reply mails that follow chats. */
  readonly followUp: FollowUpMail;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly broker: ChatBroker,
    private readonly kickMailer: () => void,
    private readonly log: FastifyBaseLogger,
    private readonly options: SupportChatOptions,
  ) {
    this.followUp = new FollowUpMail(
      db,
      kickMailer,
      async (email) => (await broker.countPresent(presenceKeys.visitor(email))) > 0,
      log,
      options,
    );
  }

  async agentsOnline(): Promise<boolean> {
    return (await this.broker.countPresent(presenceKeys.agents)) > 0;
  }

  openConversation(email: string): Promise<ConversationRow | undefined> {
    return findOpenConversation(this.db, email);
  }

  conversation(id: number): Promise<ConversationRow | undefined> {
    return findConversation(this.db, id);
  }

  /**
   * `register`: records the visitor's name and opens their conversation, or resumes the open one.
   * A conversation opened while no agent is online is announced to the support inbox by e-mail.
   */
  async register(
    email: string,
    name: string,
    transcript: boolean,
  ): Promise<{
    visitorId: number;
    conversation: ConversationRow;
    opened: boolean;
    agentsOnline: boolean;
  }> {
    const now = Date.now();
    const agentsOnline = await this.agentsOnline();
    const result = await this.db.transaction().execute(async (trx) => {
      const visitor = await trx
        .insertInto("chat_visitors")
        .values({ email, name, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column("email").doUpdateSet({ name, updated_at: now }))
        .returning("id")
        .executeTakeFirstOrThrow();
      const open = await trx
        .selectFrom("chat_conversations")
        .selectAll()
        .where("visitor_email", "=", email)
        .where("state", "=", "open")
        .executeTakeFirst();
      if (open) {
        const updated = await trx
          .updateTable("chat_conversations")
          .set({ visitor_name: name, ...(transcript ? { transcript_requested: 1 } : {}) })
          .where("id", "=", open.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { visitorId: visitor.id, conversation: updated, opened: false };
      }
      const conversation = await trx
        .insertInto("chat_conversations")
        .values({
          visitor_id: visitor.id,
          visitor_email: email,
          visitor_name: name,
          started_at: now,
          transcript_requested: transcript ? 1 : 0,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (!agentsOnline) {
        await enqueueMail(
          trx,
          chatOfflineAlertMail(
            {
              conversationId: conversation.id,
              visitorName: name,
              visitorEmail: email,
              startedAt: now,
            },
            this.options,
          ),
          now,
        );
      }
      return { visitorId: visitor.id, conversation, opened: true };
    });
    if (result.opened) {
      if (!agentsOnline) this.kickMailer();
      this.log.info(
        { conversationId: result.conversation.id, agentsOnline },
        "chat conversation opened",
      );
    }
    await this.announceConversation(result.conversation.id);
    return { ...result, agentsOnline };
  }

  /** Tells every agent of a conversation as the list shows it (opened, resumed, read). */
  private async announceConversation(id: number): Promise<void> {
    const summary = await this.conversationSummary(id);
    if (!summary) return;
    const frame: ConversationFrame = { message_type: "conversation", ...summary };
    await this.broker.publish(channels.agents, frame);
  }

  // --- what the console reads ----------------------------------------------------------------

  /** At least one tab of the visitor has the chat socket open, on any instance. */
  private async visitorOnline(email: string): Promise<boolean> {
    return (await this.broker.countPresent(presenceKeys.visitor(email))) > 0;
  }

  /** Records with the visitors' presence, asked once per visitor. */
  private async withPresence(records: ConversationRecord[]): Promise<ConversationSummary[]> {
    const emails = [...new Set(records.map((r) => r.visitor_email))];
    const online = new Map(
      await Promise.all(emails.map(async (e) => [e, await this.visitorOnline(e)] as const)),
    );
    return records.map((r) => ({ ...r, visitor_online: online.get(r.visitor_email) ?? false }));
  }

  async conversationSummaries(state: "open" | "ended"): Promise<ConversationSummary[]> {
    return this.withPresence(await listConversationSummaries(this.db, state));
  }

  async conversationSummary(id: number): Promise<ConversationSummary | undefined> {
    const record = await findConversationSummary(this.db, id);
    return record ? (await this.withPresence([record]))[0] : undefined;
  }

  /** A conversation with its visitor and the visitor's other conversations. */
  async conversationDetail(id: number): Promise<ConversationDetailAnswer | undefined> {
    const conversation = await this.conversationSummary(id);
    if (!conversation) return undefined;
    const [visitor, row, earlier] = await Promise.all([
      findChatVisitor(this.db, conversation.visitor_email),
      this.conversation(id),
      listVisitorConversations(this.db, conversation.visitor_email, {
        exceptId: id,
        limit: earlierConversationsLimit,
      }),
    ]);
    return {
      status: 200,
      conversation,
      visitor: {
        email: conversation.visitor_email,
        name: visitor?.name ?? conversation.visitor_name,
        first_seen_at: visitor?.createdAt ?? conversation.started_at,
        online: conversation.visitor_online,
        transcript_requested: row?.transcript_requested === 1,
      },
      // The same visitor: their presence is known already.
      earlier: earlier.map((r) => ({ ...r, visitor_online: conversation.visitor_online })),
    };
  }

  /**
   * A conversation's messages. Fetching them marks nothing read: a console fetches histories it
   * does not show (after a reconnect, in a hidden tab), so it marks what the agent saw with
   * markRead instead.
   */
  messages(id: number, afterId: number): Promise<ChatMessage[] | undefined> {
    return listConversationMessages(this.db, id, { afterId });
  }

  /** Marks read up to `lastId`; false for an unknown conversation. */
  async markRead(id: number, lastId: number): Promise<boolean> {
    const exists = await this.conversation(id);
    if (!exists) return false;
    if (await markConversationRead(this.db, id, lastId)) await this.announceConversation(id);
    return true;
  }

  /** The visitor has been shown everything up to `messageId` (history fetch or live socket). */
  markSeenByVisitor(conversationId: number, messageId: number): Promise<void> {
    return markSeenByVisitor(this.db, conversationId, messageId);
  }

  async postFromVisitor(
    email: string,
    input: { html: string; msgType: MsgType; clientId: string },
  ): Promise<AckFrame> {
    const conversation = await this.openConversation(email);
    if (!conversation) {
      throw new ChatRuleError(
        "chat_ended",
        "This chat has ended. Start a new chat to write again.",
      );
    }
    return this.post({
      conversation,
      clientId: input.clientId,
      senderType: "visitor",
      html: input.html,
      msgType: input.msgType,
    });
  }

  async postFromAgent(
    agent: AgentProfile,
    input: { conversationId: number; html: string; msgType: MsgType; clientId: string },
  ): Promise<AckFrame> {
    const conversation = await this.conversation(input.conversationId);
    if (!conversation) throw new ChatRuleError("forbidden", "There is no such conversation.");
    if (conversation.state !== "open") {
      throw new ChatRuleError("chat_ended", "This chat has ended; the visitor cannot see replies.");
    }
    return this.post({
      conversation,
      clientId: input.clientId,
      senderType: "agent",
      agent,
      html: input.html,
      msgType: input.msgType,
    });
  }

  private async post(input: NewMessage): Promise<AckFrame> {
    const { conversation } = input;
    const html = sanitizeMessageHtml(input.html, { publicUrl: this.options.publicUrl });
    if (isBlankMessageHtml(html)) {
      throw new ChatRuleError("bad_frame", "An empty message is not sent.");
    }
    const images = messageImageSources(html);
    if (input.msgType === "image" && images.length === 0) {
      throw new ChatRuleError("bad_frame", "An image message needs an uploaded image.");
    }
    if (images.length > 0) await this.checkImagesBelong(conversation.id, images);

    const author =
      input.senderType === "visitor"
        ? { sender: conversation.visitor_email, receiver: "null", name: conversation.visitor_name }
        : input.agent
          ? {
              sender: input.agent.email,
              receiver: conversation.visitor_email,
              name: input.agent.name,
            }
          : undefined;
    if (!author) throw new Error("an agent message needs its agent");
    const now = Date.now();
    const { row, created } = await this.db.transaction().execute(async (trx) => {
      // Insert first: a resend is rare, so the conflict path pays the extra read, not every message.
      const inserted = await trx
        .insertInto("chat_messages")
        .values({
          conversation_id: conversation.id,
          client_id: input.clientId,
          sender_type: input.senderType,
          agent_id: input.agent?.id ?? null,
          sender: author.sender,
          receiver: author.receiver,
          sender_username: author.name,
          message: html,
          msg_type: input.msgType,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(["conversation_id", "client_id"]).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, created: true };
      // This client_id is stored already (a resend, or a race with another socket): same ack.
      const raced = await this.byClientId(trx, conversation.id, input.clientId);
      if (!raced) throw new Error("message insert returned no row");
      return { row: raced, created: false };
    });
    // The row is committed: from here on the sender may forget the message.
    const ack: AckFrame = { message_type: "ack", client_id: input.clientId, id: row.id };
    if (created) await this.announce(conversation, row);
    return ack;
  }

  private byClientId(
    trx: Transaction<Database>,
    conversationId: number,
    clientId: string,
  ): Promise<ChatMessageRow | undefined> {
    return trx
      .selectFrom("chat_messages")
      .selectAll()
      .where("conversation_id", "=", conversationId)
      .where("client_id", "=", clientId)
      .executeTakeFirst();
  }

  private async checkImagesBelong(conversationId: number, sources: string[]): Promise<void> {
    const names = sources.map((src) =>
      src.slice(src.indexOf(uploadPathPrefix) + uploadPathPrefix.length),
    );
    const unique = [...new Set(names)];
    if ((await countUploadsOfConversation(this.db, conversationId, unique)) !== unique.length) {
      throw new ChatRuleError("forbidden", "That image was not uploaded to this conversation.");
    }
  }

  private async announce(conversation: ConversationRow, row: ChatMessageRow): Promise<void> {
    const message = toChatMessage(row);
    await this.broker.publish(channels.visitor(conversation.visitor_email), {
      message_type: "message",
      ...forVisitor(message),
    });
    await this.broker.publish(channels.agents, { message_type: "message", ...message });
    if (row.sender_type === "agent") {
      const watching = await this.broker.countPresent(
        presenceKeys.visitor(conversation.visitor_email),
      );
      if (watching > 0) await this.markSeenByVisitor(conversation.id, row.id);
      else this.followUp.scheduleMissedReply(conversation.id, row.id);
    }
  }

  async endByVisitor(email: string): Promise<ChatEndedFrame | null> {
    const conversation = await this.openConversation(email);
    if (!conversation) return null;
    return this.end(conversation, "visitor");
  }

  async endByAgent(conversationId: number): Promise<ChatEndedFrame> {
    const conversation = await this.conversation(conversationId);
    if (!conversation) throw new ChatRuleError("forbidden", "There is no such conversation.");
    if (conversation.state !== "open") {
      throw new ChatRuleError("chat_ended", "This chat has already ended.");
    }
    return this.end(conversation, "agent");
  }

  private async end(
    conversation: ConversationRow,
    by: "visitor" | "agent",
  ): Promise<ChatEndedFrame> {
    const now = Date.now();
    if (!(await endConversation(this.db, conversation.id, { by, now }))) {
      throw new ChatRuleError("chat_ended", "This chat has already ended.");
    }
    // The visitor ticked "E-mail me a transcript": it is built after the end, in slices; if this
    // instance stops first, the sweep builds it.
    if (conversation.transcript_requested) {
      this.followUp.mailTranscript(conversation.id).catch((err: unknown) => {
        this.log.error({ err, conversationId: conversation.id }, "chat transcript failed");
      });
    }
    const frame: ChatEndedFrame = {
      message_type: "chat_ended",
      conversation_id: conversation.id,
      target_email: conversation.visitor_email,
      ended_at: now,
      ended_by: by,
    };
    this.log.info({ conversationId: conversation.id, by }, "chat conversation ended");
    await this.broker.publish(channels.visitor(conversation.visitor_email), frame);
    await this.broker.publish(channels.agents, frame);
    return frame;
  }

  async announcePresence(): Promise<void> {
    const frame: PresenceFrame = {
      message_type: "presence",
      agents_online: await this.agentsOnline(),
    };
    await this.broker.publish(channels.presence, frame);
  }

  close(): void {
    this.followUp.close();
  }
}
