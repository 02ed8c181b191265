import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { describe, expect, it } from "vitest";
import {
  consoleReducer,
  initialConsoleState,
  type ConsoleAction,
  type ConsoleState,
} from "./console-state";
import { findPending, pendingReplies, repliesToKeep, type PendingReply } from "./console-threads";
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
  colleague,
  detail,
  ended,
  me,
  ownReply,
  summary,
  visitorEmail,
  visitorMessage,
} from "./console-fixtures.test-support";

const apply = (state: ConsoleState, ...actions: ConsoleAction[]) =>
  actions.reduce(consoleReducer, state);

const start = (options: Parameters<typeof initialConsoleState>[1] = {}) =>
  initialConsoleState(me, options);

const withLists = (open: ConversationSummary[], closed: ConversationSummary[] = []) =>
  apply(
    start(),
    { type: "conversations", state: "open", list: open },
    { type: "conversations", state: "ended", list: closed },
  );

const received = (message: ChatMessage): ConsoleAction => ({ type: "received", message });

const pending = (clientId: string, createdAt = T0, conversationId = 7): PendingReply => ({
  clientId,
  conversationId,
  html: `mine ${clientId}`,
  msgType: "text",
  createdAt,
  delivery: "sending",
});

const queue = (clientId: string, createdAt = T0, conversationId = 7): ConsoleAction => ({
  type: "queued",
  pending: pending(clientId, createdAt, conversationId),
});

/** What the thread of conversation 7 shows: [id, clientId, delivery]. */
const thread = (s: ConsoleState, id = 7) =>
  (s.threads[id]?.messages ?? []).map((m) => [m.id, m.clientId, m.delivery]);

const ids = (list: ConversationSummary[]) => list.map((c) => c.id);

/** The server's rule (agent-inbox.ts): the oldest visitor message after the newest agent message. */
function serverWaitingSince(messages: ChatMessage[]): number | null {
  const replied = Math.max(
    0,
    ...messages.filter((m) => m.sender_type === "agent").map((m) => m.id),
  );
  const waiting = messages.filter((m) => m.sender_type === "visitor" && m.id > replied);
  return waiting.length === 0 ? null : Math.min(...waiting.map((m) => m.created_at));
}

