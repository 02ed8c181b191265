/**
 * The support chat's rules, independent of HTTP and sockets: opening and resuming conversations,
 * storing messages (sanitized, idempotent by client_id, acknowledged only once committed), ending
 * conversations, who may type where, and telling everyone through the broker. Sockets and routes
 * call this; they never write chat rows themselves.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import {
  chatLimits,
  uploadPathPrefix,
  type ChatMessage,
  type MsgType,
} from "@hourline/contracts/chat-message";
import type { AckFrame, ChatEndedFrame, TypingFrame } from "@hourline/contracts/chat-server-frames";
import type { VisitorContext } from "@hourline/contracts/visitor-context";
import type { ChatLanguage } from "@hourline/contracts/chat-languages";
import { isDatabaseUnavailable } from "../db/database-unavailable";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { ChatParty, Database } from "../db/schema";
import { chatOfflineAlertMail } from "../mail/templates/chat-mails";
import {
  claimUnassigned,
  endConversation,
  findConversation,
  findOpenConversation,
  findOpenConversations,
  insertConversation,
  markSeenByVisitor,
  updateConversationVisitor,
  type ConversationRow,
} from "../repositories/chat-conversations";
import { insertAgentEntry } from "../repositories/chat-agent-entries";
import {
  findMessageByClientId,
  insertAgentMessageUnlessAnswered,
  insertMessageWriteOnce,
  insertMessageWritesOnce,
  listMessagesAfter,
  type MessageWrite,
  type StoredMessage,
} from "../repositories/chat-messages";
import { issueRatingToken } from "../repositories/chat-ratings";
import { countUploadsOfConversation } from "../repositories/chat-uploads";
import { saveChatVisitor } from "../repositories/chat-visitors";
import { enqueueMail } from "../repositories/mail-outbox";
import type { ChatBroker } from "./broker";
import { channels } from "./broker-channels";
import type { ChatPresence } from "./chat-presence";
import { ChatRuleError } from "./chat-rule-error";
import { forVisitor, toChatMessage, type ChatMessageRow } from "./chat-message-row";
import type { ConsoleReadModel } from "./console-read-model";
import type { FollowUpMail } from "./follow-up-mail";
import { cleanMessageFacts, sanitizeMessageHtml } from "./message-html";
import { isUniqueViolation } from "../db/unique-violation";
import { GroupCommit } from "./group-commit";
import { isPostgres } from "../../migrations/portable-columns";

export type { ConversationRow };

function visitorChatEnded(): ChatRuleError {
  return new ChatRuleError("chat_ended", "This chat has ended. Start a new chat to write again.");
}

export interface ConversationRulesOptions {
  publicUrl: string;
  supportInbox: string;
  /** Counts each message stored (not a resend of one already stored). */
  messageStored?: ((side: ChatParty) => void) | undefined;
  /** A chat opened or ended: waiting chats may be given to whoever is free (ConsoleRouting). */
  routeWaiting?: (() => void) | undefined;
}

/** A message's sanitized HTML, checked, and the uploads it shows. */
interface CheckedHtml {
  html: string;
  images: string[];
}

interface NewMessage {
  conversation: ConversationRow;
  clientId: string;
  senderType: "visitor" | "agent";
  agent?: AgentProfile;
  /** What the sender typed (sanitized and checked here), or that already checked. */
  html: string | CheckedHtml;
  msgType: MsgType;
  /** An agent's: the newest message their console showed (see insertAgentMessageUnlessAnswered). */
  afterId?: number | undefined;
}

/** The most messages committed in one transaction. */
const MAX_MESSAGES_PER_COMMIT = 200;

/**
 * SQLite under load: above this many messages a second a batch waits this long for more before it
 * commits (group-commit.ts). At 4,000 a second that is about eight messages a commit instead of
 * three; below the rate (the 1,000 a second of a busy day's delivery bench) nothing waits.
 * PostgreSQL needs none: messages gather by themselves while a commit's round trip is out.
 */
const SQLITE_GATHER = { aboveRate: 2_000, waitMs: 2 };

