/**
 * Everything the console shows live, and the one reducer that changes it. Conversation summaries
 * are kept for every conversation seen (open and ended), moved on and merged by the rules of
 * conversation-summaries.ts; a conversation's messages are kept once it has been opened, in the
 * threads of console-threads.ts. The contact messages are a slice of their own, with their own
 * reducer (contact-messages-state.ts).
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import type { ConversationDetailAnswer, VisitorDetails } from "@hourline/contracts/console";
import {
  conversationsPerPage,
  type AgentEntry,
  type ConversationCounts,
  type ConversationView,
} from "@hourline/contracts/console-team";
import type { ConnectionStatus } from "~/lib/live-chat/chat-connection";
import type { DeliveryChange } from "~/lib/live-chat/live-messages";
import {
  contactMessagesReducer,
  initialContactMessages,
  isContactMessagesAction,
  type ContactMessagesAction,
  type ContactMessagesState,
} from "./contact-messages-state";
import {
  emptyThread,
  mergeIntoThread,
  withReply,
  withReplyDelivery,
  type PendingReply,
  type Threads,
} from "./console-threads";
import { mergeSummary, summaryAfter } from "./conversation-summaries";
import { withoutConversations } from "./removed-conversations";

export interface TypingState {
  visitor: boolean;
  /** Another agent typing a reply in this conversation: their display name. */
  agent: string | null;
}

export interface ConversationDetail {
  visitor: VisitorDetails;
  /** The visitor's other conversations, newest first (their summaries are in `conversations`). */
  earlierIds: number[];
  /** The visitor's rating of this chat, once they gave one. */
  rating?: ConversationDetailAnswer["rating"];
}

export interface ConsoleState {
  me: AgentProfile;
  connection: ConnectionStatus;
  conversations: Record<number, ConversationSummary>;
  /** Which lists have been fetched since the console started. */
  loaded: Record<ConversationView, boolean>;
  /** Which lists the server may hold more of than this console has fetched. */
  more: Record<ConversationView, boolean>;
  /**
   * Where each list's next page starts: the last conversation of the last page fetched. Not the
   * oldest one held, which another list or a search may have brought in from much further back.
   */
  cursor: Record<ConversationView, number | null>;
  /** How many conversations each view holds on the server; null until first asked. */
  counts: Omit<ConversationCounts, "status"> | null;
  /** Internal notes and e-mail answers of the conversations opened, oldest first. */
  entries: Record<number, AgentEntry[]>;
  details: Record<number, ConversationDetail>;
  threads: Threads;
  typing: Record<number, TypingState>;
  /** The contact messages: a slice of its own (contact-messages-state.ts). */
  contacts: ContactMessagesState;
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
  /** The other agents' consoles and the conversation each shows (by agent id). */
  viewers: Record<number, { name: string; conversationId: number }>;
}

/** What changes the chats' part of the state. */
type ChatAction =
  | { type: "connection"; status: ConnectionStatus }
  | {
      type: "conversations";
      state: ConversationView;
      list: ConversationSummary[];
      /** A further page (from a cursor), not the first. */
      next?: boolean;
    }
  /** Summaries from a search: merged, without changing what the lists have loaded. */
  | { type: "summaries"; list: ConversationSummary[] }
  | { type: "counts"; counts: Omit<ConversationCounts, "status"> }
  | { type: "entries"; conversationId: number; entries: AgentEntry[] }
  | { type: "entry"; entry: AgentEntry }
  | {
      type: "conversation";
      summary: ConversationSummary;
      /** Pushed on the socket (in order with chat_ended), not answered over HTTP. */
      live?: boolean;
    }
  | { type: "detail"; detail: ConversationDetailAnswer }
  | { type: "missing"; conversationId: number }
  | { type: "removed"; conversationIds: number[] }
  /** A visitor rated (or re-rated) a conversation: pushed on the socket as a `rating` frame. */
  | { type: "rating"; rating: NonNullable<ConversationDetailAnswer["rating"]> }
  | { type: "history"; conversationId: number; messages: ChatMessage[] }
  | { type: "received"; message: ChatMessage }
  | { type: "queued"; pending: PendingReply }
  | DeliveryChange
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
  | { type: "viewer"; agentId: number; agentName: string; conversationId: number | null }
  | { type: "viewing"; conversationId: number | null }
  | { type: "visible"; visible: boolean }
  | { type: "read"; conversationId: number }
  | { type: "me"; agent: AgentProfile }
  | { type: "notice"; message: string | null }
  | { type: "expired" };

export type ConsoleAction = ChatAction | ContactMessagesAction;

