/**
 * How long to wait before the next connection attempt: exponential from one second, capped at 30 s,
 * with jitter so that thousands of visitors dropped by one server restart do not all come back in
 * the same instant. The delay is drawn from the upper half of each step ("equal jitter"), so it
 * still grows steadily.
 */
export const backoff = { baseMs: 1_000, capMs: 30_000 } as const;

/** `attempt` counts failed attempts since the last good connection, from 0. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, Math.min(attempt, 20)));
  return Math.round(step / 2 + random() * (step / 2));
}