export class ConversationRules {
  /**
   * On PostgreSQL, the open conversations of visitors whose messages arrive together are read
   * together: one query (one round trip, one write system call) for them all.
   */
  private readonly openLookups: GroupCommit<string, ConversationRow | undefined> | undefined;
  /** Messages that arrive together are committed together (group-commit.ts). */
  private readonly messageWrites: GroupCommit<MessageWrite, StoredMessage | undefined>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly broker: ChatBroker,
    private readonly presence: ChatPresence,
    private readonly readModel: ConsoleReadModel,
    private readonly followUp: FollowUpMail,
    private readonly kickMailer: () => void,
    private readonly log: FastifyBaseLogger,
    private readonly options: ConversationRulesOptions,
  ) {
    this.messageWrites = new GroupCommit(
      (writes) => insertMessageWritesOnce(db, writes),
      (write) => insertMessageWriteOnce(db, write),
      {
        maxBatch: MAX_MESSAGES_PER_COMMIT,
        onBatchFailed: (err, size) =>
          log.warn({ err, size }, "chat messages' group commit failed: each is tried on its own"),
        // The database away: every message of the batch is refused for now (the client sends it
        // again), not tried alone against a database that cannot answer.
        failsAlone: isDatabaseUnavailable,
        gather: isPostgres(db) ? undefined : SQLITE_GATHER,
      },
    );
    this.openLookups = isPostgres(db)
      ? new GroupCommit(
          (emails) => findOpenConversations(db, emails),
          (email) => findOpenConversation(db, email),
          { maxBatch: MAX_MESSAGES_PER_COMMIT, failsAlone: isDatabaseUnavailable },
        )
      : undefined;
  }

  /** Resolves once every message handed in is committed or refused. */
  async settled(): Promise<void> {
    await this.openLookups?.settled();
    await this.messageWrites.settled();
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
    context: VisitorContext = {},
    language?: ChatLanguage,
  ): Promise<{
    visitorId: number;
    conversation: ConversationRow;
    opened: boolean;
    agentsOnline: boolean;
  }> {
    const now = Date.now();
    const agentsOnline = await this.presence.agentsOnline();
    const contextJson = Object.keys(context).length > 0 ? JSON.stringify(context) : null;
    const attempt = () =>
      this.db.transaction().execute(async (trx) => {
        const visitorId = await saveChatVisitor(trx, { email, name, now });
        const open = await findOpenConversation(trx, email);
        if (open) {
          const conversation = await updateConversationVisitor(trx, open.id, {
            name,
            transcript,
            context: contextJson,
            language,
          });
          return { visitorId, conversation, opened: false };
        }
        const conversation = await insertConversation(trx, {
          visitorId,
          email,
          name,
          transcript,
          now,
          context: contextJson,
          language,
        });
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
        return { visitorId, conversation, opened: true };
      });
    // Another request (a second tab's register, an agent's reopen) opened the visitor's one open
    // conversation in between: the index refused this insert, and a second try joins that one.
    let result;
    try {
      result = await attempt();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      result = await attempt();
    }
    if (result.opened) {
      if (!agentsOnline) this.kickMailer();
      this.log.info(
        { conversationId: result.conversation.id, agentsOnline },
        "chat conversation opened",
      );
    }
    await this.readModel.announceConversation(result.conversation.id);
    if (result.opened) this.options.routeWaiting?.();
    return { ...result, agentsOnline };
  }

  /**
   * The visitor's history: their open conversation's messages after `afterId` (none when no chat
   * is open), as a visitor is shown them. What the visitor was shown counts as seen, so no e-mail
   * follows for those replies.
   */
  async visitorMessages(email: string, afterId: number): Promise<ChatMessage[]> {
    const conversation = await this.openConversation(email);
    if (!conversation) return [];
    const messages = await listMessagesAfter(this.db, conversation.id, { afterId });
    const newest = messages[messages.length - 1];
    if (newest) await markSeenByVisitor(this.db, conversation.id, newest.id);
    return messages.map(forVisitor);
  }

  async postFromVisitor(
    email: string,
    input: { html: string; msgType: MsgType; clientId: string },
  ): Promise<AckFrame> {
    // SQLite: the insert finds the visitor's open conversation itself (a statement fewer per
    // message). A message with images is checked against the conversation's uploads first, and
    // PostgreSQL reads the open conversations of messages arriving together in one query.
    if (!this.openLookups) {
      const checked = this.checkHtml(input.html, input.msgType);
      if (checked.images.length === 0) return this.postToOpenConversation(email, input, checked);
      return this.post({
        conversation: await this.visitorsOpen(email),
        ...input,
        html: checked,
        senderType: "visitor",
      });
    }
    const conversation = await this.visitorsOpen(email);
    return this.post({ conversation, senderType: "visitor", ...input });
  }

  private async visitorsOpen(email: string): Promise<ConversationRow> {
    const conversation = await (this.openLookups?.add(email) ?? this.openConversation(email));
    if (!conversation) throw visitorChatEnded();
    return conversation;
  }

  /** A visitor's message stored by their e-mail (insertIntoOpenConversationOnce), acked, told. */
  private async postToOpenConversation(
    email: string,
    input: { msgType: MsgType; clientId: string },
    checked: CheckedHtml,
  ): Promise<AckFrame> {
    const stored = await this.messageWrites.add({
      toOpenConversationOf: email,
      client_id: input.clientId,
      message: checked.html,
      msg_type: input.msgType,
      created_at: Date.now(),
    });
    if (stored) {
      this.options.messageStored?.("visitor");
      await this.announce(
        { id: stored.conversation_id, visitor_email: email },
        stored,
        stored.previous_id,
      );
      return { message_type: "ack", client_id: input.clientId, id: stored.id };
    }
    // Nothing stored: no open conversation, or this client_id is in it already (a resend, or a
    // race with another socket), which gets the same ack. Should the chat end and another open
    // between the insert and this read, the resend's row is in the ended one: the visitor is told
    // the chat ended, as a message sent a moment later would be.
    const conversation = await this.visitorsOpen(email);
    const row = await findMessageByClientId(this.db, conversation.id, input.clientId);
    if (!row) throw visitorChatEnded();
    return { message_type: "ack", client_id: input.clientId, id: row.id };
  }

  async postFromAgent(
    agent: AgentProfile,
    input: {
      conversationId: number;
      html: string;
      msgType: MsgType;
      clientId: string;
      afterId?: number | undefined;
    },
  ): Promise<AckFrame> {
    const conversation = await this.openForAgent(input.conversationId, {
      ended: "This chat has ended; the visitor cannot see replies.",
    });
    const { html, msgType, clientId, afterId } = input;
    return this.post({
      conversation,
      senderType: "agent",
      agent,
      html,
      msgType,
      clientId,
      afterId,
    });
  }

  /** The conversation an agent acts on; refused when there is none or it has ended. */
  private async openForAgent(id: number, says: { ended: string }): Promise<ConversationRow> {
    const conversation = await this.conversation(id);
    if (!conversation) throw new ChatRuleError("forbidden", "There is no such conversation.");
    if (conversation.state !== "open") throw new ChatRuleError("chat_ended", says.ended);
    return conversation;
  }

  /** Sanitizes what was typed and refuses what is not a message (ChatRuleError). */
  private checkHtml(typed: string, msgType: MsgType): CheckedHtml {
    const html = sanitizeMessageHtml(typed, { publicUrl: this.options.publicUrl });
    const { blank, images, textLength } = cleanMessageFacts(html);
    if (blank) {
      throw new ChatRuleError("bad_frame", "An empty message is not sent.");
    }
    // One length for every message, the one the widget and the console let anyone type.
    if (textLength > chatLimits.typedText) {
      throw new ChatRuleError(
        "too_large",
        `That message is too long: at most ${chatLimits.typedText.toLocaleString("en-US")} characters.`,
      );
    }
    if (msgType === "image" && images.length === 0) {
      throw new ChatRuleError("bad_frame", "An image message needs an uploaded image.");
    }
    return { html, images };
  }

  private async post(input: NewMessage): Promise<AckFrame> {
    const { conversation } = input;
    const { html, images } =
      typeof input.html === "string" ? this.checkHtml(input.html, input.msgType) : input.html;
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
    // One statement per message, committed with the messages that arrived with it (group commit):
    // the promise settles once its transaction committed, so the ack still follows the commit.
    // The insert either stores the row or meets the committed one with this client_id
    // (PostgreSQL waits for a racing insert to end).
    const values = {
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
    };
    const inserted =
      input.agent && input.afterId !== undefined
        ? await insertAgentMessageUnlessAnswered(
            this.db,
            { ...values, agent_id: input.agent.id },
            input.afterId,
          )
        : await this.messageWrites.add(values);
    if (inserted === "conflict") {
      throw new ChatRuleError(
        "conflict",
        "Another agent replied in this chat since: read it, then send again if you still want to.",
      );
    }
    // This client_id is stored already (a resend, or a race with another socket): same ack.
    const row = inserted ?? (await findMessageByClientId(this.db, conversation.id, input.clientId));
    if (!row) throw new Error("message insert returned no row");
    const created = inserted !== undefined;
    // The row is committed: from here on the sender may forget the message.
    const ack: AckFrame = { message_type: "ack", client_id: input.clientId, id: row.id };
    if (created) {
      this.options.messageStored?.(input.senderType);
      await this.announce(conversation, row, inserted.previous_id);
      // Replying to a conversation nobody has taken takes it; every console hears who has it.
      if (
        input.agent &&
        conversation.assigned_agent_id === null &&
        (await claimUnassigned(this.db, conversation.id, input.agent.id))
      ) {
        await this.readModel.announceConversation(conversation.id);
      }
    }
    return ack;
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

  private async announce(
    conversation: Pick<ConversationRow, "id" | "visitor_email">,
    row: ChatMessageRow,
    previousId: number | null,
  ): Promise<void> {
    const message = toChatMessage(row);
    // Both at once: each is delivered here as it is published, and over Redis the second need not
    // wait for the first's answer. Both frames are built here from toChatMessage's fields alone.
    await Promise.all([
      this.broker.publishBuilt(channels.visitor(conversation.visitor_email), {
        message_type: "message",
        ...forVisitor(message),
        previous_id: previousId,
      }),
      this.broker.publishBuilt(channels.agents, {
        message_type: "message",
        ...message,
        previous_id: previousId,
      }),
    ]);
    if (row.sender_type === "agent") {
      if (await this.presence.visitorOnline(conversation.visitor_email)) {
        await markSeenByVisitor(this.db, conversation.id, row.id);
      } else {
        this.followUp.scheduleMissedReply(conversation.id, row.id);
      }
    }
  }

  /** The visitor is typing (or stopped): the agents see it on the open conversation. */
  async visitorTyping(email: string, typing: boolean): Promise<void> {
    const conversation = await this.openConversation(email);
    if (!conversation) return;
    await this.broker.publish(channels.agents, {
      message_type: "typing",
      conversation_id: conversation.id,
      typing,
      from: "visitor",
    });
  }

  /**
   * An agent is typing (or stopped) in an open conversation: the visitor sees "Support is typing",
   * the other agents see who.
   */
  async agentTyping(agent: AgentProfile, conversationId: number, typing: boolean): Promise<void> {
    const conversation = await this.conversation(conversationId);
    if (!conversation || conversation.state !== "open") return;
    const frame: TypingFrame = {
      message_type: "typing",
      conversation_id: conversation.id,
      typing,
      from: "agent",
    };
    await this.broker.publish(channels.visitor(conversation.visitor_email), frame);
    await this.broker.publish(channels.agents, {
      ...frame,
      agent_id: agent.id,
      agent_name: agent.name,
    });
  }

  /** Which conversation an agent's console shows (null: none): every console is told. */
  async agentViewing(agent: AgentProfile, conversationId: number | null): Promise<void> {
    await this.broker.publish(channels.agents, {
      message_type: "viewing",
      agent_id: agent.id,
      agent_name: agent.name,
      conversation_id: conversationId,
    });
  }

  async endByVisitor(email: string): Promise<ChatEndedFrame | null> {
    const conversation = await this.openConversation(email);
    if (!conversation) return null;
    return this.end(conversation, "visitor");
  }

  async endByAgent(agent: AgentProfile, conversationId: number): Promise<ChatEndedFrame> {
    const conversation = await this.openForAgent(conversationId, {
      ended: "This chat has already ended.",
    });
    return this.end(conversation, "agent", agent);
  }

  /**
   * Ends an open chat for the team (a bulk end, a block, the abandoned-chat sweep) the normal way,
   * its marker saying why; null when it had ended already: someone else (or another instance)
   * ended it first, and only that one tells the visitor and mails the transcript.
   */
  async endForTeam(
    conversationId: number,
    by: ChatParty,
    marker: string,
    agent?: AgentProfile,
  ): Promise<ChatEndedFrame | null> {
    const conversation = await this.conversation(conversationId);
    if (!conversation || conversation.state !== "open") return null;
    try {
      return await this.end(conversation, by, agent, marker);
    } catch (err) {
      if (err instanceof ChatRuleError && err.code === "chat_ended") return null;
      throw err;
    }
  }

  private async end(
    conversation: ConversationRow,
    by: ChatParty,
    agent?: AgentProfile,
    markerBody?: string,
  ): Promise<ChatEndedFrame> {
    const now = Date.now();
    if (!(await endConversation(this.db, conversation.id, { by, now }))) {
      throw new ChatRuleError("chat_ended", "This chat has already ended.");
    }
    // The thread's marker, for agents only, like a note.
    const marker = await insertAgentEntry(this.db, {
      conversation_id: conversation.id,
      kind: "ended",
      agent_id: agent?.id ?? 0,
      agent_name: agent?.name ?? "",
      body: markerBody ?? (agent ? `Ended by ${agent.name}` : "Ended by the visitor"),
      sent_to: null,
      created_at: now,
    });
    await this.broker.publish(channels.agents, { message_type: "agent_entry", ...marker });
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
    // "How did we do?": the visitor's tabs get a token to rate this chat with; agents do not.
    const ratingToken = await issueRatingToken(this.db, conversation.id, now);
    await this.broker.publish(channels.visitor(conversation.visitor_email), {
      ...frame,
      rating_token: ratingToken,
    });
    await this.broker.publish(channels.agents, frame);
    this.options.routeWaiting?.();
    return frame;
  }
}
