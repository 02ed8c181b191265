/**
 * Typing indicators, alike on both sides of a chat. TypingSignal tells the other side that this one
 * is typing in a conversation: "typing" at most once per TYPING_REPEAT_MS while it goes on,
 * "stopped" after TYPING_IDLE_MS of quiet, or at once when asked. TypingFade ends an indicator
 * shown here when its "stopped" never comes (a closed tab, a lost connection).
 */
import type { ConnectionEnv } from "./chat-connection";
import { KeyedTimers } from "./keyed-timers";
import { OTHERS_TYPING_TIMEOUT_MS, TYPING_IDLE_MS, TYPING_REPEAT_MS } from "./live-timing";

export class TypingSignal<K> {
  /** When "typing" last went out, per conversation; none once "stopped" has. */
  private readonly sentAt = new Map<K, number>();
  private readonly idle: KeyedTimers<K>;

  /** `send` sends the frame and answers false when the socket is not open. */
  constructor(
    private readonly env: Pick<ConnectionEnv, "setTimeout" | "clearTimeout" | "now">,
    private readonly send: (key: K, typing: boolean) => boolean,
  ) {
    this.idle = new KeyedTimers(env);
  }

  /** Typing in `key` goes on (true) or has stopped (false). */
  set(key: K, active: boolean): void {
    this.idle.clear(key);
    if (active) {
      const now = this.env.now();
      const sentAt = this.sentAt.get(key);
      if (sentAt === undefined || now - sentAt >= TYPING_REPEAT_MS) {
        if (this.send(key, true)) this.sentAt.set(key, now);
      }
      this.idle.set(key, TYPING_IDLE_MS, () => this.set(key, false));
    } else if (this.sentAt.delete(key)) {
      this.send(key, false);
    }
  }

  /** The socket closed, and the other side stopped hearing: the next "typing" goes out at once. */
  reset(): void {
    this.sentAt.clear();
  }

  stop(): void {
    this.idle.clearAll();
  }
}

export class TypingFade<K> {
  private readonly timers: KeyedTimers<K>;

  constructor(env: Pick<ConnectionEnv, "setTimeout" | "clearTimeout">) {
    this.timers = new KeyedTimers(env);
  }

  /** `key` is typing (or stopped); `fade` runs unless it is heard of again in time. */
  heard(key: K, typing: boolean, fade: () => void): void {
    if (typing) this.timers.set(key, OTHERS_TYPING_TIMEOUT_MS, fade);
    else this.timers.clear(key);
  }

  stop(): void {
    this.timers.clearAll();
  }
}
