import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "~/lib/live-chat/fake-browser.test-support";
import { ACK_TIMEOUT_MS } from "~/lib/live-chat/live-timing";
import { READ_DELAY_MS, consoleMessages } from "./console-session";
import { loadDrafts, loadOutbox } from "./console-storage";
import {
  T0,
  colleague,
  ended,
  me,
  summary,
  visitorEmail,
  visitorMessage,
} from "./console-fixtures.test-support";

import { setup, settle, withConsoleSessions } from "./console-session.test-support";

withConsoleSessions();

describe("ConsoleSession: replies that failed or whose chat ended", () => {
  it("does not resend a failed reply after a reconnect", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.session.sendText(7, "one");
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    t.browser.last.drop(1001);
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    await settle();
    expect(t.repliesSent()).toEqual(["client-0001"]);
    // A late ack still counts.
    t.browser.last.receive({ message_type: "ack", client_id: "client-0001", id: 3 });
    expect(t.thread()).toEqual([[3, "client-0001", "sent"]]);
  });

  it("fails the unsent replies of a chat that ends and sends nothing more to it", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.session.sendText(7, "too late");
    t.browser.last.receive({
      message_type: "chat_ended",
      conversation_id: 7,
      target_email: visitorEmail(7),
      ended_at: T0 + 1_000,
      ended_by: "visitor",
    });
    expect(t.state().threads[7]?.messages[0]).toMatchObject({
      delivery: "failed",
      error: consoleMessages.chatEnded,
    });
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(t.state().threads[7]?.messages[0]?.error).toBe(consoleMessages.chatEnded);
    expect(t.session.sendText(7, "again")).toBe(false);
    expect(t.session.sendImage(7, "/api/support/uploads/a.png")).toBe(false);
    t.session.retry("client-0001");
    expect(t.session.endChat(7)).toBe(false);
    expect(t.session.sendText(99, "unknown conversation")).toBe(false);
    expect(t.repliesSent()).toEqual(["client-0001"]);
    expect(t.framesSent("chat_end")).toEqual([]);
  });

  it("keeps no reply of an ended chat for the next load, and drops one kept from before", async () => {
    const storage = memoryStorage();
    const t = setup({ storage });
    t.server.open = [summary(7), summary(8)];
    await t.connect();
    t.session.sendText(7, "too late");
    t.session.sendText(8, "still waiting");
    t.browser.last.receive({ message_type: "chat_ended", conversation_id: 7, ended_by: "visitor" });
    expect(t.thread(7)).toEqual([[null, "client-0001", "failed"]]);
    expect(loadOutbox(storage, me.id).map((p) => p.clientId)).toEqual(["client-0002"]);
    t.session.stop();

    // An outbox written before this rule, or by a console that never heard of the end.
    storage.setItem(
      `hourline.console.outbox.${me.id}`,
      JSON.stringify([
        {
          clientId: "client-0001",
          conversationId: 7,
          html: "too late",
          msgType: "text",
          createdAt: T0,
          delivery: "failed",
          error: consoleMessages.chatEnded,
        },
        ...loadOutbox(storage, me.id),
      ]),
    );
    const again = setup({ storage });
    again.server.open = [summary(8)];
    again.server.ended = [ended(7)];
    expect(again.thread(7)).toEqual([[null, "client-0001", "failed"]]);
    await again.connect();
    expect(loadOutbox(storage, me.id).map((p) => p.clientId)).toEqual(["client-0002"]);
    expect(again.thread(7)).toEqual([[null, "client-0001", "failed"]]);
  });

  it("ends a chat over the socket, or says it is not connected", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    expect(t.session.endChat(7)).toBe(true);
    expect(t.framesSent("chat_end")).toEqual([{ message_type: "chat_end", conversation_id: 7 }]);
    t.browser.last.drop(1001);
    expect(t.session.endChat(7)).toBe(false);
    expect(t.state().notice).toBe(consoleMessages.notConnected);
    expect(t.framesSent("chat_end")).toHaveLength(1);
  });
});

