/**
 * JSON kept in the browser's storage by the chat widget and the console (outboxes, drafts,
 * preferences). Storage can be missing, disabled or full, and what it holds can be anything: reads
 * answer null for what cannot be read, writes that fail are dropped, and the callers go on
 * without surviving a reload. The storages themselves are opened by browser-storage.ts.
 */
import { msgTypes, type MsgType } from "@hourline/contracts/chat-message";

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function readStoredJson(storage: StorageLike | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** `null` removes the key. */
export function writeStoredJson(storage: StorageLike | null, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled: nothing is kept.
  }
}

/** The fields every message waiting in an outbox has, checked on what storage gave back. */
export interface StoredPendingMessage {
  clientId: string;
  html: string;
  msgType: MsgType;
  createdAt: number;
  delivery: "sending" | "failed";
}

export function isStoredPendingMessage(value: unknown): value is StoredPendingMessage {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.clientId === "string" &&
    /^[\w-]{8,64}$/.test(v.clientId) &&
    typeof v.html === "string" &&
    (msgTypes as readonly unknown[]).includes(v.msgType) &&
    typeof v.createdAt === "number" &&
    (v.delivery === "sending" || v.delivery === "failed")
  );
}
