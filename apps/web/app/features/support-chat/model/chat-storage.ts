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

/** A chat that ended with a rating token not yet used: offered again after a reload. */
export interface PendingRating {
  token: string;
  endedAt: number;
  endedBy: "agent" | "visitor";
}

const pendingRatingKey = "hourline.chat.rating";
/** Rating tokens work for 7 days after the chat (decision 0040). */
export const ratingTokenLifetimeMs = 7 * 24 * 3600_000;

/** The unrated chat's token, or null when there is none or it has expired by `now`. */
export function loadPendingRating(storage: StorageLike | null, now: number): PendingRating | null {
  const value = readStoredJson(storage, pendingRatingKey) as Partial<PendingRating> | null;
  if (
    !value ||
    typeof value.token !== "string" ||
    !/^[\w-]{43}$/.test(value.token) ||
    typeof value.endedAt !== "number" ||
    (value.endedBy !== "agent" && value.endedBy !== "visitor")
  ) {
    return null;
  }
  if (now - value.endedAt >= ratingTokenLifetimeMs) {
    writeStoredJson(storage, pendingRatingKey, null);
    return null;
  }
  return { token: value.token, endedAt: value.endedAt, endedBy: value.endedBy };
}

/** Kept when a chat ends with a token; null once rated or dismissed. */
export function savePendingRating(storage: StorageLike | null, rating: PendingRating | null) {
  writeStoredJson(storage, pendingRatingKey, rating);
}