describe("consoleReducer: the lists", () => {
  it("starts empty, idle and visible, with nothing loaded", () => {
    const s = start();
    expect(s).toEqual({
      me,
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

describe("consoleReducer: a new message moves its conversation's summary", () => {
  it("sets the newest message, counts unread visitor messages and how long the visitor waits", () => {
    let s = withLists([summary(7)]);
    const v1 = visitorMessage(1);
    s = apply(s, received(v1));
    expect(s.conversations[7]).toEqual(
      summary(7, { last_message: v1, unread: 1, waiting_since: v1.created_at }),
    );
    // A second message: the visitor has been waiting since the first.
    const v2 = visitorMessage(2);
    s = apply(s, received(v2));
    expect(s.conversations[7]).toEqual(
      summary(7, { last_message: v2, unread: 2, waiting_since: v1.created_at }),
    );
    // An agent answers: no longer waiting; unread stays until someone reads.
    const a3 = agentMessage(3);
    s = apply(s, received(a3));
    expect(s.conversations[7]).toEqual(
      summary(7, { last_message: a3, unread: 2, waiting_since: null }),
    );
    // The next visitor message starts the wait again, from itself.
    const v4 = visitorMessage(4);
    s = apply(s, received(v4));
    expect(s.conversations[7]).toEqual(
      summary(7, { last_message: v4, unread: 3, waiting_since: v4.created_at }),
    );
    expect(unreadChatMessages(s)).toBe(3);
  });

  it("computes waiting_since exactly as the server does, message after message", () => {
    const sequence = [
      agentMessage(1),
      visitorMessage(2),
      visitorMessage(3),
      agentMessage(4),
      agentMessage(5),
      visitorMessage(6),
      agentMessage(7),
      visitorMessage(8),
      visitorMessage(9),
      visitorMessage(10),
    ];
    let s = withLists([summary(7)]);
    const seen: ChatMessage[] = [];
    const got: (number | null)[] = [];
    for (const message of sequence) {
      s = apply(s, received(message));
      seen.push(message);
      expect(s.conversations[7]?.waiting_since).toBe(serverWaitingSince(seen));
      got.push(s.conversations[7]?.waiting_since ?? null);
    }
    expect(got).toEqual([
      null,
      T0 + 2_000,
      T0 + 2_000,
      null,
      null,
      T0 + 6_000,
      null,
      T0 + 8_000,
      T0 + 8_000,
      T0 + 8_000,
    ]);
  });

  it("keeps waiting_since null for an ended conversation", () => {
    const s = apply(withLists([], [ended(7)]), received(visitorMessage(1)));
    expect(s.conversations[7]).toMatchObject({ waiting_since: null, unread: 1 });
  });

  it("counts nothing twice: a message it already has changes nothing", () => {
    let s = withLists([summary(7)]);
    s = apply(s, received(visitorMessage(2)), received(visitorMessage(2)));
    // An older message arriving late neither counts nor takes the newest message's place.
    s = apply(s, received(visitorMessage(1)));
    expect(s.conversations[7]).toEqual(
      summary(7, { last_message: visitorMessage(2), unread: 1, waiting_since: T0 + 2_000 }),
    );
  });

  it("does not count what the agent is reading: on screen with the tab visible", () => {
    let s = apply(withLists([summary(7), summary(8)]), {
      type: "viewing",
      conversationId: 7,
    });
    s = apply(s, received(visitorMessage(1, 7)), received(visitorMessage(2, 8)));
    expect(s.conversations[7]?.unread).toBe(0);
    expect(s.conversations[8]?.unread).toBe(1);
    // On screen but the tab is hidden: it counts, and is read when the tab shows again.
    s = apply(s, { type: "visible", visible: false }, received(visitorMessage(3, 7)));
    expect(s.conversations[7]?.unread).toBe(1);
    s = apply(s, { type: "visible", visible: true });
    expect(s.conversations[7]?.unread).toBe(0);
    // Opening a conversation while the tab is visible reads it.
    s = apply(s, { type: "viewing", conversationId: 8 });
    expect(s.conversations[8]?.unread).toBe(0);
    // A pushed summary of the conversation being read shows it read.
    s = apply(s, { type: "conversation", summary: summary(8, { unread: 5 }) });
    expect(s.conversations[8]?.unread).toBe(0);
    // Opening one while the tab is hidden does not.
    s = apply(
      s,
      { type: "viewing", conversationId: null },
      { type: "visible", visible: false },
      received(visitorMessage(4, 7)),
      { type: "viewing", conversationId: 7 },
    );
    expect(s.conversations[7]?.unread).toBe(1);
    s = apply(s, { type: "read", conversationId: 7 });
    expect(s.conversations[7]?.unread).toBe(0);
  });

  it("adds the message to a thread already held, and leaves threads never opened alone", () => {
    let s = withLists([summary(7), summary(8)]);
    s = apply(s, { type: "history", conversationId: 7, messages: [visitorMessage(1)] });
    s = apply(s, received(agentMessage(2)), received(visitorMessage(3, 8)));
    expect(thread(s)).toEqual([
      [1, null, "sent"],
      [2, null, "sent"],
    ]);
    expect(s.threads[7]?.lastId).toBe(2);
    expect(s.threads[8]).toBeUndefined();
    expect(s.conversations[8]?.last_message).toEqual(visitorMessage(3, 8));
  });

  it("updates the newest message from a history fetch, without counting it unread", () => {
    let s = withLists([summary(7, { last_message: visitorMessage(1), unread: 1 })]);
    s = apply(s, {
      type: "history",
      conversationId: 7,
      messages: [visitorMessage(1), agentMessage(2), visitorMessage(3)],
    });
    expect(s.threads[7]).toMatchObject({ loaded: true, lastId: 3 });
    expect(s.conversations[7]).toMatchObject({ last_message: visitorMessage(3), unread: 1 });
    // An older page changes nothing in the summary.
    s = apply(s, { type: "history", conversationId: 7, messages: [visitorMessage(1)] });
    expect(s.conversations[7]?.last_message).toEqual(visitorMessage(3));
    expect(s.threads[7]?.messages).toHaveLength(3);
  });
});

describe("consoleReducer: typing and presence", () => {
  it("shows who is typing until they stop or their message arrives", () => {
    let s = withLists([summary(7)]);
    s = apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: true });
    s = apply(s, {
      type: "typing",
      conversationId: 7,
      from: "agent",
      typing: true,
      agentName: colleague.name,
    });
    expect(s.typing[7]).toEqual({ visitor: true, agent: "Bruno" });
    s = apply(s, received(visitorMessage(1)));
    expect(s.typing[7]).toEqual({ visitor: false, agent: "Bruno" });
    s = apply(s, received(agentMessage(2)));
    expect(s.typing[7]).toEqual({ visitor: false, agent: null });
    s = apply(s, { type: "typing", conversationId: 7, from: "agent", typing: true });
    expect(s.typing[7]).toEqual({ visitor: false, agent: "Another agent" });
    s = apply(s, { type: "typing", conversationId: 7, from: "agent", typing: false });
    s = apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: true });
    s = apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: false });
    expect(s.typing[7]).toEqual({ visitor: false, agent: null });
  });

  it("shows nobody typing in an ended conversation", () => {
    const s = apply(withLists([], [ended(7)]), {
      type: "typing",
      conversationId: 7,
      from: "visitor",
      typing: true,
    });
    expect(s.typing[7]).toBeUndefined();
  });

  it("shows the visitor online or offline in every conversation of theirs and in the details", () => {
    let s = withLists(
      [summary(7, { visitor_online: false }), summary(8)],
      [ended(3, { visitor_email: visitorEmail(7) })],
    );
    s = apply(s, { type: "detail", detail: detail(summary(7, { visitor_online: false })) });
    s = apply(s, { type: "visitor-presence", email: visitorEmail(7), online: true });
    expect(s.conversations[7]?.visitor_online).toBe(true);
    expect(s.conversations[3]?.visitor_online).toBe(true);
    expect(s.conversations[8]?.visitor_online).toBe(true);
    expect(s.details[7]?.visitor.online).toBe(true);
    s = apply(s, { type: "visitor-presence", email: visitorEmail(8), online: false });
    expect(s.conversations[8]?.visitor_online).toBe(false);
    expect(s.conversations[7]?.visitor_online).toBe(true);
    expect(s.details[7]?.visitor.online).toBe(true);
  });
});

