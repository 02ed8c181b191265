/**
 * The messages of a live chat, the same in the widget and in the console: one shown message per
 * server message, merged by id and by client_id, so a message that arrives several ways (its ack,
 * its echo, another tab or screen, the history fetched after a reconnect) is shown once; a message
 * typed here and its way from sending to sent or failed; and what of it is kept across a reload.
 * Each client's reducer keeps only where its messages live (one list, or one thread per chat).
 */
import type { ChatMessage, MsgType } from "@hourline/contracts/chat-message";
import { orderedMessages } from "./message-order";

export type Delivery = "sending" | "sent" | "failed";

export interface LiveMessage {
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

/** A message typed here and not acknowledged yet: what survives a reload. */
export interface PendingMessage {
  clientId: string;
  html: string;
  msgType: MsgType;
  createdAt: number;
  delivery: "sending" | "failed";
  error?: string;
}

/** Why a message is marked failed when the server never said it arrived. */
export const deliveryErrors = {
  notAcked: "Not delivered yet. Check your connection and try again.",
} as const;

export function fromServer(message: ChatMessage): LiveMessage {
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

/**
 * Adds messages from the server to the ones shown, or updates those shown already (same id, or
 * same client_id: a message typed here coming back), keeping their keys; then orders them once.
 * One index of ids and client_ids serves the whole batch, so a long history merges in one pass.
 * `added` are the incoming messages that were not shown before.
 */
export function mergeMessages<T extends LiveMessage>(
  messages: readonly T[],
  incoming: readonly ChatMessage[],
  toShown: (message: ChatMessage) => T,
): { messages: T[]; added: ChatMessage[] } {
  const next = [...messages];
  const byId = new Map<number, number>();
  const byClientId = new Map<string, number>();
  const index = (m: { id: number | null; clientId: string | null }, at: number) => {
    if (m.id !== null) byId.set(m.id, at);
    if (m.clientId !== null) byClientId.set(m.clientId, at);
  };
  next.forEach((m, at) => index(m, at));
  const added: ChatMessage[] = [];
  for (const message of incoming) {
    const shown = toShown(message);
    const at =
      byId.get(message.id) ??
      (message.client_id === null ? undefined : byClientId.get(message.client_id));
    if (at === undefined) {
      next.push(shown);
      index(shown, next.length - 1);
      added.push(message);
    } else {
      next[at] = { ...shown, key: (next[at] as T).key };
      index(shown, at);
    }
  }
  return { messages: orderedMessages(next), added };
}

/** The highest id among `messages`, or `since` when none is higher. */
export function highestId(messages: readonly ChatMessage[], since: number): number {
  let highest = since;
  for (const m of messages) if (m.id > highest) highest = m.id;
  return highest;
}

/** A message typed here, shown at once while it waits for the server. */
export function fromPending(
  pending: PendingMessage,
  from: "visitor" | "agent",
  senderName: string,
): LiveMessage {
  return {
    key: pending.clientId,
    id: null,
    clientId: pending.clientId,
    html: pending.html,
    msgType: pending.msgType,
    from,
    senderName,
    createdAt: pending.createdAt,
    delivery: pending.delivery,
    ...(pending.error ? { error: pending.error } : {}),
  };
}

/** A shown message as one to keep for later: one typed on side `from` and not acknowledged. */
export function toPending(m: LiveMessage, from: "visitor" | "agent"): PendingMessage | null {
  if (m.id !== null || m.from !== from || m.clientId === null) return null;
  return {
    clientId: m.clientId,
    html: m.html,
    msgType: m.msgType,
    createdAt: m.createdAt,
    delivery: m.delivery === "failed" ? "failed" : "sending",
    ...(m.error ? { error: m.error } : {}),
  };
}

// The way of a message typed here. Its echo may come before its ack and set the id already;
// once it has an id it is sent, and nothing marks it failed or sending again.

export function acked<T extends LiveMessage>(m: T, id: number): T {
  const { error: _error, ...rest } = m;
  return { ...rest, id, delivery: "sent" } as T;
}

export function failed<T extends LiveMessage>(m: T, error: string): T {
  return m.id === null ? { ...m, delivery: "failed", error } : m;
}

export function retrying<T extends LiveMessage>(m: T): T {
  if (m.id !== null) return m;
  const { error: _error, ...rest } = m;
  return { ...rest, delivery: "sending" } as T;
}

/** What happens to a message typed here on its way: the server's ack, a failure, a retry. */
export type DeliveryChange =
  | { type: "acked"; clientId: string; id: number }
  | { type: "failed"; clientId: string; error: string }
  | { type: "retrying"; clientId: string };

export function withDelivery<T extends LiveMessage>(m: T, change: DeliveryChange): T {
  switch (change.type) {
    case "acked":
      return acked(m, change.id);
    case "failed":
      return failed(m, change.error);
    case "retrying":
      return retrying(m);
  }
}
