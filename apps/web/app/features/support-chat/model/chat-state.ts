/**
 * The chat panel's state and the one reducer that changes it. Messages are merged by id and by
 * client_id, so a message that reaches this tab several ways (its ack, its echo, another tab, the
 * history fetched after a reconnect) is shown once.
 */
import type { ChatMessage, MsgType } from "@hourline/contracts/chat";
import type { ConnectionStatus } from "~/lib/live-chat/chat-connection";
import { orderedMessages } from "~/lib/live-chat/message-order";

export type Delivery = "sending" | "sent" | "failed";

export interface ShownMessage {
  /** Stable across sending and confirming: the client_id when there is one. */
  key: string;
  id: number | null;
  clientId: string | null;
  html: string;
  msgType: MsgType;
  from: "visitor" | "agent";
  senderName: string;
  createdAt: number;
  delivery: Delivery;
  /** Why a message failed. */
  error?: string;
}

/** A message typed here and not yet acknowledged; this is what survives a reload. */
export interface PendingMessage {
  clientId: string;
  html: string;
  msgType: MsgType;
  createdAt: number;
  delivery: "sending" | "failed";
  error?: string;
}

export interface ChatEnd {
  by: "visitor" | "agent";
  at: number;
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
  | { type: "acked"; clientId: string; id: number }
  | { type: "failed"; clientId: string; error: string }
  | { type: "retrying"; clientId: string }
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

function fromServer(message: ChatMessage): ShownMessage {
  return {
    key: message.client_id ?? `id-${message.id}`,
    id: message.id,
    clientId: message.client_id,
    html: message.message,
    msgType: message.msg_type,
    from: message.sender_type,
    senderName: message.sender_username,
    createdAt: message.created_at,
    delivery: "sent",
  };
}

/** Adds or updates one message from the server; `isNew` says whether it was not shown before. */
function merge(
  messages: ShownMessage[],
  message: ChatMessage,
): { messages: ShownMessage[]; isNew: boolean } {
  const shown = fromServer(message);
  const at = messages.findIndex(
    (m) => m.id === message.id || (message.client_id !== null && m.clientId === message.client_id),
  );
  if (at === -1) return { messages: [...messages, shown], isNew: true };
  const next = [...messages];
  next[at] = { ...shown, key: (messages[at] as ShownMessage).key };
  return { messages: next, isNew: false };
}

function withMessage(state: ChatState, message: ChatMessage, countUnread: boolean): ChatState {
  const { messages, isNew } = merge(state.messages, message);
  const fromAgent = message.sender_type === "agent";
  return {
    ...state,
    messages,
    lastSeenId: Math.max(state.lastSeenId ?? 0, message.id),
    agentTyping: fromAgent ? false : state.agentTyping,
    unread: countUnread && isNew && fromAgent && !state.visible ? state.unread + 1 : state.unread,
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
    case "history": {
      let next = state;
      for (const message of action.messages) next = withMessage(next, message, false);
      return { ...next, messages: orderedMessages(next.messages), historyLoaded: true };
    }
    case "received": {
      const next = withMessage(state, action.message, true);
      return { ...next, messages: orderedMessages(next.messages) };
    }
    case "queued": {
      if (state.messages.some((m) => m.clientId === action.pending.clientId)) return state;
      const { pending } = action;
      const shown: ShownMessage = {
        key: pending.clientId,
        id: null,
        clientId: pending.clientId,
        html: pending.html,
        msgType: pending.msgType,
        from: "visitor",
        senderName: action.senderName,
        createdAt: pending.createdAt,
        delivery: pending.delivery,
        ...(pending.error ? { error: pending.error } : {}),
      };
      return { ...state, messages: orderedMessages([...state.messages, shown]) };
    }
    case "acked": {
      // Its echo may have come first and set the id already; either way it is sent now.
      const next = updateByClientId(state, action.clientId, (m) => {
        const { error: _error, ...rest } = m;
        return { ...rest, id: action.id, delivery: "sent" };
      });
      return { ...next, messages: orderedMessages(next.messages) };
    }
    case "failed":
      return updateByClientId(state, action.clientId, (m) =>
        m.id === null ? { ...m, delivery: "failed", error: action.error } : m,
      );
    case "retrying":
      return updateByClientId(state, action.clientId, (m) => {
        const { error: _error, ...rest } = m;
        return m.id === null ? { ...rest, delivery: "sending" } : m;
      });
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
  return state.messages
    .filter((m) => m.id === null && m.from === "visitor" && m.clientId !== null)
    .map((m) => ({
      clientId: m.clientId as string,
      html: m.html,
      msgType: m.msgType,
      createdAt: m.createdAt,
      delivery: m.delivery === "failed" ? "failed" : "sending",
      ...(m.error ? { error: m.error } : {}),
    }));
}
