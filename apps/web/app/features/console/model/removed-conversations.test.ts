import { describe, expect, it } from "vitest";
import { frameReader } from "./console-frames";
import { consoleReducer, initialConsoleState, type ConsoleAction } from "./console-state";
import { me, summary, visitorMessage } from "./console-fixtures.test-support";

const read = frameReader(me.id);
const apply = (state = initialConsoleState(me), frame: unknown) => {
  const action = read(frame) as ConsoleAction | null;
  if (!action) throw new Error("no action for the frame");
  return consoleReducer(state, action);
};

describe("live pushes without a reload", () => {
  it("drops erased conversations from the lists and threads, and shows an open one as gone", () => {
    let state = consoleReducer(initialConsoleState(me), {
      type: "summaries",
      list: [summary(7), summary(8), summary(9)],
    });
    state = consoleReducer(state, {
      type: "history",
      conversationId: 7,
      messages: [visitorMessage(1)],
    });
    state = apply(state, { message_type: "conversations_removed", conversation_ids: [7, 9] });
    expect(Object.keys(state.conversations)).toEqual(["8"]);
    expect(state.threads[7]).toBeUndefined();
    expect(state.missing).toEqual({ 7: true, 9: true });
  });

  it("takes this agent's new role from a profile frame: admin links follow state.me", () => {
    const state = apply(undefined, {
      message_type: "profile",
      agent: { ...me, role: me.role === "admin" ? "agent" : "admin" },
    });
    expect(state.me.role).toBe(me.role === "admin" ? "agent" : "admin");
  });

  it("refuses a malformed frame rather than emptying the lists", () => {
    expect(read({ message_type: "conversations_removed", conversation_ids: "7" })).toBeNull();
  });
});
