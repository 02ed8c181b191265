import { describe, expect, it, vi } from "vitest";
import { me, summary } from "./console-fixtures.test-support";
import { FIRST_LISTS_WAIT_MS } from "./first-lists";
import { setup, settle, withConsoleSessions } from "./console-session.test-support";

withConsoleSessions();

describe("ConsoleSession: the first lists", () => {
  it("loads the lists over HTTP when the socket is slow to open, and catches up once it opens", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    t.session.start();
    await vi.advanceTimersByTimeAsync(FIRST_LISTS_WAIT_MS);
    expect(t.api.fetchConversations).toHaveBeenCalledTimes(3);
    expect(t.state().conversations[7]).toEqual(summary(7));
    // A chat started while the socket was still connecting: the open's fetch brings it.
    t.server.open = [summary(7), summary(8)];
    t.browser.last.open();
    await settle();
    expect(t.api.fetchConversations).toHaveBeenCalledTimes(6);
    expect(t.state().conversations[8]).toEqual(summary(8));
  });

  it("loads them at once when the socket fails before opening", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    t.session.start();
    t.browser.last.drop();
    await settle();
    expect(t.api.fetchConversations).toHaveBeenCalledTimes(3);
    expect(t.state().conversations[7]).toEqual(summary(7));
  });
});

describe("ConsoleSession: the agent's own status", () => {
  it("starts from who-is-signed-in, follows the pushes of a change, and asks again after a reconnect", async () => {
    const t = setup({ status: "away" });
    expect(t.state().myStatus).toBe("away");
    await t.connect();
    // Chosen in another tab: the server tells every console of the agent's.
    t.browser.last.receive({
      message_type: "agent_presence",
      agent_id: me.id,
      online: true,
      availability: "online",
    });
    expect(t.state().myStatus).toBe("online");
    // Another agent's choice, or a presence without one, is not this agent's status.
    t.browser.last.receive({
      message_type: "agent_presence",
      agent_id: me.id + 1,
      online: true,
      availability: "away",
    });
    t.browser.last.receive({ message_type: "agent_presence", agent_id: me.id, online: true });
    expect(t.state().myStatus).toBe("online");
    // Chosen elsewhere while this console was disconnected: asked for when the socket reopens.
    t.browser.last.drop(1001);
    t.server.status = "away";
    await vi.advanceTimersByTimeAsync(1500);
    t.browser.last.open();
    await settle();
    expect(t.api.fetchMe).toHaveBeenCalledTimes(1);
    expect(t.state().myStatus).toBe("away");
  });
});
