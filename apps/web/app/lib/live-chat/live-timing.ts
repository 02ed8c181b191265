/** How long the widget and the console wait, the same on both sides of a chat. */

/** A message sent without an ack this long, on an open socket, is marked failed. */
export const ACK_TIMEOUT_MS = 15_000;
/**
 * A message the server refused for now (code "unavailable": it cannot store messages this moment)
 * goes again by itself after this long: 1 s after the first refusal, then 2, 4, 8, then every 10 s.
 */
export function retryLaterMs(refusalsBefore: number): number {
  return Math.min(1_000 * 2 ** Math.min(refusalsBefore, 4), 10_000);
}
/** Typing frames: at most one "typing" per this long, and "stopped" after this much quiet. */
export const TYPING_REPEAT_MS = 3_000;
export const TYPING_IDLE_MS = 4_000;
/** The other side's "typing" that is never followed by "stopped" fades after this long. */
export const OTHERS_TYPING_TIMEOUT_MS = 10_000;
