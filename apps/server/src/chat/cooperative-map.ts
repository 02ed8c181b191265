/**
 * Maps a list in slices, giving the event loop back between them: building a transcript of a
 * thousand messages is seconds of work in one go, and every socket and request would wait for it.
 * Each slice runs for at most about `sliceMs` (one item may take longer on its own; items are
 * bounded by the message limit).
 */
import { setImmediate as nextTurn } from "node:timers/promises";

export async function mapCooperatively<T, R>(
  items: readonly T[],
  map: (item: T, index: number) => R,
  { sliceMs = 8 }: { sliceMs?: number } = {},
): Promise<R[]> {
  const out: R[] = [];
  let sliceStarted = performance.now();
  for (let i = 0; i < items.length; i++) {
    out.push(map(items[i] as T, i));
    if (performance.now() - sliceStarted >= sliceMs) {
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
  return out;
}
