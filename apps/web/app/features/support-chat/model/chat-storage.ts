/**
 * What a reload must not lose, kept in sessionStorage (this tab only, gone when it closes): the
 * running chat's name and e-mail, and the messages typed but not yet acknowledged. Storage can be
 * missing or full; the chat then simply works without it.
 */
import {
  isStoredPendingMessage,
  readStoredJson,
  writeStoredJson,
  type StorageLike,
} from "~/lib/live-chat/stored-json";
import { activeChatStorageKey } from "../launcher/launcher-state";
import type { PendingMessage } from "./chat-state";

export interface ActiveChat {
  email: string;
  username: string;
  transcript: boolean;
}

const outboxKey = (email: string) => `hourline.chat.outbox.${email}`;

export function loadActiveChat(storage: StorageLike | null): ActiveChat | null {
  const value = readStoredJson(storage, activeChatStorageKey) as Partial<ActiveChat> | null;
  if (!value || typeof value.email !== "string" || typeof value.username !== "string") return null;
  return { email: value.email, username: value.username, transcript: value.transcript === true };
}

export function saveActiveChat(storage: StorageLike | null, chat: ActiveChat | null) {
  writeStoredJson(storage, activeChatStorageKey, chat);
}

export function loadOutbox(storage: StorageLike | null, email: string): PendingMessage[] {
  const value = readStoredJson(storage, outboxKey(email));
  // The widget's pending messages are exactly the fields every outbox keeps.
  return Array.isArray(value) ? value.filter(isStoredPendingMessage) : [];
}

export function saveOutbox(storage: StorageLike | null, email: string, pending: PendingMessage[]) {
  writeStoredJson(storage, outboxKey(email), pending.length > 0 ? pending : null);
}
