import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { describe, expect, it } from "vitest";
import {
  activityAt,
  conversationsIn,
  isBehind,
  mergeSummary,
  unreadChatMessages,
} from "./conversation-summaries";
import {
  T0,
  agentMessage,
  detail,
  ended,
  me,
  summary,
  visitorMessage,
} from "./console-fixtures.test-support";

import { apply, start, withLists, received, ids } from "./console-state.test-support";

describe("consoleReducer: the lists", () => {
  it("starts empty, idle and visible, with nothing loaded", () => {
    const s = start();
    expect(s).toEqual({
      me,
      myStatus: null,
      connection: { kind: "idle" },
      conversations: {},
      loaded: { open: false, ended: false, missed: false },
      more: { open: false, ended: false, missed: false },
      cursor: { open: null, ended: null, missed: null },
      counts: null,
      entries: {},
      details: {},
      threads: {},
      typing: {},
      contacts: { list: [], loaded: false },
      missing: {},
      viewing: null,
      visible: true,
      notice: null,
      expired: false,
      agentsOnline: {},
      viewers: {},
    });
    expect(start({ visible: false }).visible).toBe(false);
  });

  it("loads each list and says which have been loaded", () => {
    let s = apply(start(), {
      type: "conversations",
      state: "open",
      list: [summary(1), summary(2)],
    });
    expect(s.loaded).toEqual({ open: true, ended: false, missed: false });
    s = apply(s, { type: "conversations", state: "ended", list: [ended(3)] });
    expect(s.loaded).toEqual({ open: true, ended: true, missed: false });
    expect(Object.keys(s.conversations)).toEqual(["1", "2", "3"]);
    // A reload after a reconnect replaces what it lists and keeps the rest.
    s = apply(s, {
      type: "conversations",
      state: "open",
      list: [summary(2, { unread: 4 })],
    });
    expect(s.conversations[2]?.unread).toBe(4);
    expect(s.conversations[1]).toEqual(summary(1));
  });

  it("keeps the summary it holds when a list fetched again says nothing new about it", () => {
    const s = apply(start(), {
      type: "conversations",
      state: "open",
      list: [summary(1), summary(2)],
    });
    const changed = { ...summary(2), unread: 3 };
    const again = apply(s, { type: "conversations", state: "open", list: [summary(1), changed] });
    expect(again.conversations[1]).toBe(s.conversations[1]);
    expect(again.conversations[2]).not.toBe(s.conversations[2]);
    expect(again.conversations[2]?.unread).toBe(3);
  });

  it("orders each tab by newest activity (end, newest message, start), then by id", () => {
    const s = withLists(
      [
        summary(1, { started_at: T0 - 10_000 }),
        summary(2, { last_message: visitorMessage(5, 2) }),
        summary(3, { started_at: T0 - 10_000 }),
        summary(4, { started_at: T0 - 500_000 }),
      ],
      [
        ended(10, { ended_at: T0 - 5_000 }),
        ended(11, { ended_at: T0 - 1_000, last_message: visitorMessage(3, 11) }),
      ],
    );
    expect(activityAt(s.conversations[2] as ConversationSummary)).toBe(T0 + 5_000);
    expect(activityAt(s.conversations[11] as ConversationSummary)).toBe(T0 - 1_000);
    expect(ids(conversationsIn(s.conversations, "open"))).toEqual([2, 3, 1, 4]);
    expect(ids(conversationsIn(s.conversations, "ended"))).toEqual([11, 10]);
  });

  it("takes a pushed summary as it is, but never a newest message older than one seen here", () => {
    let s = withLists([summary(7)]);
    s = apply(s, received(visitorMessage(5)));
    s = apply(s, {
      type: "conversation",
      summary: summary(7, { unread: 3, waiting_since: T0, last_message: visitorMessage(4) }),
    });
    expect(s.conversations[7]).toEqual(
      summary(7, { unread: 3, waiting_since: T0, last_message: visitorMessage(5) }),
    );
    s = apply(s, {
      type: "conversation",
      summary: summary(7, { unread: 0, last_message: agentMessage(6) }),
    });
    expect(s.conversations[7]).toEqual(summary(7, { unread: 0, last_message: agentMessage(6) }));
    // A new conversation is simply added to its tab.
    s = apply(s, { type: "conversation", summary: summary(8, { started_at: T0 + 10_000 }) });
    expect(ids(conversationsIn(s.conversations, "open"))).toEqual([8, 7]);
  });

  it("moves a conversation from the open tab to the ended tab, whichever way the end arrives", () => {
    let s = withLists([summary(7, { waiting_since: T0, unread: 2 }), summary(8)], [ended(3)]);
    expect(unreadChatMessages(s)).toBe(2);
    s = apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: true });
    s = apply(s, { type: "ended", conversationId: 7, endedAt: T0 + 9_000, endedBy: "agent" });
    expect(s.conversations[7]).toEqual(
      summary(7, {
        state: "ended",
        ended_at: T0 + 9_000,
        ended_by: "agent",
        waiting_since: null,
        unread: 2,
      }),
    );
    expect(s.typing[7]).toEqual({ visitor: false, agent: null });
    expect(ids(conversationsIn(s.conversations, "open"))).toEqual([8]);
    expect(ids(conversationsIn(s.conversations, "ended"))).toEqual([7, 3]);
    // Unread messages of an ended chat no longer count.
    expect(unreadChatMessages(s)).toBe(0);
    // A second report of the end keeps the first one's time and author.
    s = apply(s, { type: "ended", conversationId: 7, endedAt: T0 + 20_000, endedBy: "visitor" });
    expect(s.conversations[7]).toMatchObject({ ended_at: T0 + 9_000, ended_by: "agent" });

    // The summary pushed by the server does the same.
    s = apply(s, {
      type: "typing",
      conversationId: 8,
      from: "agent",
      typing: true,
      agentName: "B",
    });
    s = apply(s, { type: "conversation", summary: ended(8, { ended_at: T0 + 30_000 }) });
    expect(ids(conversationsIn(s.conversations, "open"))).toEqual([]);
    expect(ids(conversationsIn(s.conversations, "ended"))).toEqual([8, 7, 3]);
    expect(s.typing[8]).toEqual({ visitor: false, agent: null });
  });

  it("ignores the end of a conversation it does not list, but for its typing", () => {
    const s = apply(withLists([summary(7)]), {
      type: "ended",
      conversationId: 99,
      endedAt: T0,
      endedBy: "visitor",
    });
    expect(Object.keys(s.conversations)).toEqual(["7"]);
    expect(s.typing[99]).toEqual({ visitor: false, agent: null });
  });

  it("keeps a conversation's details and adds the visitor's earlier chats without replacing any", () => {
    const known = ended(3, { unread: 1 });
    let s = withLists([summary(7)], [known]);
    s = apply(s, {
      type: "detail",
      detail: detail(summary(7, { unread: 2 }), [ended(3, { unread: 0 }), ended(2)]),
    });
    expect(s.details[7]).toEqual({
      visitor: detail(summary(7)).visitor,
      earlierIds: [3, 2],
    });
    expect(s.conversations[7]?.unread).toBe(2);
    expect(s.conversations[3]).toEqual(known);
    expect(s.conversations[2]).toEqual(ended(2));
  });

  it("takes a list the same way: never a newer message back, never an ended chat open again", () => {
    let s = withLists([summary(7), summary(8)]);
    s = apply(
      s,
      received(visitorMessage(5)),
      { type: "ended", conversationId: 8, endedAt: T0 + 9_000, endedBy: "agent" },
      { type: "typing", conversationId: 7, from: "visitor", typing: true },
    );
    const endedHere = s.conversations[8];
    // The list was made before both pushes.
    s = apply(s, {
      type: "conversations",
      state: "open",
      list: [
        summary(7, { unread: 3, waiting_since: T0, last_message: visitorMessage(4) }),
        summary(8, { unread: 2 }),
      ],
    });
    expect(s.conversations[7]).toEqual(
      summary(7, { unread: 3, waiting_since: T0, last_message: visitorMessage(5) }),
    );
    expect(s.conversations[8]).toEqual({ ...endedHere, unread: 2 });
    expect(ids(conversationsIn(s.conversations, "open"))).toEqual([7]);
    expect(ids(conversationsIn(s.conversations, "ended"))).toEqual([8]);
    // A newer list is taken as it is; the typing shown is left alone while the chat is open.
    s = apply(s, {
      type: "conversations",
      state: "open",
      list: [summary(7, { unread: 1, last_message: agentMessage(6) })],
    });
    expect(s.conversations[7]).toEqual(summary(7, { unread: 1, last_message: agentMessage(6) }));
    expect(s.typing[7]).toEqual({ visitor: true, agent: null });
    // An ended list clears it.
    s = apply(s, {
      type: "conversations",
      state: "ended",
      list: [ended(7, { last_message: agentMessage(6) })],
    });
    expect(s.typing[7]).toEqual({ visitor: false, agent: null });
  });

  it("takes a conversation's details the same way", () => {
    let s = apply(withLists([summary(7)]), received(visitorMessage(5)), {
      type: "ended",
      conversationId: 7,
      endedAt: T0 + 9_000,
      endedBy: "visitor",
    });
    s = apply(s, {
      type: "detail",
      detail: detail(summary(7, { last_message: visitorMessage(4) })),
    });
    expect(s.conversations[7]).toMatchObject({
      state: "ended",
      ended_at: T0 + 9_000,
      ended_by: "visitor",
      waiting_since: null,
      last_message: visitorMessage(5),
    });
  });

  it("merges a summary from the server into the one held here", () => {
    const held = summary(7, { last_message: visitorMessage(5), unread: 2, waiting_since: T0 });
    expect(mergeSummary(undefined, summary(7))).toEqual(summary(7));
    // Newer or as new: the server's.
    const newer = summary(7, { last_message: agentMessage(6) });
    expect(mergeSummary(held, newer)).toBe(newer);
    expect(isBehind(held, newer)).toBe(false);
    expect(isBehind(held, summary(7, { last_message: visitorMessage(5) }))).toBe(false);
    // Older, or with no message at all: the newest message seen here stays.
    expect(isBehind(held, summary(7, { last_message: visitorMessage(4) }))).toBe(true);
    expect(isBehind(held, summary(7))).toBe(true);
    expect(isBehind(summary(7), summary(7))).toBe(false);
    expect(isBehind(undefined, summary(7))).toBe(false);
    expect(mergeSummary(held, summary(7, { unread: 1 }))).toEqual({
      ...held,
      unread: 1,
      waiting_since: null,
    });
    // Ended here stays ended, with its own end; ended by the server is taken.
    const endedHere = ended(7, { ended_at: T0 + 9_000, ended_by: "agent", unread: 2 });
    expect(mergeSummary(endedHere, summary(7, { waiting_since: T0, unread: 4 }))).toEqual(
      ended(7, { ended_at: T0 + 9_000, ended_by: "agent", unread: 4, visitor_online: true }),
    );
    expect(mergeSummary(summary(7), ended(7))).toEqual(ended(7));
  });

  it("notes conversations the server does not know", () => {
    const s = apply(start(), { type: "missing", conversationId: 42 });
    expect(s.missing).toEqual({ 42: true });
  });
});
