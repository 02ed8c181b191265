/**
 * What the console holds live and the actions that change it: the types every slice reducer and
 * the session depend on (the reducers themselves are in the *-slice.ts files, put together by
 * console-state.ts). Conversation summaries are kept for every conversation seen (open and
 * ended); a conversation's messages once it has been opened, in the threads of console-threads.ts.
 */
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import type { ConversationDetailAnswer, VisitorDetails } from "@hourline/contracts/console";
import type {
  AgentAvailability,
  AgentEntry,
  AgentStatus,
  ConversationCounts,
  ConversationView,
} from "@hourline/contracts/console-team";
import type { ConnectionStatus } from "~/lib/live-chat/chat-connection";
import type { DeliveryChange } from "~/lib/live-chat/live-messages";
import type { ContactMessagesAction, ContactMessagesState } from "./contact-messages-state";
import type { PendingReply, Threads } from "./console-threads";

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
  /**
   * The agent's own status, online or away, as the server holds it: from who-is-signed-in at
   * start and after a reconnect, then from the pushes of a change (this tab's or another's).
   * Null when not known.
   */
  myStatus: AgentStatus | null;
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

/** What changes the lists: summaries, counts, details, notes (lists-slice.ts). */
export type ListsAction =
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
  | {
      type: "ended";
      conversationId: number;
      endedAt: number;
      endedBy: "visitor" | "agent";
    }
  | { type: "read"; conversationId: number };

/** What changes the threads: histories, messages, replies typed here (threads-slice.ts). */
export type ThreadsAction =
  | { type: "history"; conversationId: number; messages: ChatMessage[] }
  | { type: "received"; message: ChatMessage }
  | { type: "queued"; pending: PendingReply }
  | DeliveryChange;

/** Who is there: typing, visitors and agents online, who views what (presence-slice.ts). */
export type PresenceAction =
  | {
      type: "typing";
      conversationId: number;
      from: "visitor" | "agent";
      typing: boolean;
      agentName?: string;
    }
  | { type: "visitor-presence"; email: string; online: boolean }
  | {
      type: "agent-presence";
      agentId: number;
      online: boolean;
      /** Sent when the agent chose online or away: what the others now see. */
      availability?: AgentAvailability | undefined;
    }
  | { type: "viewer"; agentId: number; agentName: string; conversationId: number | null };

/** This console itself: its socket, screen, tab, profile and session (ui-slice.ts). */
export type UiAction =
  | { type: "connection"; status: ConnectionStatus }
  | { type: "viewing"; conversationId: number | null }
  | { type: "visible"; visible: boolean }
  | { type: "me"; agent: AgentProfile; status?: AgentStatus | undefined }
  | { type: "notice"; message: string | null }
  | { type: "expired" };

export type ChatAction = ListsAction | ThreadsAction | PresenceAction | UiAction;

export type ConsoleAction = ChatAction | ContactMessagesAction;

/** Whether this agent is reading the conversation right now (on screen, tab visible). */
export function isReading(state: ConsoleState, conversationId: number): boolean {
  return state.viewing === conversationId && state.visible;
}
