/**
 * What a reload must not lose, kept in sessionStorage (this tab only, gone when it closes): the
 * running chat's name and e-mail, and the messages typed but not yet acknowledged. Storage can be
 * missing or full; the chat then simply works without it.
 */
import { msgTypes } from "@hourline/contracts/chat";
import { activeChatStorageKey } from "../launcher/launcher-state";
import type { PendingMessage } from "./chat-state";

export interface ActiveChat {
  email: string;
  username: string;
  transcript: boolean;
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const outboxKey = (email: string) => `hourline.chat.outbox.${email}`;

function read(storage: StorageLike | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(storage: StorageLike | null, key: string, value: unknown | null) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled: the chat goes on without surviving a reload.
  }
}

export function loadActiveChat(storage: StorageLike | null): ActiveChat | null {
  const value = read(storage, activeChatStorageKey) as Partial<ActiveChat> | null;
  if (!value || typeof value.email !== "string" || typeof value.username !== "string") return null;
  return { email: value.email, username: value.username, transcript: value.transcript === true };
}

export function saveActiveChat(storage: StorageLike | null, chat: ActiveChat | null) {
  write(storage, activeChatStorageKey, chat);
}

function isPending(value: unknown): value is PendingMessage {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.clientId === "string" &&
    /^[A-Za-z0-9_-]{8,64}$/.test(v.clientId) &&
    typeof v.html === "string" &&
    (msgTypes as readonly unknown[]).includes(v.msgType) &&
    typeof v.createdAt === "number" &&
    (v.delivery === "sending" || v.delivery === "failed")
  );
}

export function loadOutbox(storage: StorageLike | null, email: string): PendingMessage[] {
  const value = read(storage, outboxKey(email));
  return Array.isArray(value) ? value.filter(isPending) : [];
}

export function saveOutbox(storage: StorageLike | null, email: string, pending: PendingMessage[]) {
  write(storage, outboxKey(email), pending.length > 0 ? pending : null);
}