describe("consoleReducer: updates that change nothing", () => {
  it("keeps the same state for a visitor's presence that changes nothing here", () => {
    let s = withLists([summary(7, { visitor_online: false }), summary(8)]);
    s = apply(s, { type: "detail", detail: detail(summary(7, { visitor_online: false })) });
    // A visitor with no conversation here, or one already shown so.
    expect(apply(s, { type: "visitor-presence", email: "else@clinic.example", online: true })).toBe(
      s,
    );
    expect(apply(s, { type: "visitor-presence", email: visitorEmail(7), online: false })).toBe(s);
    expect(apply(s, { type: "visitor-presence", email: visitorEmail(8), online: true })).toBe(s);
    // A change copies only what it changes.
    const next = apply(s, { type: "visitor-presence", email: visitorEmail(8), online: false });
    expect(next.conversations[7]).toBe(s.conversations[7]);
    expect(next.details).toBe(s.details);
    expect(next.conversations[8]?.visitor_online).toBe(false);
  });

  it("keeps the same typing records when nobody was typing", () => {
    let s = withLists([summary(7)]);
    const before = s.typing;
    s = apply(s, received(visitorMessage(1)), received(agentMessage(2)));
    expect(s.typing).toBe(before);
    expect(s.typing).toEqual({});
    expect(apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: false })).toBe(s);
    s = apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: true });
    const typing = s.typing;
    expect(apply(s, { type: "typing", conversationId: 7, from: "visitor", typing: true })).toBe(s);
    // Another agent's message leaves the visitor's typing as it was.
    s = apply(s, received(agentMessage(3)));
    expect(s.typing).toBe(typing);
  });
});

