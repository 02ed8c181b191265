/**
 * A pushed frame's whole outcome, worked out without doing anything: the state after it and the
 * effects it calls for (console-effects.ts runs them). State in, state and effects out.
 */
import { isCatchUp, missedBefore, refusedForNow } from "~/lib/live-chat/frame-table";
import { alertFor } from "./console-alerts";
import type { ConsoleEffect } from "./console-effects";
import { consoleReducer } from "./console-state";
import { isReading, type ConsoleAction, type ConsoleState } from "./console-state-shape";
import { isBehind } from "./conversation-summaries";

export interface FrameOutcome {
  state: ConsoleState;
  effects: ConsoleEffect[];
}

export interface FrameContext {
  /** The frame table of this agent's socket (console-frames.ts). */
  read(frame: unknown): ConsoleAction | null;
  /** Someone listens for alerts: they are worked out. */
  alerting: boolean;
  /** Why the unsent replies of a chat that ended fail. */
  chatEndedReason: string;
}

export function frameOutcome(
  state: ConsoleState,
  frame: unknown,
  context: FrameContext,
): FrameOutcome {
  const effects: ConsoleEffect[] = [];
  if (isCatchUp(frame)) effects.push({ kind: "refresh" });
  // Refused for now (the server cannot store messages this moment): it goes again by itself.
  const later = refusedForNow(frame);
  if (later !== undefined) {
    effects.push({ kind: "reply-later", clientId: later });
    return { state, effects };
  }
  const action = context.read(frame);
  if (!action) return { state, effects };

  if (action.type === "received") {
    // From the last message held before this one is applied.
    const thread = state.threads[action.message.conversation_id];
    if (thread?.loaded && missedBefore(frame, thread.lastId)) {
      effects.push({
        kind: "load",
        conversationId: action.message.conversation_id,
        after: thread.lastId,
      });
    }
  }
  if (action.type === "acked" || action.type === "failed") {
    effects.push({ kind: "reply-answered", clientId: action.clientId });
  }
  const alert = context.alerting ? alertFor(state, action) : null;
  if (alert) effects.push({ kind: "alert", alert });
  // Made before a message this console already has: its counts are asked for again.
  const stale =
    action.type === "conversation" &&
    isBehind(state.conversations[action.summary.id], action.summary);

  const next = consoleReducer(state, action);
  if (stale) effects.push({ kind: "load-summary", conversationId: action.summary.id });
  effects.push(...effectsAfter(next, action, context));
  return { state: next, effects };
}

/** What an applied action calls for, read against the state after it. */
function effectsAfter(
  state: ConsoleState,
  action: ConsoleAction,
  context: FrameContext,
): ConsoleEffect[] {
  switch (action.type) {
    case "received": {
      const { conversation_id: id, sender_type: from } = action.message;
      const effects: ConsoleEffect[] = [];
      if (!state.conversations[id]) effects.push({ kind: "load-summary", conversationId: id });
      if (from === "visitor" && isReading(state, id)) {
        effects.push({ kind: "mark-read-soon", conversationId: id });
      }
      return effects;
    }
    case "typing":
      return [
        {
          kind: "typing-heard",
          conversationId: action.conversationId,
          from: action.from,
          typing: action.typing,
        },
      ];
    case "conversation":
      return [{ kind: "counts-soon" }];
    case "ended":
      // Whether it was missed is the server's to say: its summary is asked for again.
      return [
        { kind: "load-summary", conversationId: action.conversationId },
        { kind: "counts-soon" },
        {
          kind: "chat-ended",
          conversationId: action.conversationId,
          reason: context.chatEndedReason,
        },
      ];
    default:
      return [];
  }
}
