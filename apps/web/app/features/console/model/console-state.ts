/**
 * Everything the console shows live, and the one reducer that changes it. Conversation summaries
 * are kept for every conversation seen (open and ended); a conversation's messages are kept once
 * it has been opened. Messages merge by id and by client_id (lib/live-chat/live-messages.ts), so a
 * reply that arrives several ways (its ack, its echo, another agent's screen, a history fetch after
 * a reconnect) is shown once.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ContactMessageSummary, ConversationSummary } from "@hourline/contracts/console-inbox";
import type { ConversationDetailAnswer, VisitorDetails } from "@hourline/contracts/console";
import type { ConnectionStatus } from "~/lib/live-chat/chat-connection";
import {
  acked,
  failed,
  fromPending,
  fromServer,
  highestId,
  mergeMessages,
  retrying,
  toPending,
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

export interface TypingState {
  visitor: boolean;
  /** Another agent typing a reply in this conversation: their display name. */
  agent: string | null;
}

export interface ConversationDetail {
  visitor: VisitorDetails;
  /** The visitor's other conversations, newest first (their summaries are in `conversations`). */
  earlierIds: number[];
}

export interface ConsoleState {
  me: AgentProfile;
  connection: ConnectionStatus;
  conversations: Record<number, ConversationSummary>;
  /** Which lists have been fetched since the console started. */
  loaded: { open: boolean; ended: boolean };
  details: Record<number, ConversationDetail>;
  threads: Record<number, Thread>;
  typing: Record<number, TypingState>;
  /** The newest contact messages, newest first. */
  contacts: ContactMessageSummary[];
  contactsLoaded: boolean;
  /** Conversations the server does not know (a mistyped or stale address). */
  missing: Record<number, true>;
  /** The conversation on screen, if any. */
  viewing: number | null;
  /** The browser tab is visible. */
  visible: boolean;
  /** A problem the server reported that belongs to no reply. */
  notice: string | null;
  /** The session ended: the console must sign in again. */
  expired: boolean;
  /**
   * Agents whose consoles connected or closed since this one started: whether each is online now,
   * newer than what a list of the team fetched earlier says.
   */
  agentsOnline: Record<number, boolean>;
}

export type ConsoleAction =
  | { type: "connection"; status: ConnectionStatus }
  | { type: "conversations"; state: "open" | "ended"; list: ConversationSummary[] }
  | { type: "conversation"; summary: ConversationSummary }
  | { type: "detail"; detail: ConversationDetailAnswer }
  | { type: "missing"; conversationId: number }
  | { type: "history"; conversationId: number; messages: ChatMessage[] }
  | { type: "received"; message: ChatMessage }
  | { type: "queued"; pending: PendingReply }
  | { type: "acked"; clientId: string; id: number }
  | { type: "failed"; clientId: string; error: string }
  | { type: "retrying"; clientId: string }
  | {
      type: "ended";
      conversationId: number;
      endedAt: number;
      endedBy: "visitor" | "agent";
    }
  | {
      type: "typing";
      conversationId: number;
      from: "visitor" | "agent";
      typing: boolean;
      agentName?: string;
    }
  | { type: "visitor-presence"; email: string; online: boolean }
  | { type: "agent-presence"; agentId: number; online: boolean }
  | { type: "contacts"; list: ContactMessageSummary[] }
  | { type: "contact"; message: ContactMessageSummary }
  | { type: "viewing"; conversationId: number | null }
  | { type: "visible"; visible: boolean }
  | { type: "read"; conversationId: number }
  | { type: "me"; agent: AgentProfile }
  | { type: "notice"; message: string | null }
  | { type: "expired" };

export function initialConsoleState(
  me: AgentProfile,
  options: { visible?: boolean; pending?: PendingReply[] } = {},
): ConsoleState {
  const state: ConsoleState = {
    me,
    connection: { kind: "idle" },
    conversations: {},
    loaded: { open: false, ended: false },
    details: {},
    threads: {},
    typing: {},
    contacts: [],
    contactsLoaded: false,
    missing: {},
    viewing: null,
    visible: options.visible ?? true,
    notice: null,
    expired: false,
    agentsOnline: {},
  };
  return (options.pending ?? []).reduce(
    (s, pending) => consoleReducer(s, { type: "queued", pending }),
    state,
  );
}

const emptyThread: Thread = { messages: [], loaded: false, lastId: 0 };
const notTyping: TypingState = { visitor: false, agent: null };