describe("consoleReducer: agents' presence", () => {
  it("records each agent's console connecting and closing in a new object every time", () => {
    const s0 = start();
    expect(s0.agentsOnline).toEqual({});
    const s1 = apply(s0, { type: "agent-presence", agentId: 12, online: true });
    const s2 = apply(s1, { type: "agent-presence", agentId: 13, online: true });
    const s3 = apply(s2, { type: "agent-presence", agentId: 12, online: false });
    expect(s3.agentsOnline).toEqual({ 12: false, 13: true });
    expect(new Set([s0.agentsOnline, s1.agentsOnline, s2.agentsOnline, s3.agentsOnline]).size).toBe(
      4,
    );
  });
});

describe("consoleReducer: who is viewing which conversation", () => {
  it("keeps each other agent's conversation on screen until they leave it or close their console", () => {
    const s0 = start();
    const s1 = apply(s0, { type: "viewer", agentId: 12, agentName: "Ana", conversationId: 7 });
    const s2 = apply(s1, { type: "viewer", agentId: 13, agentName: "Bo", conversationId: 7 });
    const s3 = apply(s2, { type: "viewer", agentId: 12, agentName: "Ana", conversationId: 8 });
    expect(s3.viewers).toEqual({
      12: { name: "Ana", conversationId: 8 },
      13: { name: "Bo", conversationId: 7 },
    });
    const s4 = apply(s3, { type: "viewer", agentId: 12, agentName: "Ana", conversationId: null });
    const s5 = apply(s4, { type: "agent-presence", agentId: 13, online: false });
    expect([s4.viewers, s5.viewers]).toEqual([{ 13: { name: "Bo", conversationId: 7 } }, {}]);
  });
});

describe("consoleReducer: the unread total", () => {
  it("adds up the open conversations' unread visitor messages", () => {
    let s = withLists(
      [summary(1, { unread: 2 }), summary(2, { unread: 0 }), summary(3, { unread: 5 })],
      [ended(4, { unread: 7 })],
    );
    expect(unreadChatMessages(s)).toBe(7);
    s = apply(s, received(visitorMessage(10, 2)));
    expect(unreadChatMessages(s)).toBe(8);
    s = apply(s, { type: "conversation", summary: summary(3, { unread: 0 }) });
    expect(unreadChatMessages(s)).toBe(3);
  });
});

