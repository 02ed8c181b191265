import { describe, expect, it } from "vitest";
import { alertFor } from "./console-alerts";
import { consoleReducer, initialConsoleState } from "./console-state";
import { colleague, me, summary, visitorMessage } from "./console-fixtures.test-support";

const listed = (...list: ReturnType<typeof summary>[]) =>
  consoleReducer(initialConsoleState(me), { type: "conversations", state: "open", list });

describe("alertFor", () => {
  it("alerts for chats that are mine or nobody's, never for a colleague's", () => {
    const state = listed(
      summary(7),
      summary(8, { assignee: { id: me.id, name: me.name } }),
      summary(9, { assignee: { id: colleague.id, name: colleague.name } }),
    );
    const received = (id: number) =>
      alertFor(state, { type: "received", message: visitorMessage(20 + id, id) })?.conversationId;
    expect([7, 8, 9].map(received)).toEqual([7, 8, undefined]);
    const arrives = (id: number, assignee: { id: number; name: string } | null) =>
      alertFor(state, { type: "conversation", summary: summary(id, { assignee }), live: true })
        ?.kind;
    expect(arrives(10, null)).toBe("conversation");
    expect(arrives(11, { id: me.id, name: me.name })).toBe("conversation");
    expect(arrives(12, { id: colleague.id, name: colleague.name })).toBeUndefined();
  });
});