const threadMessage = (message: ChatMessage): ThreadMessage => ({
  ...fromServer(message),
  senderEmail: message.sender,
});

function mergeIntoThread(thread: Thread, incoming: ChatMessage[]): Thread {
  const { messages } = mergeMessages(thread.messages, incoming, threadMessage);
  return { ...thread, messages, lastId: highestId(incoming, thread.lastId) };
}

function findByClientId(
  state: ConsoleState,
  clientId: string,
): { conversationId: number; index: number } | null {
  for (const [id, thread] of Object.entries(state.threads)) {
    const index = thread.messages.findIndex((m) => m.clientId === clientId);
    if (index !== -1) return { conversationId: Number(id), index };
  }
  return null;
}

function updateByClientId(
  state: ConsoleState,
  clientId: string,
  change: (m: ThreadMessage) => ThreadMessage,
): ConsoleState {
  const found = findByClientId(state, clientId);
  if (!found) return state;
  const thread = state.threads[found.conversationId] as Thread;
  const messages = [...thread.messages];
  messages[found.index] = change(messages[found.index] as ThreadMessage);
  return {
    ...state,
    threads: {
      ...state.threads,
      [found.conversationId]: { ...thread, messages: orderedMessages(messages) },
    },
  };
}

/** The typing records with one changed; the same object when the change changes nothing. */
function withTyping(
  state: ConsoleState,
  conversationId: number,
  change: Partial<TypingState>,
): Record<number, TypingState> {
  const current = state.typing[conversationId] ?? notTyping;
  const next = { ...current, ...change };
  if (next.visitor === current.visitor && next.agent === current.agent) return state.typing;
  return { ...state.typing, [conversationId]: next };
}

/** Whether this agent is reading the conversation right now (on screen, tab visible). */
export function isReading(state: ConsoleState, conversationId: number): boolean {
  return state.viewing === conversationId && state.visible;
}

/**
 * A new message moves its conversation's summary on: the newest message, the unread count (a
 * visitor message nobody is reading) and how long the visitor has been waiting for an answer.
 */
function summaryAfter(
  state: ConsoleState,
  summary: ConversationSummary,
  message: ChatMessage,
): ConversationSummary {
  if (summary.last_message && summary.last_message.id >= message.id) return summary;
  const fromVisitor = message.sender_type === "visitor";
  let unread = summary.unread;
  if (isReading(state, summary.id)) unread = 0;
  else if (fromVisitor) unread += 1;
  // Waiting since the oldest visitor message after the newest answer, while the chat is open.
  const waiting = fromVisitor && summary.state === "open";
  return {
    ...summary,
    last_message: message,
    unread,
    waiting_since: waiting ? (summary.waiting_since ?? message.created_at) : null,
  };
}

/** Whether this console has seen a newer message of the conversation than `incoming` names. */
export function isBehind(known: ConversationSummary | undefined, incoming: ConversationSummary) {
  return (
    known?.last_message != null &&
    (incoming.last_message === null || known.last_message.id > incoming.last_message.id)
  );
}

/**
 * What a summary from the server (a list, a push, a conversation's details) becomes, given the one
 * held here. The server's answer may have been made before pushes this console has applied since:
 * it never takes back a newer message seen here, and a chat that ended here never opens again (the
 * server only ever ends a chat). Its unread count and waiting time are the server's: they also tell
 * of reads by other agents, which reach this console no other way. When it is behind, the session
 * asks for the summary again (see isBehind).
 */
export function mergeSummary(
  known: ConversationSummary | undefined,
  incoming: ConversationSummary,
): ConversationSummary {
  if (!known) return incoming;
  let merged = incoming;
  if (isBehind(known, incoming)) merged = { ...merged, last_message: known.last_message };
  if (known.state === "ended" && merged.state === "open") {
    merged = {
      ...merged,
      state: "ended",
      ended_at: known.ended_at,
      ended_by: known.ended_by,
      waiting_since: null,
    };
  }
  return merged;
}

/** A summary from the server as this console keeps it: merged, and read if it is on screen. */
function takenSummary(
  state: ConsoleState,
  known: ConversationSummary | undefined,
  incoming: ConversationSummary,
): ConversationSummary {
  const merged = mergeSummary(known, incoming);
  return isReading(state, merged.id) ? { ...merged, unread: 0 } : merged;
}