describe("consoleReducer: the outbox", () => {
  it("shows a reply once, sending then sent, whether the ack or the echo comes first", () => {
    let s = apply(withLists([summary(7)]), queue("client-aaaa"));
    expect(s.threads[7]?.messages[0]).toEqual({
      key: "client-aaaa",
      id: null,
      clientId: "client-aaaa",
      html: "mine client-aaaa",
      msgType: "text",
      from: "agent",
      senderName: "Asha",
      senderEmail: "asha@hourline.example",
      createdAt: T0,
      delivery: "sending",
    });
    s = apply(
      s,
      { type: "acked", clientId: "client-aaaa", id: 4 },
      received(ownReply(4, "client-aaaa")),
      { type: "history", conversationId: 7, messages: [ownReply(4, "client-aaaa")] },
      { type: "acked", clientId: "client-aaaa", id: 4 },
    );
    expect(thread(s)).toEqual([[4, "client-aaaa", "sent"]]);
    expect(s.threads[7]?.messages[0]?.key).toBe("client-aaaa");

    // The echo first, then the ack.
    s = apply(s, queue("client-bbbb"), received(ownReply(5, "client-bbbb")));
    expect(thread(s)).toEqual([
      [4, "client-aaaa", "sent"],
      [5, "client-bbbb", "sent"],
    ]);
    s = apply(s, { type: "acked", clientId: "client-bbbb", id: 5 });
    expect(thread(s)).toEqual([
      [4, "client-aaaa", "sent"],
      [5, "client-bbbb", "sent"],
    ]);
    expect(pendingReplies(s)).toEqual([]);
  });

  it("queues a client_id only once", () => {
    const s = apply(start(), queue("client-aaaa", T0), queue("client-aaaa", T0 + 5));
    expect(thread(s)).toEqual([[null, "client-aaaa", "sending"]]);
  });

  it("orders confirmed messages by id and keeps unsent replies last, in the order typed", () => {
    let s = apply(start(), queue("client-late", T0 + 20), queue("client-early", T0 + 10));
    s = apply(s, {
      type: "history",
      conversationId: 7,
      messages: [visitorMessage(3), visitorMessage(1), agentMessage(2)],
    });
    expect(thread(s).map(([id, clientId]) => id ?? clientId)).toEqual([
      1,
      2,
      3,
      "client-early",
      "client-late",
    ]);
    s = apply(s, { type: "acked", clientId: "client-late", id: 5 });
    expect(thread(s).map(([id, clientId]) => id ?? clientId)).toEqual([1, 2, 3, 5, "client-early"]);
  });

  it("marks a reply failed, back to sending on retry; an acknowledged reply cannot fail", () => {
    let s = apply(start(), queue("client-dddd"), {
      type: "failed",
      clientId: "client-dddd",
      error: "Too fast.",
    });
    expect(s.threads[7]?.messages[0]).toMatchObject({ delivery: "failed", error: "Too fast." });
    s = apply(s, { type: "retrying", clientId: "client-dddd" });
    expect(s.threads[7]?.messages[0]?.delivery).toBe("sending");
    expect(s.threads[7]?.messages[0]).not.toHaveProperty("error");
    s = apply(
      s,
      { type: "failed", clientId: "client-dddd", error: "No ack." },
      { type: "acked", clientId: "client-dddd", id: 8 },
    );
    expect(s.threads[7]?.messages[0]).not.toHaveProperty("error");
    s = apply(
      s,
      { type: "failed", clientId: "client-dddd", error: "late" },
      { type: "retrying", clientId: "client-dddd" },
    );
    expect(thread(s)).toEqual([[8, "client-dddd", "sent"]]);
    // Unknown client ids change nothing.
    expect(apply(s, { type: "acked", clientId: "client-zzzz", id: 9 })).toBe(s);
    expect(apply(s, { type: "failed", clientId: "client-zzzz", error: "x" })).toBe(s);
  });

  it("lists what must survive a reload, and a new start shows it again", () => {
    let s = withLists([summary(7), summary(8)]);
    s = apply(
      s,
      queue("client-eeee", T0 + 1),
      queue("client-ffff", T0 + 2, 8),
      { type: "failed", clientId: "client-ffff", error: "No." },
      queue("client-gggg", T0 + 3),
      { type: "acked", clientId: "client-gggg", id: 2 },
      received(visitorMessage(1)),
    );
    const kept = pendingReplies(s);
    expect(kept).toEqual([
      pending("client-eeee", T0 + 1),
      { ...pending("client-ffff", T0 + 2, 8), delivery: "failed", error: "No." },
    ]);
    const restored = initialConsoleState(me, { pending: kept });
    expect(thread(restored, 7)).toEqual([[null, "client-eeee", "sending"]]);
    expect(thread(restored, 8)).toEqual([[null, "client-ffff", "failed"]]);
    expect(restored.threads[7]?.loaded).toBe(false);
    expect(pendingReplies(restored)).toEqual(kept);
  });

  it("keeps no reply of a chat known to have ended, though its thread still shows it", () => {
    let s = apply(
      withLists([summary(7), summary(8)]),
      queue("client-eeee", T0 + 1),
      queue("client-ffff", T0 + 2, 8),
      queue("client-gggg", T0 + 3, 9),
    );
    expect(repliesToKeep(s)).toEqual(pendingReplies(s));
    s = apply(
      s,
      { type: "ended", conversationId: 8, endedAt: T0 + 5, endedBy: "visitor" },
      { type: "failed", clientId: "client-ffff", error: "Ended." },
    );
    // 9 is not listed yet: what became of it is not known, so its reply is kept.
    expect(repliesToKeep(s)).toEqual([
      pending("client-eeee", T0 + 1),
      pending("client-gggg", T0 + 3, 9),
    ]);
    expect(thread(s, 8)).toEqual([[null, "client-ffff", "failed"]]);
  });

  it("finds one reply waiting for its ack by its client_id", () => {
    let s = apply(
      withLists([summary(7), summary(8)]),
      queue("client-eeee", T0 + 1),
      queue("client-ffff", T0 + 2, 8),
      { type: "failed", clientId: "client-ffff", error: "No." },
      queue("client-gggg", T0 + 3),
    );
    for (const reply of pendingReplies(s)) expect(findPending(s, reply.clientId)).toEqual(reply);
    expect(findPending(s, "client-ffff")).toEqual({
      ...pending("client-ffff", T0 + 2, 8),
      delivery: "failed",
      error: "No.",
    });
    s = apply(s, { type: "acked", clientId: "client-gggg", id: 2 });
    expect(findPending(s, "client-gggg")).toBeNull();
    expect(findPending(s, "client-zzzz")).toBeNull();
    // Another agent's message with a client_id is none of this console's replies.
    s = apply(s, received(agentMessage(3, 7, { client_id: "client-hhhh" })));
    expect(findPending(s, "client-hhhh")).toBeNull();
  });

  it("does not take another agent's message for a reply of this console", () => {
    const s = apply(start(), { type: "history", conversationId: 7, messages: [agentMessage(1)] });
    expect(pendingReplies(s)).toEqual([]);
    expect(s.threads[7]?.messages[0]).toMatchObject({
      senderName: "Bruno",
      senderEmail: "bruno@hourline.example",
      key: "id-1",
    });
  });
});