describe("ConsoleSession: the session ends", () => {
  it("stops on a 401 from any call and keeps the outbox and drafts for the next sign-in", async () => {
    const storage = memoryStorage();
    const t = setup({ storage });
    t.server.open = [summary(7), summary(8)];
    await t.connect();
    t.session.saveDraft(8, "Half a reply");
    t.session.sendText(7, "Sent just before the end");

    t.server.signedIn = false;
    t.session.view(8);
    await settle();
    expect(t.state().expired).toBe(true);
    expect(t.state().connection).toEqual({ kind: "stopped" });
    expect(t.state().notice).toBeNull();
    expect(t.browser.last.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.browser.sockets).toHaveLength(1);
    // Nothing was acknowledged, and nothing is marked failed: it goes out after signing in.
    expect(t.thread()).toEqual([[null, "client-0001", "sending"]]);
    expect(t.session.sendText(7, "after the end")).toBe(false);
    expect(loadOutbox(storage, me.id)).toEqual([
      {
        clientId: "client-0001",
        conversationId: 7,
        html: "Sent just before the end",
        msgType: "text",
        createdAt: T0,
        delivery: "sending",
      },
    ]);
    expect(loadDrafts(storage, me.id)).toEqual({ 8: "Half a reply" });
    // A stopped console does not start again by itself.
    t.session.start();
    expect(t.browser.sockets).toHaveLength(1);

    // Signed in again (a new console in the same tab): the draft and the reply are there.
    const again = setup({ storage });
    again.server.open = [summary(7), summary(8)];
    expect(again.session.draftOf(8)).toBe("Half a reply");
    expect(again.thread()).toEqual([[null, "client-0001", "sending"]]);
    await again.connect();
    expect(again.repliesSent()).toEqual(["client-0001"]);
    again.browser.last.receive({ message_type: "ack", client_id: "client-0001", id: 4 });
    expect(loadOutbox(storage, me.id)).toEqual([]);
    expect(again.session.draftOf(8)).toBe("Half a reply");
  });

  it.each(["fetchConversations", "fetchContacts", "fetchMessages", "markRead"] as const)(
    "stops when %s answers 401",
    async (endpoint) => {
      const t = setup();
      t.server.open = [summary(7, { unread: 1 })];
      t.server.messages[7] = [visitorMessage(1)];
      await t.connect();
      t.session.view(7);
      t.server.failing[endpoint] = 401;
      // Each of them is called again by a reconnect or by reading new messages.
      t.browser.last.receive({ message_type: "message", ...visitorMessage(2) });
      t.browser.last.drop(1001);
      await vi.advanceTimersByTimeAsync(750);
      t.browser.last.open();
      await vi.advanceTimersByTimeAsync(READ_DELAY_MS);
      expect(t.state().expired).toBe(true);
      expect(t.state().connection).toEqual({ kind: "stopped" });
    },
  );

  it("stops when the socket closes with 4401 and /me says the session is gone", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.session.sendText(7, "in flight");
    t.session.saveDraft(7, "more to say");
    t.server.signedIn = false;
    t.browser.last.drop(4401);
    expect(t.api.fetchMe).toHaveBeenCalledTimes(1);
    await settle();
    expect(t.state().expired).toBe(true);
    expect(t.state().connection).toEqual({ kind: "stopped" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.browser.sockets).toHaveLength(1);
    expect(loadOutbox(t.storage, me.id).map((p) => [p.clientId, p.delivery])).toEqual([
      ["client-0001", "sending"],
    ]);
    expect(loadDrafts(t.storage, me.id)).toEqual({ 7: "more to say" });
  });

  it("keeps reconnecting when /me says the session holds or cannot be asked", async () => {
    const t = setup();
    await t.connect();
    t.server.profile = { ...me, name: "Asha Lima" };
    t.browser.last.drop(4401);
    await settle();
    expect(t.state().expired).toBe(false);
    expect(t.state().me.name).toBe("Asha Lima");
    expect(t.state().connection).toMatchObject({ kind: "reconnecting" });

    t.server.failing.fetchMe = 503;
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.drop();
    await settle();
    expect(t.api.fetchMe).toHaveBeenCalledTimes(2);
    expect(t.state().expired).toBe(false);
    expect(t.state().connection).toMatchObject({ kind: "reconnecting" });

    // The reopen asks once (the agent's status may have changed meanwhile); an ordinary close of
    // an open socket asks nothing.
    t.server.failing = {};
    await vi.advanceTimersByTimeAsync(1500);
    t.browser.last.open();
    await settle();
    expect(t.api.fetchMe).toHaveBeenCalledTimes(3);
    t.browser.last.drop(1001);
    await settle();
    expect(t.api.fetchMe).toHaveBeenCalledTimes(3);
  });

  it("an explicit sign-out forgets the outbox and the drafts", async () => {
    const storage = memoryStorage();
    const t = setup({ storage });
    t.server.open = [summary(7)];
    t.server.messages[7] = [visitorMessage(1)];
    await t.connect();
    t.session.sendText(7, "never acknowledged");
    t.session.saveDraft(7, "a draft");
    // Another agent's work in the same tab is theirs.
    const other = setup({ storage, agent: colleague });
    other.session.saveDraft(7, "Bruno's draft");

    // A history still on its way when the agent signs out.
    t.session.view(7);
    t.session.forget();
    expect(t.state().connection).toEqual({ kind: "stopped" });
    expect(loadOutbox(storage, me.id)).toEqual([]);
    expect(loadDrafts(storage, me.id)).toEqual({});
    expect(t.session.draftOf(7)).toBe("");
    // What happens after the sign-out is not written either.
    t.session.saveDraft(7, "typed while leaving");
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(t.thread()).toEqual([
      [1, null, "sent"],
      [null, "client-0001", "sending"],
    ]);
    expect([...storage.data.keys()]).toEqual(["hourline.console.drafts.2"]);

    const next = setup({ storage });
    expect(next.thread()).toEqual([]);
    expect(next.session.draftOf(7)).toBe("");
  });
});
