/**
 * How many rows of a long list to draw: a first step at once, the next ones each in a task of its
 * own, then all of them from then on. Drawing a page of conversations in one go was the console's
 * longest task on a slow phone (the browser build renders an update in one task, docs/decisions
 * 0062); in steps, the rows on screen come first and input is answered between steps.
 */
import { useEffect, useState } from "react";

export function useDrawnInSteps(count: number, step = 12): number {
  // Infinity once every row was drawn: later changes (a new message, the next page) draw at once.
  const [limit, setLimit] = useState(step);
  const done = limit >= count;
  // Adjusted while rendering (no extra pass): from here on every row is drawn at once.
  if (done && limit !== Infinity) setLimit(Infinity);
  useEffect(() => {
    if (done) return;
    const timer = setTimeout(() => setLimit((n) => n + step), 0);
    return () => clearTimeout(timer);
  }, [limit, done, step]);
  return Math.min(count, limit);
}
