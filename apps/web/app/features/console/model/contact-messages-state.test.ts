import { describe, expect, it } from "vitest";
import {
  contactMessagesReducer,
  initialContactMessages,
  unreadContactMessages,
  type ContactMessagesAction,
  type ContactMessagesState,
} from "./contact-messages-state";
import { consoleReducer, initialConsoleState } from "./console-state";
import { T0, colleague, contact, me } from "./console-fixtures.test-support";

const apply = (state: ContactMessagesState, ...actions: ContactMessagesAction[]) =>
  actions.reduce(contactMessagesReducer, state);

describe("contactMessagesReducer", () => {
  it("lists them newest first, adds new ones in place and applies read and handled", () => {
    let s = apply(initialContactMessages, {
      type: "contacts",
      list: [contact(3), contact(1), contact(2)],
    });
    expect(s.loaded).toBe(true);
    expect(s.list.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(unreadContactMessages(s)).toBe(3);

    s = apply(s, { type: "contact", message: contact(4, { received_at: T0 }) });
    expect(s.list.map((c) => c.id)).toEqual([4, 1, 2, 3]);
    expect(unreadContactMessages(s)).toBe(4);

    s = apply(s, { type: "contact", message: contact(2, { read: true }) });
    s = apply(s, {
      type: "contact",
      message: contact(3, {
        read: true,
        handled: true,
        handled_at: T0,
        handled_by: colleague.name,
      }),
    });
    expect(s.list.map((c) => [c.id, c.read, c.handled, c.handled_by])).toEqual([
      [4, false, false, null],
      [1, false, false, null],
      [2, true, false, null],
      [3, true, true, "Bruno"],
    ]);
    expect(unreadContactMessages(s)).toBe(2);
  });

  it("orders messages received at the same time by id, newest first", () => {
    const s = apply(initialContactMessages, {
      type: "contacts",
      list: [contact(5, { received_at: T0 }), contact(9, { received_at: T0 })],
    });
    expect(s.list.map((c) => c.id)).toEqual([9, 5]);
  });
});

describe("consoleReducer: contact messages", () => {
  it("hands them to their own slice and leaves the chats alone", () => {
    const before = initialConsoleState(me);
    const after = consoleReducer(before, { type: "contacts", list: [contact(2), contact(1)] });
    expect(after.contacts).toEqual({ list: [contact(1), contact(2)], loaded: true });
    expect({ ...after, contacts: before.contacts }).toEqual(before);
    expect(after.conversations).toBe(before.conversations);
    expect(after.threads).toBe(before.threads);
  });
});
