/**
 * The conversations' messages as the console holds them: one thread per conversation opened, its
 * messages merged by id and by client_id (lib/live-chat/live-messages.ts), so a reply that arrives
 * several ways (its ack, its echo, another agent's screen, a history fetch after a reconnect) is
 * shown once; and the replies typed here that wait in them for their ack (the outbox).
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import {
  fromPending,
  fromServer,
  highestId,
  mergeMessages,
  toPending,
  withDelivery,
  type DeliveryChange,
  type LiveMessage,
  type PendingMessage,
} from "~/lib/live-chat/live-messages";
import { orderedMessages } from "~/lib/live-chat/message-order";

export interface ThreadMessage extends LiveMessage {
  /** The visitor's or the agent's e-mail address: tells this agent's replies from others'. */
  senderEmail: string;
}

/** A reply typed here and not acknowledged yet: what survives a reload or a new sign-in. */
export interface PendingReply extends PendingMessage {
  conversationId: number;
}

export interface Thread {
  messages: ThreadMessage[];
  /** The history has been fetched at least once. */
  loaded: boolean;
  /** The highest message id seen: where a fetch after a reconnect continues from. */
  lastId: number;
}

export type Threads = Record<number, Thread>;

export const emptyThread: Thread = { messages: [], loaded: false, lastId: 0 };

const threadMessage = (message: ChatMessage): ThreadMessage => ({
  ...fromServer(message),
  senderEmail: message.sender,
});

export function mergeIntoThread(thread: Thread, incoming: ChatMessage[]): Thread {
  const { messages } = mergeMessages(thread.messages, incoming, threadMessage);
  return { ...thread, messages, lastId: highestId(incoming, thread.lastId) };
}

function findByClientId(
  threads: Threads,
  clientId: string,
): { conversationId: number; index: number } | null {
  for (const [id, thread] of Object.entries(threads)) {
    const index = thread.messages.findIndex((m) => m.clientId === clientId);
    if (index !== -1) return { conversationId: Number(id), index };
  }
  return null;
}

/** The threads with a reply typed here added to its conversation's; the same when it is there. */
export function withReply(threads: Threads, pending: PendingReply, me: AgentProfile): Threads {
  if (findByClientId(threads, pending.clientId)) return threads;
  const thread = threads[pending.conversationId] ?? emptyThread;
  const shown: ThreadMessage = { ...fromPending(pending, "agent", me.name), senderEmail: me.email };
  return {
    ...threads,
    [pending.conversationId]: { ...thread, messages: orderedMessages([...thread.messages, shown]) },
  };
}

/** The threads with a reply's delivery changed; the same when no thread holds it. */
export function withReplyDelivery(threads: Threads, change: DeliveryChange): Threads {
  const found = findByClientId(threads, change.clientId);
  if (!found) return threads;
  const thread = threads[found.conversationId] as Thread;
  const messages = [...thread.messages];
  messages[found.index] = withDelivery(messages[found.index] as ThreadMessage, change);
  return { ...threads, [found.conversationId]: { ...thread, messages: orderedMessages(messages) } };
}

/** A message of the thread as a reply waiting for its ack; null when it is not one. */
function asPending(m: ThreadMessage, conversationId: number): PendingReply | null {
  const pending = toPending(m, "agent");
  return pending && { ...pending, conversationId };
}

/** The replies typed here that the server has not acknowledged: what is kept for later. */
export function pendingReplies(state: { threads: Threads }): PendingReply[] {
  const pending: PendingReply[] = [];
  for (const [id, thread] of Object.entries(state.threads)) {
    for (const m of thread.messages) {
      const reply = asPending(m, Number(id));
      if (reply) pending.push(reply);
    }
  }
  return pending;
}

/** The reply typed here with this client_id, if it is still waiting for its ack. */
export function findPending(state: { threads: Threads }, clientId: string): PendingReply | null {
  const found = findByClientId(state.threads, clientId);
  if (!found) return null;
  const m = state.threads[found.conversationId]?.messages[found.index];
  return m ? asPending(m, found.conversationId) : null;
}

/**
 * What the outbox keeps across a reload: the unacknowledged replies, but for those of chats known
 * to have ended. Those can never be sent; they stay in the thread, marked failed, until it closes.
 */
export function repliesToKeep(state: {
  threads: Threads;
  conversations: Record<number, ConversationSummary>;
}): PendingReply[] {
  return pendingReplies(state).filter(
    (p) => state.conversations[p.conversationId]?.state !== "ended",
  );
}