describe("consoleReducer: the rest", () => {
  it("keeps the connection, the profile, a notice and the end of the session", () => {
    let s = apply(
      start(),
      { type: "connection", status: { kind: "open" } },
      { type: "me", agent: { ...me, name: "Asha L." } },
      { type: "notice", message: "Something failed." },
    );
    expect(s.connection).toEqual({ kind: "open" });
    expect(s.me.name).toBe("Asha L.");
    expect(s.notice).toBe("Something failed.");
    s = apply(s, { type: "notice", message: null }, { type: "expired" });
    expect(s.notice).toBeNull();
    expect(s.expired).toBe(true);
  });

  it("changes nothing when a read changes nothing", () => {
    const s = withLists([summary(7)]);
    expect(apply(s, { type: "read", conversationId: 7 })).toBe(s);
    expect(apply(s, { type: "read", conversationId: 99 })).toBe(s);
  });
});

describe("consoleReducer: ratings pushed live", () => {
  it("shows a rating frame on a conversation whose details are open, and replaces an earlier one", () => {
    let s = withLists([ended(7)], []);
    s = apply(s, { type: "detail", detail: detail(ended(7)) });
    expect(s.details[7]?.rating).toBeUndefined();
    s = apply(s, {
      type: "rating",
      rating: { conversation_id: 7, score: 2, comment: "Slow", rated_at: T0 + 1_000 },
    });
    expect(s.details[7]?.rating).toEqual({
      conversation_id: 7,
      score: 2,
      comment: "Slow",
      rated_at: T0 + 1_000,
    });
    s = apply(s, {
      type: "rating",
      rating: { conversation_id: 7, score: 5, comment: null, rated_at: T0 + 2_000 },
    });
    expect(s.details[7]?.rating?.score).toBe(5);
    expect(s.details[7]?.visitor.email).toBe(visitorEmail(7));
  });

  it("leaves conversations without loaded details alone (they fetch the rating with them)", () => {
    const s = withLists([ended(7)], []);
    const after = apply(s, {
      type: "rating",
      rating: { conversation_id: 7, score: 4, comment: null, rated_at: T0 },
    });
    expect(after).toBe(s);
  });
});
