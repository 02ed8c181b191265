/**
 * Timers by key, at most one per key: setting one replaces the one before. The chat clients keep
 * one per message waiting for its ack, per conversation being typed in, per person seen typing.
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
