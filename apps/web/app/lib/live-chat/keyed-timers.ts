/**
 * Timers by key, at most one per key. `set` replaces the one before (a pause that starts again with
 * every call: per message waiting for its ack, per conversation being typed in, per person seen
 * typing). `soon` keeps the one already waiting, so work asked for by a stream of events that
 * others drive (a visitor writing without pause, chats ending every moment) still runs at most
 * `ms` after the first of them instead of being put off for as long as the stream lasts.
 */
import type { ConnectionEnv } from "./chat-connection";

export type Timers = Pick<ConnectionEnv, "setTimeout" | "clearTimeout">;

export class KeyedTimers<K> {
  private readonly timers = new Map<K, unknown>();

  constructor(private readonly env: Timers) {}

  set(key: K, ms: number, callback: () => void): void {
    this.clear(key);
    this.timers.set(
      key,
      this.env.setTimeout(() => {
        this.timers.delete(key);
        callback();
      }, ms),
    );
  }

  /** Runs `callback` in `ms`, unless one is already waiting for `key`: that one runs instead. */
  soon(key: K, ms: number, callback: () => void): void {
    if (!this.timers.has(key)) this.set(key, ms, callback);
  }

  clear(key: K): void {
    const timer = this.timers.get(key);
    if (timer === undefined) return;
    this.env.clearTimeout(timer);
    this.timers.delete(key);
  }

  clearAll(): void {
    for (const timer of this.timers.values()) this.env.clearTimeout(timer);
    this.timers.clear();
  }
}
