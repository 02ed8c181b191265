/**
 * The chat panel's state and the one reducer that changes it. Messages are merged by id and by
 * client_id (lib/live-chat/live-messages.ts), so a message that reaches this tab several ways (its
 * ack, its echo, another tab, the history fetched after a reconnect) is shown once.
 */
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ConnectionStatus } from "~/lib/live-chat/chat-connection";
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

export type ShownMessage = LiveMessage;
export type { PendingMessage };

export interface ChatEnd {
  by: "visitor" | "agent";
  at: number;
  /** Rates this chat once (POST /api/support/rating); only on the live end frame. */
  ratingToken?: string;
}

export interface ChatState {
  messages: ShownMessage[];
  connection: ConnectionStatus;
  ended: ChatEnd | null;
  agentsOnline: boolean | null;
  agentTyping: boolean;
  /** Agent replies that arrived while the modal was closed. */
  unread: number;
  visible: boolean;
  /** The highest id seen in history or pushed messages: where a resync continues from. */
  lastSeenId: number | null;
  historyLoaded: boolean;
  /** A problem the server reported that belongs to no message. */
  notice: string | null;
}

export type ChatAction =
  | { type: "history"; messages: ChatMessage[] }
  | { type: "received"; message: ChatMessage }
  | { type: "queued"; pending: PendingMessage; senderName: string }
  | DeliveryChange
  | { type: "connection"; status: ConnectionStatus }
  | { type: "ended"; end: ChatEnd }
  | { type: "presence"; online: boolean }
  | { type: "typing"; typing: boolean }
  | { type: "visible"; visible: boolean }
  | { type: "notice"; message: string | null };

export function initialChatState(options: {
  agentsOnline?: boolean | null;
  visible?: boolean;
  pending?: PendingMessage[];
  senderName?: string;
}): ChatState {
  const state: ChatState = {
    messages: [],
    connection: { kind: "idle" },
    ended: null,
    agentsOnline: options.agentsOnline ?? null,
    agentTyping: false,
    unread: 0,
    visible: options.visible ?? true,
    lastSeenId: null,
    historyLoaded: false,
    notice: null,
  };
  return (options.pending ?? []).reduce(
    (s, pending) =>
      chatReducer(s, { type: "queued", pending, senderName: options.senderName ?? "You" }),
    state,
  );
}

/**
 * Messages from the server shown: the newest id seen, the agent no longer typing once a reply of
 * theirs is in, and (for pushed messages) the new replies counted while the chat is out of sight.
 */
function withMessages(state: ChatState, incoming: ChatMessage[], countUnread: boolean): ChatState {
  if (incoming.length === 0) return state;
  const { messages, added } = mergeMessages(state.messages, incoming, fromServer);
  const newReplies = added.filter((m) => m.sender_type === "agent").length;
  return {
    ...state,
    messages,
    lastSeenId: highestId(incoming, state.lastSeenId ?? 0),
    agentTyping: incoming.some((m) => m.sender_type === "agent") ? false : state.agentTyping,
    unread: countUnread && !state.visible ? state.unread + newReplies : state.unread,
  };
}

function updateByClientId(
  state: ChatState,
  clientId: string,
  change: (m: ShownMessage) => ShownMessage,
): ChatState {
  const at = state.messages.findIndex((m) => m.clientId === clientId);
  if (at === -1) return state;
  const next = [...state.messages];
  next[at] = change(next[at] as ShownMessage);
  return { ...state, messages: next };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "history":
      return { ...withMessages(state, action.messages, false), historyLoaded: true };
    case "received":
      return withMessages(state, [action.message], true);
    case "queued": {
      if (state.messages.some((m) => m.clientId === action.pending.clientId)) return state;
      const shown = fromPending(action.pending, "visitor", action.senderName);
      return { ...state, messages: orderedMessages([...state.messages, shown]) };
    }
    case "acked": {
      const next = updateByClientId(state, action.clientId, (m) => withDelivery(m, action));
      return { ...next, messages: orderedMessages(next.messages) };
    }
    case "failed":
    case "retrying":
      return updateByClientId(state, action.clientId, (m) => withDelivery(m, action));
    case "connection":
      return { ...state, connection: action.status };
    case "ended":
      if (state.ended) return state;
      return { ...state, ended: action.end, agentTyping: false };
    case "presence":
      return { ...state, agentsOnline: action.online };
    case "typing":
      return { ...state, agentTyping: action.typing };
    case "visible":
      return { ...state, visible: action.visible, unread: action.visible ? 0 : state.unread };
    case "notice":
      return { ...state, notice: action.message };
  }
}

/** The messages typed here that the server has not acknowledged: what is kept across a reload. */
export function pendingMessages(state: ChatState): PendingMessage[] {
  return state.messages.flatMap((m) => toPending(m, "visitor") ?? []);
}
