import { describe, expect, it, vi } from "vitest";
import { conversationsIn } from "./conversation-summaries";
import {
  T0,
  agentMessage,
  colleague,
  ended,
  summary,
  visitorMessage,
} from "./console-fixtures.test-support";

import { setup, settle, withConsoleSessions } from "./console-session.test-support";

withConsoleSessions();

describe("ConsoleSession: pushes after a reconnect", () => {
  it("after a reconnect fetches what the conversation on screen missed, gap included", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    t.server.messages[7] = [visitorMessage(1), agentMessage(2)];
    await t.connect();
    t.session.view(7);
    await settle();
    expect(t.api.fetchMessages.mock.calls).toEqual([[7, undefined]]);

    t.browser.last.drop(1001);
    t.server.messages[7] = [
      visitorMessage(1),
      agentMessage(2),
      visitorMessage(3),
      visitorMessage(4),
    ];
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    // A message pushed while the lists are still loading must not hide the ones before it.
    t.server.messages[7].push(visitorMessage(5));
    t.browser.last.receive({ message_type: "message", ...visitorMessage(5) });
    await settle();
    expect(t.api.fetchMessages.mock.calls).toEqual([
      [7, undefined],
      [7, 2],
    ]);
    expect(t.thread()).toEqual([
      [1, null, "sent"],
      [2, null, "sent"],
      [3, null, "sent"],
      [4, null, "sent"],
      [5, null, "sent"],
    ]);
  });

  it("fetches what it missed when told to catch up, or when a pushed message skips one", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    t.server.messages[7] = [visitorMessage(1), agentMessage(2)];
    await t.connect();
    t.session.view(7);
    await settle();
    const lists = t.api.fetchConversations.mock.calls.length;

    // Instances lost touch and have it back: the three lists (open, ended, missed) and the
    // thread on screen are fetched.
    t.server.messages[7].push(visitorMessage(3));
    t.browser.last.receive({ message_type: "catch_up" });
    await settle();
    expect(t.api.fetchConversations.mock.calls.length).toBe(lists + 3);
    expect(t.api.fetchMessages).toHaveBeenLastCalledWith(7, 2);
    expect(t.thread().map(([id]) => id)).toEqual([1, 2, 3]);

    // Message 5 says 4 came before it: 4 is fetched, and each shows once.
    t.server.messages[7].push(visitorMessage(4), visitorMessage(5));
    t.browser.last.receive({ message_type: "message", ...visitorMessage(5), previous_id: 4 });
    await settle();
    expect(t.api.fetchMessages).toHaveBeenLastCalledWith(7, 3);
    expect(t.thread().map(([id]) => id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("after a reconnect leaves unread what is not on screen, and fetches it when it is", async () => {
    const t = setup();
    t.server.open = [summary(7), summary(8)];
    t.server.messages[7] = [visitorMessage(1), agentMessage(2)];
    await t.connect();
    t.session.view(7);
    await settle();
    t.session.view(8);
    await settle();
    t.api.fetchMessages.mockClear();

    t.browser.last.drop(1001);
    t.server.messages[7] = [visitorMessage(1), agentMessage(2), visitorMessage(3)];
    t.server.open = [summary(7, { last_message: visitorMessage(3), unread: 1 }), summary(8)];
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    await settle();
    // Only the conversation on screen is caught up; the other stays unread for every agent.
    expect(t.api.fetchMessages.mock.calls).toEqual([[8, 0]]);
    expect(t.server.open[0]?.unread).toBe(1);
    expect(t.state().conversations[7]?.unread).toBe(1);

    // A push for it in the meantime does not move where its history resumes.
    t.server.messages[7].push(visitorMessage(4));
    t.browser.last.receive({ message_type: "message", ...visitorMessage(4) });
    t.session.view(7);
    await settle();
    expect(t.api.fetchMessages).toHaveBeenLastCalledWith(7, 2);
    expect(t.thread()).toEqual([
      [1, null, "sent"],
      [2, null, "sent"],
      [3, null, "sent"],
      [4, null, "sent"],
    ]);
    // Once caught up, the next view continues from the newest message.
    t.session.view(null);
    t.session.view(7);
    expect(t.api.fetchMessages).toHaveBeenLastCalledWith(7, 4);
  });

  it("learns after a reconnect of chats that ended meanwhile, without reading them", async () => {
    const t = setup();
    // No newest message in either summary: a summary never takes back a newer one seen here.
    t.server.open = [summary(7), summary(8, { unread: 1 })];
    t.server.messages[8] = [visitorMessage(1, 8)];
    await t.connect();
    t.browser.last.drop(1001);
    t.server.open = [summary(7)];
    t.server.ended = [ended(8, { ended_at: T0 + 500, unread: 1 })];
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    await settle();
    expect(t.api.fetchConversation.mock.calls).toEqual([[8]]);
    expect(t.api.fetchMessages).not.toHaveBeenCalled();
    expect(t.state().conversations[8]).toEqual(ended(8, { ended_at: T0 + 500, unread: 1 }));
    expect(conversationsIn(t.state().conversations, "ended").map((c) => c.id)).toEqual([8]);
  });

  it("tells the other consoles which conversation is on screen, again after a reconnect", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.session.view(7);
    t.session.view(null);
    t.session.view(7);
    expect(t.framesSent("viewing")).toEqual([
      { message_type: "viewing", conversation_id: 7 },
      { message_type: "viewing", conversation_id: null },
      { message_type: "viewing", conversation_id: 7 },
    ]);
    t.browser.last.drop(1001);
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    await settle();
    expect(t.framesSent("viewing").at(-1)).toEqual({ message_type: "viewing", conversation_id: 7 });
    t.browser.last.receive({
      message_type: "viewing",
      agent_id: colleague.id,
      agent_name: colleague.name,
      conversation_id: 7,
    });
    expect(t.state().viewers).toEqual({
      [colleague.id]: { name: colleague.name, conversationId: 7 },
    });
  });
});
