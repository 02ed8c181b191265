import type { ChatMessage } from "@hourline/contracts/chat-message";
import { describe, expect, it } from "vitest";
import { unreadChatMessages } from "./conversation-summaries";
import {
  T0,
  agentMessage,
  detail,
  ended,
  summary,
  visitorEmail,
  visitorMessage,
} from "./console-fixtures.test-support";

import {
  apply,
  withLists,
  received,
  thread,
  serverWaitingSince,
} from "./console-state.test-support";

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
