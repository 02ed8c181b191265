/**
 * What the support console reads of the chat: the conversation lists with their newest message,
 * unread count, waiting time and the visitor's presence; one conversation with its visitor and the
 * visitor's other conversations; a conversation's messages; and marking what an agent saw as read,
 * which every agent hears as the conversation's new summary.
 */
import { defaultChatLanguage } from "@hourline/contracts/chat-languages";
import type { ChatMessage } from "@hourline/contracts/chat-message";
import {
  earlierConversationsLimit,
  type ConversationDetailAnswer,
} from "@hourline/contracts/console";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { storedVisitorContext } from "@hourline/contracts/visitor-context";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { findRating } from "../repositories/chat-ratings";
import type { ConversationView } from "@hourline/contracts/console-team";
import {
  findConversationSummary,
  listConversationMessages,
  listVisitorConversations,
  markConversationRead,
  type ConversationRecord,
} from "../repositories/agent-inbox";
import {
  listConversationSummaries,
  type ConversationListOptions,
} from "../repositories/conversation-list";
import { findConversation } from "../repositories/chat-conversations";
import { findChatVisitor } from "../repositories/chat-visitors";
import type { ChatBroker } from "./broker";
import { channels } from "./broker-channels";
import type { ChatPresence } from "./chat-presence";

export class ConsoleReadModel {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly broker: ChatBroker,
    private readonly presence: ChatPresence,
  ) {}

  /** Records with the visitors' presence, asked once per visitor. */
  private async withPresence(records: ConversationRecord[]): Promise<ConversationSummary[]> {
    const emails = [...new Set(records.map((r) => r.visitor_email))];
    const online = new Map(
      await Promise.all(
        emails.map(async (e) => [e, await this.presence.visitorOnline(e)] as const),
      ),
    );
    return records.map((r) => ({ ...r, visitor_online: online.get(r.visitor_email) ?? false }));
  }

  /** One page of a view, newest activity first (see listConversationSummaries). */
  async conversationSummaries(
    view: ConversationView,
    options: ConversationListOptions = {},
  ): Promise<ConversationSummary[]> {
    return this.withPresence(await listConversationSummaries(this.db, view, options));
  }

  async conversationSummary(id: number): Promise<ConversationSummary | undefined> {
    const record = await findConversationSummary(this.db, id);
    return record ? (await this.withPresence([record]))[0] : undefined;
  }

  /** Tells every agent of a conversation as the list shows it (opened, resumed, read). */
  async announceConversation(id: number): Promise<void> {
    const summary = await this.conversationSummary(id);
    if (!summary) return;
    await this.broker.publish(channels.agents, { message_type: "conversation", ...summary });
  }

  /** A conversation with its visitor and the visitor's other conversations. */
  async conversationDetail(id: number): Promise<ConversationDetailAnswer | undefined> {
    const conversation = await this.conversationSummary(id);
    if (!conversation) return undefined;
    const [visitor, row, earlier, rating] = await Promise.all([
      findChatVisitor(this.db, conversation.visitor_email),
      findConversation(this.db, id),
      listVisitorConversations(this.db, conversation.visitor_email, {
        exceptId: id,
        limit: earlierConversationsLimit,
      }),
      findRating(this.db, id),
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
        language: row?.language ?? defaultChatLanguage,
        context: storedVisitorContext(row?.visitor_context ?? null),
      },
      // The same visitor: their presence is known already.
      earlier: earlier.map((r) => ({ ...r, visitor_online: conversation.visitor_online })),
      // Present once the visitor rated the chat.
      ...(rating && {
        rating: {
          conversation_id: id,
          score: rating.score,
          comment: rating.comment,
          rated_at: rating.updatedAt,
        },
      }),
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
    if (!(await findConversation(this.db, id))) return false;
    if (await markConversationRead(this.db, id, lastId)) await this.announceConversation(id);
    return true;
  }
}