export function initialConsoleState(
  me: AgentProfile,
  options: { visible?: boolean; pending?: PendingReply[] } = {},
): ConsoleState {
  const state: ConsoleState = {
    me,
    connection: { kind: "idle" },
    conversations: {},
    loaded: { open: false, ended: false, missed: false },
    more: { open: false, ended: false, missed: false },
    cursor: { open: null, ended: null, missed: null },
    counts: null,
    entries: {},
    details: {},
    threads: {},
    typing: {},
    contacts: initialContactMessages,
    missing: {},
    viewing: null,
    visible: options.visible ?? true,
    notice: null,
    expired: false,
    agentsOnline: {},
    viewers: {},
  };
  return (options.pending ?? []).reduce(
    (s, pending) => consoleReducer(s, { type: "queued", pending }),
    state,
  );
}

const notTyping: TypingState = { visitor: false, agent: null };

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

/** A summary from the server as this console keeps it: merged, and read if it is on screen. */
function takenSummary(
  state: ConsoleState,
  known: ConversationSummary | undefined,
  incoming: ConversationSummary,
  live = false,
): ConversationSummary {
  const merged = mergeSummary(known, incoming, { live });
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

export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  if (!isContactMessagesAction(action)) return chatReducer(state, action);
  const contacts = contactMessagesReducer(state.contacts, action);
  return contacts === state.contacts ? state : { ...state, contacts };
}

function chatReducer(state: ConsoleState, action: ChatAction): ConsoleState {
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
        // A full page may have a next one (asked for from the oldest listed here).
        more: { ...state.more, [action.state]: action.list.length >= conversationsPerPage },
        cursor: {
          ...state.cursor,
          [action.state]:
            action.list.at(-1)?.id ?? (action.next ? state.cursor[action.state] : null),
        },
      };
    }

    case "summaries": {
      const conversations = { ...state.conversations };
      for (const incoming of action.list) {
        conversations[incoming.id] = takenSummary(state, conversations[incoming.id], incoming);
      }
      return { ...state, conversations };
    }

    case "counts":
      return { ...state, counts: action.counts };

    case "entries":
      return { ...state, entries: { ...state.entries, [action.conversationId]: action.entries } };

    case "entry": {
      const { entry } = action;
      const known = state.entries[entry.conversation_id];
      // Entries of conversations not opened here are fetched when they are opened.
      if (!known || known.some((e) => e.id === entry.id)) return state;
      return {
        ...state,
        entries: { ...state.entries, [entry.conversation_id]: [...known, entry] },
      };
    }

    case "conversation": {
      const summary = takenSummary(
        state,
        state.conversations[action.summary.id],
        action.summary,
        action.live,
      );
      return {
        ...state,
        conversations: { ...state.conversations, [summary.id]: summary },
        typing: stopTypingIfEnded(state.typing, summary),
      };
    }

    case "detail": {
      const { conversation, visitor, earlier } = action.detail;
      const next = chatReducer(state, { type: "conversation", summary: conversation });
      const conversations = { ...next.conversations };
      for (const summary of earlier) conversations[summary.id] ??= summary;
      return {
        ...next,
        conversations,
        details: {
          ...next.details,
          [conversation.id]: {
            visitor,
            earlierIds: earlier.map((e) => e.id),
            ...(action.detail.rating ? { rating: action.detail.rating } : {}),
          },
        },
      };
    }

    case "rating": {
      // Only a conversation whose details are loaded shows a rating; others fetch it with them.
      const id = action.rating.conversation_id;
      const detail = state.details[id];
      if (!detail) return state;
      return {
        ...state,
        details: { ...state.details, [id]: { ...detail, rating: action.rating } },
      };
    }

    case "missing":
      return { ...state, missing: { ...state.missing, [action.conversationId]: true } };

    case "removed":
      return withoutConversations(state, action.conversationIds);

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
          ? { ...state.conversations, [id]: summaryAfter(summary, message, isReading(state, id)) }
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
      const threads = withReply(state.threads, action.pending, state.me);
      return threads === state.threads ? state : { ...state, threads };
    }

    case "acked":
    case "failed":
    case "retrying": {
      const threads = withReplyDelivery(state.threads, action);
      return threads === state.threads ? state : { ...state, threads };
    }

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

    case "agent-presence": {
      const agentsOnline = { ...state.agentsOnline, [action.agentId]: action.online };
      if (action.online || !state.viewers[action.agentId]) return { ...state, agentsOnline };
      const { [action.agentId]: _gone, ...viewers } = state.viewers;
      return { ...state, agentsOnline, viewers };
    }

    case "viewer": {
      const { [action.agentId]: _before, ...viewers } = state.viewers;
      if (action.conversationId !== null) {
        viewers[action.agentId] = { name: action.agentName, conversationId: action.conversationId };
      }
      return { ...state, viewers };
    }

    case "viewing": {
      const next = { ...state, viewing: action.conversationId };
      return action.conversationId !== null && state.visible
        ? chatReducer(next, { type: "read", conversationId: action.conversationId })
        : next;
    }

    case "visible": {
      const next = { ...state, visible: action.visible };
      return action.visible && state.viewing !== null
        ? chatReducer(next, { type: "read", conversationId: state.viewing })
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