/** Nobody is shown typing in a conversation that has ended. */
function stopTypingIfEnded(
  typing: Record<number, TypingState>,
  summary: ConversationSummary,
): Record<number, TypingState> {
  const current = typing[summary.id];
  if (summary.state !== "ended" || !current || (!current.visitor && !current.agent)) return typing;
  return { ...typing, [summary.id]: notTyping };
}

function sortContacts(contacts: ContactMessageSummary[]): ContactMessageSummary[] {
  return [...contacts].sort((a, b) => b.received_at - a.received_at || b.id - a.id);
}

export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  switch (action.type) {
    case "connection":
      return { ...state, connection: action.status };

    case "conversations": {
      const conversations = { ...state.conversations };
      let typing = state.typing;
      for (const incoming of action.list) {
        const summary = takenSummary(state, conversations[incoming.id], incoming);
        conversations[summary.id] = summary;
        typing = stopTypingIfEnded(typing, summary);
      }
      return {
        ...state,
        conversations,
        typing,
        loaded: { ...state.loaded, [action.state]: true },
      };
    }

    case "conversation": {
      const summary = takenSummary(state, state.conversations[action.summary.id], action.summary);
      return {
        ...state,
        conversations: { ...state.conversations, [summary.id]: summary },
        typing: stopTypingIfEnded(state.typing, summary),
      };
    }

    case "detail": {
      const { conversation, visitor, earlier } = action.detail;
      const next = consoleReducer(state, { type: "conversation", summary: conversation });
      const conversations = { ...next.conversations };
      for (const summary of earlier) conversations[summary.id] ??= summary;
      return {
        ...next,
        conversations,
        details: {
          ...next.details,
          [conversation.id]: { visitor, earlierIds: earlier.map((e) => e.id) },
        },
      };
    }

    case "missing":
      return { ...state, missing: { ...state.missing, [action.conversationId]: true } };

    case "history": {
      const thread = state.threads[action.conversationId] ?? emptyThread;
      const merged = { ...mergeIntoThread(thread, action.messages), loaded: true };
      const summary = state.conversations[action.conversationId];
      const newest = action.messages.at(-1);
      return {
        ...state,
        threads: { ...state.threads, [action.conversationId]: merged },
        conversations:
          summary && newest && (!summary.last_message || summary.last_message.id < newest.id)
            ? { ...state.conversations, [summary.id]: { ...summary, last_message: newest } }
            : state.conversations,
      };
    }

    case "received": {
      const { message } = action;
      const id = message.conversation_id;
      const thread = state.threads[id];
      const summary = state.conversations[id];
      return {
        ...state,
        threads: thread
          ? { ...state.threads, [id]: mergeIntoThread(thread, [message]) }
          : state.threads,
        conversations: summary
          ? { ...state.conversations, [id]: summaryAfter(state, summary, message) }
          : state.conversations,
        // Their message ends their typing.
        typing: withTyping(
          state,
          id,
          message.sender_type === "visitor" ? { visitor: false } : { agent: null },
        ),
      };
    }

    case "queued": {
      const { pending } = action;
      if (findByClientId(state, pending.clientId)) return state;
      const thread = state.threads[pending.conversationId] ?? emptyThread;
      const shown: ThreadMessage = {
        ...fromPending(pending, "agent", state.me.name),
        senderEmail: state.me.email,
      };
      return {
        ...state,
        threads: {
          ...state.threads,
          [pending.conversationId]: {
            ...thread,
            messages: orderedMessages([...thread.messages, shown]),
          },
        },
      };
    }

    case "acked":
      return updateByClientId(state, action.clientId, (m) => acked(m, action.id));

    case "failed":
      return updateByClientId(state, action.clientId, (m) => failed(m, action.error));

    case "retrying":
      return updateByClientId(state, action.clientId, retrying);

    case "ended": {
      const summary = state.conversations[action.conversationId];
      return {
        ...state,
        conversations: summary
          ? {
              ...state.conversations,
              [summary.id]: {
                ...summary,
                state: "ended",
                ended_at: summary.ended_at ?? action.endedAt,
                ended_by: summary.ended_by ?? action.endedBy,
                waiting_since: null,
              },
            }
          : state.conversations,
        typing: { ...state.typing, [action.conversationId]: notTyping },
      };
    }

    case "typing": {
      const summary = state.conversations[action.conversationId];
      if (action.typing && summary?.state === "ended") return state;
      const typing = withTyping(
        state,
        action.conversationId,
        action.from === "visitor"
          ? { visitor: action.typing }
          : { agent: action.typing ? (action.agentName ?? "Another agent") : null },
      );
      return typing === state.typing ? state : { ...state, typing };
    }

    case "visitor-presence": {
      // Copied only once something changes: most visitors have no conversation here.
      const { email, online } = action;
      let conversations = state.conversations;
      for (const summary of Object.values(state.conversations)) {
        if (summary.visitor_email !== email || summary.visitor_online === online) continue;
        if (conversations === state.conversations) conversations = { ...conversations };
        conversations[summary.id] = { ...summary, visitor_online: online };
      }
      let details = state.details;
      for (const [id, detail] of Object.entries(state.details)) {
        if (detail.visitor.email !== email || detail.visitor.online === online) continue;
        if (details === state.details) details = { ...details };
        details[Number(id)] = { ...detail, visitor: { ...detail.visitor, online } };
      }
      return conversations === state.conversations && details === state.details
        ? state
        : { ...state, conversations, details };
    }

    case "agent-presence":
      return { ...state, agentsOnline: { ...state.agentsOnline, [action.agentId]: action.online } };

    case "contacts":
      return { ...state, contacts: sortContacts(action.list), contactsLoaded: true };

    case "contact": {
      const others = state.contacts.filter((c) => c.id !== action.message.id);
      return { ...state, contacts: sortContacts([action.message, ...others]) };
    }

    case "viewing": {
      const next = { ...state, viewing: action.conversationId };
      return action.conversationId !== null && state.visible
        ? consoleReducer(next, { type: "read", conversationId: action.conversationId })
        : next;
    }

    case "visible": {
      const next = { ...state, visible: action.visible };
      return action.visible && state.viewing !== null
        ? consoleReducer(next, { type: "read", conversationId: state.viewing })
        : next;
    }

    case "read": {
      const summary = state.conversations[action.conversationId];
      if (!summary || summary.unread === 0) return state;
      return {
        ...state,
        conversations: { ...state.conversations, [summary.id]: { ...summary, unread: 0 } },
      };
    }

    case "me":
      return { ...state, me: action.agent };

    case "notice":
      return { ...state, notice: action.message };

    case "expired":
      return { ...state, expired: true };
  }
}

