/**
 * The chats ticked in the open list for a bulk action. Only rows on screen count: a chat that
 * leaves the list (ended or erased by someone else, filtered away) drops out of the selection by
 * itself, so a bulk action never reaches a row the agent can no longer see.
 */
import { useMemo, useState } from "react";

export interface BulkSelection {
  /** The ticked ids that are still on screen, in the list's order. */
  ids: number[];
  isSelected(id: number): boolean;
  toggle(id: number): void;
  /** Ticks every row on screen, or none. */
  setAll(on: boolean): void;
  clear(): void;
}

export function useBulkSelection(shownIds: number[]): BulkSelection {
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const ids = useMemo(() => shownIds.filter((id) => picked.has(id)), [shownIds, picked]);
  return {
    ids,
    isSelected: (id) => picked.has(id),
    toggle: (id) =>
      setPicked((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    setAll: (on) => setPicked(new Set(on ? shownIds : [])),
    clear: () => setPicked(new Set()),
  };
}
