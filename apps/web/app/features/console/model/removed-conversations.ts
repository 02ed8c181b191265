/**
 * Conversations erased on the server (an admin erased a visitor's data): every console drops
 * them from its lists, threads, notes and details at once, and one that was open shows as gone.
 */
import type { ConsoleState } from "./console-state-shape";

export function withoutConversations(state: ConsoleState, ids: readonly number[]): ConsoleState {
  if (!ids.some((id) => id in state.conversations || id in state.threads)) {
    return { ...state, missing: { ...state.missing, ...marked(ids) } };
  }
  const gone = new Set(ids.map(String));
  const drop = <T>(record: Record<number, T>): Record<number, T> =>
    Object.fromEntries(Object.entries(record).filter(([id]) => !gone.has(id)));
  return {
    ...state,
    conversations: drop(state.conversations),
    threads: drop(state.threads),
    entries: drop(state.entries),
    details: drop(state.details),
    typing: drop(state.typing),
    missing: { ...state.missing, ...marked(ids) },
  };
}

function marked(ids: readonly number[]): Record<number, true> {
  return Object.fromEntries(ids.map((id) => [id, true] as const));
}