// ---------------------------------------------------------------------------------------------
// What the screens read

/** When a conversation last moved: its end, its newest message, or its start. */
export function activityAt(summary: ConversationSummary): number {
  return summary.ended_at ?? summary.last_message?.created_at ?? summary.started_at;
}

/** The conversations in one tab, newest activity first (as the server orders them). */
export function conversationsIn(
  conversations: ConsoleState["conversations"],
  which: "open" | "ended",
): ConversationSummary[] {
  return Object.values(conversations)
    .filter((c) => c.state === which)
    .sort((a, b) => activityAt(b) - activityAt(a) || b.id - a.id);
}

/** Visitor messages nobody has read, over the open conversations. */
export function unreadChatMessages(state: ConsoleState): number {
  let total = 0;
  for (const summary of Object.values(state.conversations)) {
    if (summary.state === "open") total += summary.unread;
  }
  return total;
}

export function unreadContactMessages(state: ConsoleState): number {
  return state.contacts.filter((c) => !c.read).length;
}

/** A message of the thread as a reply waiting for its ack; null when it is not one. */
function asPending(m: ThreadMessage, conversationId: number): PendingReply | null {
  const pending = toPending(m, "agent");
  return pending && { ...pending, conversationId };
}

/** The replies typed here that the server has not acknowledged: what is kept for later. */
export function pendingReplies(state: ConsoleState): PendingReply[] {
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
export function findPending(state: ConsoleState, clientId: string): PendingReply | null {
  const found = findByClientId(state, clientId);
  if (!found) return null;
  const m = state.threads[found.conversationId]?.messages[found.index];
  return m ? asPending(m, found.conversationId) : null;
}

/**
 * What the outbox keeps across a reload: the unacknowledged replies, but for those of chats known
 * to have ended. Those can never be sent; they stay in the thread, marked failed, until it closes.
 */
export function repliesToKeep(state: ConsoleState): PendingReply[] {
  return pendingReplies(state).filter(
    (p) => state.conversations[p.conversationId]?.state !== "ended",
  );
}
