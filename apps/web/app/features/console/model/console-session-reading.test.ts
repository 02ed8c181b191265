import { describe, expect, it, vi } from "vitest";
import { TYPING_IDLE_MS, TYPING_REPEAT_MS } from "~/lib/live-chat/live-timing";
import { COUNTS_DELAY_MS, READ_DELAY_MS } from "./console-session";
import { agentMessage, ended, summary, visitorMessage } from "./console-fixtures.test-support";

import { setup, settle, withConsoleSessions } from "./console-session.test-support";

withConsoleSessions();

describe("ConsoleSession: reading", () => {
  it("marks the conversation on screen read, while the tab is visible", async () => {
    const t = setup();
    t.server.open = [summary(7, { unread: 2, last_message: visitorMessage(2) }), summary(8)];
    t.server.messages[7] = [visitorMessage(1), visitorMessage(2)];
    await t.connect();

    t.session.view(7);
    expect(t.state().viewing).toBe(7);
    expect(t.state().conversations[7]?.unread).toBe(0);
    expect(t.api.fetchConversation).toHaveBeenCalledWith(7);
    expect(t.api.fetchMessages).toHaveBeenCalledWith(7, undefined);
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS - 1);
    expect(t.api.markRead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.api.markRead.mock.calls).toEqual([[7, 2]]);

    // A new visitor message on screen: never counted, marked read after the pause.
    t.browser.last.receive({ message_type: "message", ...visitorMessage(3) });
    expect(t.state().conversations[7]?.unread).toBe(0);
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS);
    expect(t.api.markRead.mock.calls).toEqual([
      [7, 2],
      [7, 3],
    ]);

    // The tab hidden: counted and not marked, until the agent looks again.
    t.session.setVisible(false);
    t.browser.last.receive({ message_type: "message", ...visitorMessage(4) });
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS * 10);
    expect(t.state().conversations[7]?.unread).toBe(1);
    expect(t.api.markRead).toHaveBeenCalledTimes(2);
    t.session.setVisible(true);
    expect(t.state().conversations[7]?.unread).toBe(0);
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS);
    expect(t.api.markRead).toHaveBeenLastCalledWith(7, 4);
    expect(t.api.markRead).toHaveBeenCalledTimes(3);

    // Another conversation on screen: this one counts again.
    t.session.view(8);
    t.browser.last.receive({ message_type: "message", ...visitorMessage(5) });
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS * 10);
    expect(t.state().conversations[7]?.unread).toBe(1);
    expect(t.api.markRead).toHaveBeenCalledTimes(3);
  });

  it("keeps the read mark and the counts current while others write without pause", async () => {
    const t = setup();
    t.server.open = [summary(7, { last_message: visitorMessage(1) })];
    t.server.messages[7] = [visitorMessage(1)];
    await t.connect();
    t.session.view(7);
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS);
    t.api.markRead.mockClear();
    t.api.fetchCounts.mockClear();
    // A visitor writing every 100 ms and a chat starting every 100 ms, for three seconds: each
    // pause starts from the first event it waits for, not from the last one.
    let beforeLast = 0;
    for (let n = 2; n <= 31; n += 1) {
      beforeLast = t.api.fetchCounts.mock.calls.length;
      t.browser.last.receive({ message_type: "message", ...visitorMessage(n) });
      t.browser.last.receive({ message_type: "conversation", ...summary(100 + n) });
      await vi.advanceTimersByTimeAsync(100);
    }
    const marks = t.api.markRead.mock.calls.length;
    expect(marks).toBeGreaterThanOrEqual(Math.floor(3_000 / (READ_DELAY_MS + 100)));
    expect(marks).toBeLessThanOrEqual(Math.ceil(3_000 / READ_DELAY_MS));
    const counts = t.api.fetchCounts.mock.calls.length;
    expect(counts).toBeGreaterThanOrEqual(Math.floor(3_000 / (COUNTS_DELAY_MS + 100)));
    expect(counts).toBeLessThanOrEqual(Math.ceil(3_000 / COUNTS_DELAY_MS));
    // Once it stops, the last message is marked read and the counts are asked for after the last
    // change, and then no more.
    await vi.advanceTimersByTimeAsync(COUNTS_DELAY_MS);
    expect(t.api.markRead).toHaveBeenLastCalledWith(7, 31);
    const settled = t.api.fetchCounts.mock.calls.length;
    expect(settled).toBeGreaterThan(beforeLast);
    await vi.advanceTimersByTimeAsync(COUNTS_DELAY_MS * 10);
    expect(t.api.fetchCounts).toHaveBeenCalledTimes(settled);
  });

  it("after a reconnect marks what arrived meanwhile read only if the tab is visible", async () => {
    for (const visible of [true, false]) {
      const t = setup({ visible });
      t.server.open = [summary(7, { last_message: agentMessage(1) })];
      t.server.messages[7] = [agentMessage(1)];
      await t.connect();
      t.session.view(7);
      await settle();
      t.browser.last.drop(1001);
      t.server.messages[7].push(visitorMessage(2));
      t.server.open = [summary(7, { last_message: visitorMessage(2), unread: 1 })];
      await vi.advanceTimersByTimeAsync(750);
      t.browser.last.open();
      await settle();
      await vi.advanceTimersByTimeAsync(READ_DELAY_MS);
      expect(t.api.fetchMessages).toHaveBeenLastCalledWith(7, 1);
      expect(t.api.markRead.mock.calls, `visible: ${visible}`).toEqual(visible ? [[7, 2]] : []);
      expect(t.state().conversations[7]?.unread).toBe(visible ? 0 : 1);
      expect(t.server.open[0]?.unread).toBe(visible ? 0 : 1);
      t.session.stop();
    }
  });

  it("does not mark a conversation read that the agent left before the pause, or opened hidden", async () => {
    const t = setup({ visible: false });
    t.server.open = [summary(7, { unread: 1, last_message: visitorMessage(1) }), summary(8)];
    t.server.messages[7] = [visitorMessage(1)];
    await t.connect();
    t.session.view(7);
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS * 10);
    expect(t.state().conversations[7]?.unread).toBe(1);
    expect(t.api.markRead).not.toHaveBeenCalled();

    t.session.setVisible(true);
    t.session.view(null);
    await vi.advanceTimersByTimeAsync(READ_DELAY_MS * 10);
    expect(t.api.markRead).not.toHaveBeenCalled();
  });
});

