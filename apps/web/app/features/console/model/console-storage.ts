/**
 * What the console must not lose when the page reloads or the session expires and the agent signs
 * in again: replies typed but not yet acknowledged, and drafts still in the editor. Both live in
 * sessionStorage (this tab only, gone when it closes), per agent. An explicit sign-out forgets them.
 * Storage can be missing or full; the console then works without it.
 */
import {
  isStoredPendingMessage,
  readStoredJson as read,
  writeStoredJson as write,
  type StorageLike,
} from "~/lib/live-chat/stored-json";
import type { PendingReply } from "./console-threads";

const outboxKey = (agentId: number) => `hourline.console.outbox.${agentId}`;
const draftsKey = (agentId: number) => `hourline.console.drafts.${agentId}`;

function isPendingReply(value: unknown): value is PendingReply {
  return (
    isStoredPendingMessage(value) &&
    typeof (value as { conversationId?: unknown }).conversationId === "number"
  );
}

export function loadOutbox(storage: StorageLike | null, agentId: number): PendingReply[] {
  const value = read(storage, outboxKey(agentId));
  return Array.isArray(value) ? value.filter(isPendingReply) : [];
}

export function saveOutbox(storage: StorageLike | null, agentId: number, pending: PendingReply[]) {
  write(storage, outboxKey(agentId), pending.length > 0 ? pending : null);
}

export function loadDrafts(storage: StorageLike | null, agentId: number): Record<string, string> {
  const value = read(storage, draftsKey(agentId));
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

export function saveDraft(
  storage: StorageLike | null,
  agentId: number,
  conversationId: number,
  text: string,
) {
  const key = String(conversationId);
  const others = Object.entries(loadDrafts(storage, agentId)).filter(([id]) => id !== key);
  const drafts = Object.fromEntries(text.trim() === "" ? others : [...others, [key, text]]);
  write(storage, draftsKey(agentId), Object.keys(drafts).length > 0 ? drafts : null);
}

/** An explicit sign-out: nothing of this agent's work stays in the tab. */
export function forgetAgentWork(storage: StorageLike | null, agentId: number) {
  write(storage, outboxKey(agentId), null);
  write(storage, draftsKey(agentId), null);
}
