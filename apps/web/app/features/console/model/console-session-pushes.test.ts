import type { ConversationSummary } from "@hourline/contracts/console-inbox";
import { describe, expect, it, vi } from "vitest";
import { OTHERS_TYPING_TIMEOUT_MS } from "~/lib/live-chat/live-timing";
import { conversationsIn } from "./conversation-summaries";
import {
  T0,
  colleague,
  contact,
  me,
  summary,
  visitorEmail,
  visitorMessage,
} from "./console-fixtures.test-support";
import { queueCursorOf } from "@hourline/contracts/console-team";

import { setup, settle, withConsoleSessions } from "./console-session.test-support";

withConsoleSessions();

describe("ConsoleSession: pushes", () => {
  it("moves the state on with every frame", async () => {
    const t = setup();
    t.server.open = [summary(7), summary(8)];
    await t.connect();
    const socket = t.browser.last;

    socket.receive({ message_type: "message", ...visitorMessage(1) });
    expect(t.state().conversations[7]).toEqual(
      summary(7, { last_message: visitorMessage(1), unread: 1, waiting_since: T0 + 1_000 }),
    );
    socket.receive({ message_type: "conversation", ...summary(9) });
    expect(t.state().conversations[9]).toEqual(summary(9));
    socket.receive({
      message_type: "chat_ended",
      conversation_id: 8,
      target_email: visitorEmail(8),
      ended_at: T0 + 2_000,
      ended_by: "visitor",
    });
    expect(conversationsIn(t.state().conversations, "ended").map((c) => c.id)).toEqual([8]);
    socket.receive({ message_type: "contact_message", ...contact(4) });
    expect(t.state().contacts.list).toEqual([contact(4)]);
    // Marked read here: shown at once, before the server's push.
    t.session.applyContact(contact(4, { read: true }));
    expect(t.state().contacts.list).toEqual([contact(4, { read: true })]);
    socket.receive({
      message_type: "visitor_presence",
      visitor_email: visitorEmail(7),
      online: false,
    });
    expect(t.state().conversations[7]?.visitor_online).toBe(false);
    socket.receive({ message_type: "error", code: "bad_frame", message: "Not understood." });
    expect(t.state().notice).toBe("Not understood.");
    t.session.dismissNotice();
    expect(t.state().notice).toBeNull();
    // Nothing that is not a frame of the contract changes anything.
    const before = t.state();
    socket.receive({ message_type: "conversation", id: 10 });
    socket.onmessage?.({ data: "{not json" });
    expect(t.state()).toBe(before);
  });

  it("fetches the summary of a conversation it does not know when a message of it arrives", async () => {
    const t = setup();
    await t.connect();
    t.server.open = [summary(12, { last_message: visitorMessage(1, 12), unread: 1 })];
    t.server.messages[12] = [visitorMessage(1, 12)];
    t.browser.last.receive({ message_type: "message", ...visitorMessage(1, 12) });
    expect(t.api.fetchConversation.mock.calls).toEqual([[12]]);
    await settle();
    // Not its messages: nobody is reading it yet.
    expect(t.api.fetchMessages).not.toHaveBeenCalled();
    expect(t.state().conversations[12]).toEqual(
      summary(12, { last_message: visitorMessage(1, 12), unread: 1 }),
    );
    expect(t.state().details[12]?.visitor.email).toBe(visitorEmail(12));
  });

  it("asks once for a conversation it does not know, however many of its messages arrive", async () => {
    const t = setup();
    await t.connect();
    t.server.open = [summary(12, { last_message: visitorMessage(3, 12), unread: 3 })];
    for (const id of [1, 2, 3]) {
      t.browser.last.receive({ message_type: "message", ...visitorMessage(id, 12) });
    }
    expect(t.api.fetchConversation.mock.calls).toEqual([[12]]);
    await settle();
    expect(t.state().conversations[12]).toEqual(t.server.open[0]);
    // Once answered, a summary that is needed again is asked for again.
    t.browser.last.receive({
      message_type: "conversation",
      ...summary(12, { last_message: visitorMessage(2, 12) }),
    });
    expect(t.api.fetchConversation).toHaveBeenCalledTimes(2);
  });

  it("shows others typing until they stop, or for a while when the stop never comes", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    const typing = (from: "visitor" | "agent", on: boolean) =>
      t.browser.last.receive({
        message_type: "typing",
        conversation_id: 7,
        typing: on,
        from,
        ...(from === "agent" ? { agent_id: colleague.id, agent_name: colleague.name } : {}),
      });
    typing("visitor", true);
    typing("agent", true);
    expect(t.state().typing[7]).toEqual({ visitor: true, agent: "Bruno" });
    await vi.advanceTimersByTimeAsync(OTHERS_TYPING_TIMEOUT_MS / 2);
    typing("visitor", true);
    await vi.advanceTimersByTimeAsync(OTHERS_TYPING_TIMEOUT_MS / 2);
    expect(t.state().typing[7]).toEqual({ visitor: true, agent: null });
    await vi.advanceTimersByTimeAsync(OTHERS_TYPING_TIMEOUT_MS / 2 - 1);
    expect(t.state().typing[7]).toEqual({ visitor: true, agent: null });
    await vi.advanceTimersByTimeAsync(1);
    expect(t.state().typing[7]).toEqual({ visitor: false, agent: null });

    typing("agent", true);
    typing("agent", false);
    expect(t.state().typing[7]).toEqual({ visitor: false, agent: null });
    // This agent's own typing, echoed from another of their tabs, is not shown.
    t.browser.last.receive({
      message_type: "typing",
      conversation_id: 7,
      typing: true,
      from: "agent",
      agent_id: me.id,
      agent_name: me.name,
    });
    expect(t.state().typing[7]).toEqual({ visitor: false, agent: null });
  });

  it("pages the open queue from the server's place of the last one listed, other views by id", async () => {
    const t = setup();
    t.server.open = Array.from({ length: 50 }, (_, i) =>
      summary(100 + i, { waiting_since: T0 - 50_000 + i * 1000 }),
    );
    await t.connect();
    const last = t.server.open.at(-1) as ConversationSummary;
    // The last one moved on since it was listed: the page still continues from where it was.
    t.browser.last.receive({ message_type: "message", ...visitorMessage(9, last.id) });
    await t.session.loadMore("open", last.id);
    await t.session.loadMore("ended", 3);
    expect(t.api.fetchConversations.mock.calls.slice(-2)).toEqual([
      ["open", { order: "waiting", cursor: queueCursorOf(last) }],
      ["ended", { before: 3 }],
    ]);
  });

  it("notes a conversation the server does not know, and says when one could not be loaded", async () => {
    const t = setup();
    await t.connect();
    await t.session.load(404);
    expect(t.state().missing).toEqual({ 404: true });
    expect(t.state().notice).toBeNull();
    t.server.open = [summary(7)];
    t.server.messages[7] = [visitorMessage(1)];
    t.server.failing.fetchConversation = 500;
    await t.session.load(7);
    expect(t.state().notice).toBe("Answered 500.");
    expect(t.thread()).toEqual([[1, null, "sent"]]);
  });
});
