/**
 * What the console does besides changing its state (fetch, mark read, count, alert, hand a reply
 * to the outbox), as plain data, and the one runner that does it. Frames and the session's own
 * commands say which effects they need; only `ConsoleEffects.run` performs them.
 */
import type { ConsoleApi } from "./console-api";
import type { ConsoleAlert } from "./console-alerts";
import type { ConsoleAction, ConsoleState } from "./console-state-shape";
import { isReading } from "./console-state-shape";
import type { ConsoleSync } from "./console-sync";
import type { ConsoleReplies } from "./console-replies";
import type { ConnectionEnv } from "~/lib/live-chat/chat-connection";
import { KeyedTimers } from "~/lib/live-chat/keyed-timers";
import { TypingFade } from "~/lib/live-chat/live-typing";

/** New visitor messages in the conversation on screen are marked read after this pause. */
export const READ_DELAY_MS = 300;

/** The views' counts are asked for again this long after the last change heard. */
export const COUNTS_DELAY_MS = 500;

export type ConsoleEffect =
  /** Both lists, the counts and the contact messages again (console-sync.ts). */
  | { kind: "refresh" }
  /**
   * One conversation's details and the messages after `after` (or after those held); `thenRead`:
   * it had unread messages, read once shown.
   */
  | { kind: "load"; conversationId: number; after?: number; thenRead?: boolean }
  /** One conversation's summary and details, without its messages. */
  | { kind: "load-summary"; conversationId: number }
  /** The views' counts, once per burst of changes. */
  | { kind: "counts-soon" }
  | { kind: "mark-read-soon"; conversationId: number }
  | { kind: "alert"; alert: ConsoleAlert }
  /** Someone else typing or stopped: shown until they stop, or fades when the stop never comes. */
  | { kind: "typing-heard"; conversationId: number; from: "visitor" | "agent"; typing: boolean }
  /** The server cannot store this reply now: the outbox sends it again by itself. */
  | { kind: "reply-later"; clientId: string }
  /** The server answered this reply (stored or refused): the outbox stops waiting for it. */
  | { kind: "reply-answered"; clientId: string }
  /** A chat ended: its unsent replies fail and this agent's typing in it stops. */
  | { kind: "chat-ended"; conversationId: number; reason: string };

export interface ConsoleEffectsPort {
  env: ConnectionEnv;
  api: Pick<ConsoleApi, "markRead">;
  sync: ConsoleSync;
  replies: Pick<ConsoleReplies, "later" | "answered" | "chatEnded">;
  state(): ConsoleState;
  dispatch(action: ConsoleAction): void;
}

export class ConsoleEffects {
  private readonly alertListeners = new Set<(alert: ConsoleAlert) => void>();
  /** Others typing, per conversation and side ("7:visitor", "7:agent"). */
  private readonly othersTyping: TypingFade<string>;
  private readonly readTimers: KeyedTimers<number>;
  private readonly countTimers: KeyedTimers<number>;

  constructor(private readonly port: ConsoleEffectsPort) {
    this.othersTyping = new TypingFade(port.env);
    this.readTimers = new KeyedTimers(port.env);
    this.countTimers = new KeyedTimers(port.env);
  }

  /** Alerts are worked out only while someone listens. */
  get alerting(): boolean {
    return this.alertListeners.size > 0;
  }

  onAlert(listener: (alert: ConsoleAlert) => void): () => void {
    this.alertListeners.add(listener);
    return () => this.alertListeners.delete(listener);
  }

  /** Runs the effects in order. */
  run(effects: readonly ConsoleEffect[]): void {
    for (const effect of effects) this.runOne(effect);
  }

  /** The session stopped: no timer of it fires any more. */
  stop(): void {
    this.othersTyping.stop();
    this.readTimers.clearAll();
    this.countTimers.clearAll();
  }

  private runOne(effect: ConsoleEffect): void {
    const { sync, replies } = this.port;
    switch (effect.kind) {
      case "refresh":
        void sync.refresh();
        return;
      case "load": {
        const { conversationId, thenRead } = effect;
        void sync.load(conversationId, effect.after).then(() => {
          if (thenRead) this.markReadSoon(conversationId);
        });
        return;
      }
      case "load-summary":
        void sync.loadSummary(effect.conversationId);
        return;
      case "counts-soon":
        // At least every pause while changes go on.
        this.countTimers.soon(0, COUNTS_DELAY_MS, () => void sync.loadCounts());
        return;
      case "mark-read-soon":
        this.markReadSoon(effect.conversationId);
        return;
      case "alert":
        for (const listener of this.alertListeners) listener(effect.alert);
        return;
      case "typing-heard": {
        const { conversationId, from } = effect;
        this.othersTyping.heard(`${conversationId}:${from}`, effect.typing, () =>
          this.port.dispatch({ type: "typing", conversationId, from, typing: false }),
        );
        return;
      }
      case "reply-later":
        replies.later(effect.clientId);
        return;
      case "reply-answered":
        replies.answered(effect.clientId);
        return;
      case "chat-ended":
        replies.chatEnded(effect.conversationId, effect.reason);
        return;
    }
  }

  private markReadSoon(conversationId: number) {
    this.readTimers.soon(conversationId, READ_DELAY_MS, () => {
      const state = this.port.state();
      const lastId = state.threads[conversationId]?.lastId ?? 0;
      if (lastId > 0 && isReading(state, conversationId)) {
        this.port.dispatch({ type: "read", conversationId });
        void this.port.api.markRead(conversationId, lastId);
      }
    });
  }
}