describe("ConsoleSession: typing", () => {
  it("sends typing at most every few seconds, and stopped after a quiet spell", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.session.setTyping(7, true);
    await vi.advanceTimersByTimeAsync(1_000);
    t.session.setTyping(7, true);
    await vi.advanceTimersByTimeAsync(TYPING_REPEAT_MS - 1_000);
    t.session.setTyping(7, true);
    expect(t.framesSent("typing")).toEqual([
      { message_type: "typing", conversation_id: 7, typing: true },
      { message_type: "typing", conversation_id: 7, typing: true },
    ]);
    await vi.advanceTimersByTimeAsync(TYPING_IDLE_MS - 1);
    expect(t.framesSent("typing")).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.framesSent("typing")).toEqual([
      { message_type: "typing", conversation_id: 7, typing: true },
      { message_type: "typing", conversation_id: 7, typing: true },
      { message_type: "typing", conversation_id: 7, typing: false },
    ]);
    // Stopped once is enough.
    t.session.setTyping(7, false);
    await vi.advanceTimersByTimeAsync(TYPING_IDLE_MS * 2);
    expect(t.framesSent("typing")).toHaveLength(3);
  });

  it("says stopped at once when the reply is sent", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.session.setTyping(7, true);
    t.session.sendText(7, "Done.");
    expect(
      t.framesSent().map((f) => {
        const frame = f as { message_type: string; typing?: boolean };
        return frame.message_type === "typing" ? `typing ${frame.typing}` : frame.message_type;
      }),
    ).toEqual(["typing true", "message", "typing false"]);
    await vi.advanceTimersByTimeAsync(TYPING_IDLE_MS * 2);
    expect(t.framesSent("typing")).toHaveLength(2);
  });

  it("sends no typing for an ended chat or while disconnected, and starts afresh after a reconnect", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    t.server.ended = [ended(3)];
    await t.connect();
    t.session.setTyping(3, true);
    t.session.setTyping(7, true);
    t.browser.last.drop(1001);
    t.session.setTyping(7, true);
    await vi.advanceTimersByTimeAsync(TYPING_IDLE_MS);
    expect(t.framesSent("typing")).toEqual([
      { message_type: "typing", conversation_id: 7, typing: true },
    ]);
    t.browser.last.open();
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    t.session.setTyping(7, true);
    expect(t.framesSent("typing")).toEqual([
      { message_type: "typing", conversation_id: 7, typing: true },
      { message_type: "typing", conversation_id: 7, typing: true },
    ]);
  });

  it("says stopped when the chat ends under the agent typing", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.session.setTyping(7, true);
    t.browser.last.receive({ message_type: "chat_ended", conversation_id: 7, ended_by: "visitor" });
    expect(t.framesSent("typing")).toEqual([
      { message_type: "typing", conversation_id: 7, typing: true },
      { message_type: "typing", conversation_id: 7, typing: false },
    ]);
    await vi.advanceTimersByTimeAsync(TYPING_IDLE_MS * 2);
    expect(t.framesSent("typing")).toHaveLength(2);
  });
});
