import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { frameOutcome, type FrameContext } from "./console-frame-outcome";
import { frameReader } from "./console-frames";
import { consoleReducer, initialConsoleState, type ConsoleAction } from "./console-state";
import { T0, me, summary, visitorMessage } from "./console-fixtures.test-support";

const context = (alerting = false): FrameContext => ({
  read: frameReader(me.id),
  alerting,
  chatEndedReason: "Ended.",
});

/** Conversation 7 open and on screen, its history (messages 1 to 3) held. */
function reading() {
  const actions: ConsoleAction[] = [
    { type: "conversations", state: "open", list: [summary(7)] },
    { type: "viewing", conversationId: 7 },
    { type: "history", conversationId: 7, messages: [1, 2, 3].map((id) => visitorMessage(id)) },
  ];
  return actions.reduce(consoleReducer, initialConsoleState(me));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("frameOutcome", () => {
  it("gives the state the reducer gives and does nothing itself: what to do is in its effects", () => {
    const before = reading();
    const frame = { message_type: "message", ...visitorMessage(5), previous_id: 4 };
    const { state, effects } = frameOutcome(before, frame, context());
    const action = frameReader(me.id)(frame);
    expect(action?.type).toBe("received");
    if (action) expect(state).toEqual(consoleReducer(before, action));
    // The gap is fetched from the last message held before this one (3), not from 5.
    expect(effects).toEqual([
      { kind: "load", conversationId: 7, after: 3 },
      { kind: "mark-read-soon", conversationId: 7 },
    ]);
    expect(before.threads[7]?.lastId).toBe(3);
  });

  it("asks for a summary, the counts, and the end of the chat's replies and typing when it ends", () => {
    const frame = {
      message_type: "chat_ended",
      conversation_id: 7,
      ended_at: T0 + 1_000,
      ended_by: "visitor",
    };
    const { state, effects } = frameOutcome(reading(), frame, context());
    expect(state.conversations[7]?.state).toBe("ended");
    expect(effects).toEqual([
      { kind: "load-summary", conversationId: 7 },
      { kind: "counts-soon" },
      { kind: "chat-ended", conversationId: 7, reason: "Ended." },
    ]);
  });

  it("alerts only while someone listens, and leaves the state alone for a frame it ignores", () => {
    const before = reading();
    const frame = { message_type: "conversation", ...summary(8) };
    expect(frameOutcome(before, frame, context(true)).effects).toContainEqual({
      kind: "alert",
      alert: { kind: "conversation", conversationId: 8, visitorName: summary(8).visitor_name },
    });
    expect(frameOutcome(before, frame, context(false)).effects).toEqual([{ kind: "counts-soon" }]);
    const ignored = frameOutcome(before, { message_type: "nonsense" }, context(true));
    expect(ignored).toEqual({ state: before, effects: [] });
  });
});
