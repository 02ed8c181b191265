import { describe, expect, it, vi } from "vitest";
import { memoryStorage } from "~/lib/live-chat/fake-browser.test-support";
import { ACK_TIMEOUT_MS } from "~/lib/live-chat/live-timing";
import { consoleMessages } from "./console-session";
import { loadOutbox } from "./console-storage";
import {
  T0,
  agentMessage,
  me,
  ownReply,
  summary,
  visitorMessage,
} from "./console-fixtures.test-support";

import { FIRST_LISTS_WAIT_MS } from "./first-lists";
import { setup, settle, withConsoleSessions } from "./console-session.test-support";

withConsoleSessions();

describe("ConsoleSession: replies", () => {
  it("puts a reply in the outbox with a client_id and sends the agent frame", async () => {
    const t = setup();
    t.server.open = [summary(7, { waiting_since: T0 })];
    await t.connect();
    expect(t.session.sendText(7, "  \n ")).toBe(false);
    expect(t.session.sendText(7, " Hello <b>\nthere ")).toBe(true);
    expect(t.framesSent("message")).toEqual([
      {
        message_type: "message",
        conversation_id: 7,
        message: "Hello &lt;b&gt;<br>there",
        msg_type: "text",
        client_id: "client-0001",
      },
    ]);
    expect(t.thread()).toEqual([[null, "client-0001", "sending"]]);
    expect(loadOutbox(t.storage, me.id)).toEqual([
      {
        clientId: "client-0001",
        conversationId: 7,
        html: "Hello &lt;b&gt;<br>there",
        msgType: "text",
        createdAt: T0,
        delivery: "sending",
      },
    ]);
    expect(t.session.sendImage(7, "/api/support/uploads/a.png")).toBe(true);
    expect(t.framesSent("message")[1]).toEqual({
      message_type: "message",
      conversation_id: 7,
      message: '<img src="/api/support/uploads/a.png" alt="Image sent in the chat">',
      msg_type: "image",
      client_id: "client-0002",
    });
    t.browser.last.receive({ message_type: "ack", client_id: "client-0001", id: 5 });
    t.browser.last.receive({ message_type: "ack", client_id: "client-0002", id: 6 });
    expect(t.thread()).toEqual([
      [5, "client-0001", "sent"],
      [6, "client-0002", "sent"],
    ]);
    expect(loadOutbox(t.storage, me.id)).toEqual([]);
    expect(t.storage.data.size).toBe(0);
  });

  it("resends with the same client_id after a reconnect until acked, and shows the reply once", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.session.sendText(7, "Did this arrive?");
    // Stored by the server, but the socket died before the ack.
    t.browser.last.drop(1006);
    expect(t.state().connection).toMatchObject({ kind: "reconnecting" });
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(t.thread()).toEqual([[null, "client-0001", "sending"]]);
    t.browser.last.drop();
    await vi.advanceTimersByTimeAsync(1500);
    t.browser.last.open();
    await settle();
    expect(t.repliesSent()).toEqual(["client-0001", "client-0001"]);
    // Its echo, then the ack for the resend: one message, sent.
    t.browser.last.receive({ message_type: "message", ...ownReply(5, "client-0001") });
    t.browser.last.receive({ message_type: "ack", client_id: "client-0001", id: 5 });
    expect(t.thread()).toEqual([[5, "client-0001", "sent"]]);
    expect(t.state().conversations[7]?.last_message).toEqual(ownReply(5, "client-0001"));
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(t.thread()).toEqual([[5, "client-0001", "sent"]]);
    expect(loadOutbox(t.storage, me.id)).toEqual([]);
    // Another reconnect sends nothing again.
    t.browser.last.drop(1001);
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    await settle();
    expect(t.repliesSent()).toEqual(["client-0001", "client-0001"]);
  });

  it("keeps replies typed while disconnected and sends each once when the socket opens", async () => {
    const t = setup();
    t.server.open = [summary(7), summary(8)];
    t.session.start();
    // The socket is slow: the lists come over HTTP meanwhile.
    await vi.advanceTimersByTimeAsync(FIRST_LISTS_WAIT_MS);
    expect(t.session.sendText(7, "first")).toBe(true);
    expect(t.session.sendText(8, "second")).toBe(true);
    expect(t.repliesSent()).toEqual([]);
    t.browser.last.open();
    expect(t.repliesSent()).toEqual(["client-0001", "client-0002"]);
    await settle();
    expect(t.repliesSent()).toEqual(["client-0001", "client-0002"]);
  });

  it("writes the outbox only when what it keeps changes", async () => {
    const t = setup();
    const setItem = vi.spyOn(t.storage, "setItem");
    const removeItem = vi.spyOn(t.storage, "removeItem");
    t.server.open = [summary(7)];
    t.server.messages[7] = [visitorMessage(1)];
    await t.connect();
    t.session.view(7);
    await settle();
    for (const id of [2, 3, 4]) {
      t.browser.last.receive({ message_type: "message", ...visitorMessage(id) });
    }
    expect(setItem).not.toHaveBeenCalled();
    expect(removeItem).not.toHaveBeenCalled();
    t.session.sendText(7, "one");
    t.browser.last.receive({ message_type: "message", ...visitorMessage(5) });
    expect(setItem).toHaveBeenCalledTimes(1);
    t.browser.last.receive({ message_type: "ack", client_id: "client-0001", id: 6 });
    t.browser.last.receive({ message_type: "message", ...ownReply(6, "client-0001") });
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(removeItem).toHaveBeenCalledTimes(1);
    expect(loadOutbox(t.storage, me.id)).toEqual([]);
  });

  it("keeps unsent replies across a reload and sends them with the same client_id", async () => {
    const storage = memoryStorage();
    const before = setup({ storage });
    before.server.open = [summary(7)];
    before.session.start();
    await vi.advanceTimersByTimeAsync(FIRST_LISTS_WAIT_MS);
    before.session.sendText(7, "typed before the reload");
    before.session.stop();

    const after = setup({ storage });
    after.server.open = [summary(7)];
    expect(after.thread()).toEqual([[null, "client-0001", "sending"]]);
    await after.connect();
    expect(after.framesSent("message")).toEqual([
      {
        message_type: "message",
        conversation_id: 7,
        message: "typed before the reload",
        msg_type: "text",
        client_id: "client-0001",
      },
    ]);
  });

  it("marks a reply failed without an ack or when refused; Retry sends it again with its id", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.session.sendText(7, "one");
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS - 1);
    expect(t.thread()).toEqual([[null, "client-0001", "sending"]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.state().threads[7]?.messages[0]).toMatchObject({
      delivery: "failed",
      error: consoleMessages.notAcked,
    });
    expect(loadOutbox(t.storage, me.id)[0]).toMatchObject({
      delivery: "failed",
      error: consoleMessages.notAcked,
    });

    t.session.retry("client-0001");
    expect(t.thread()).toEqual([[null, "client-0001", "sending"]]);
    expect(t.repliesSent()).toEqual(["client-0001", "client-0001"]);
    t.browser.last.receive({
      message_type: "error",
      code: "rate_limited",
      message: "You are sending messages too quickly.",
      client_id: "client-0001",
    });
    expect(t.state().threads[7]?.messages[0]).toMatchObject({
      delivery: "failed",
      error: "You are sending messages too quickly.",
    });
    // The refusal ended the wait for an ack: it stays failed with the server's words.
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(t.state().threads[7]?.messages[0]?.error).toBe("You are sending messages too quickly.");

    // A failed reply is not resent by a reconnect, only by Retry.
    t.browser.last.drop(1001);
    t.session.retry("client-0001");
    expect(t.thread()).toEqual([[null, "client-0001", "sending"]]);
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    expect(t.repliesSent()).toEqual(["client-0001", "client-0001", "client-0001"]);
    t.browser.last.receive({ message_type: "ack", client_id: "client-0001", id: 9 });
    expect(t.thread()).toEqual([[9, "client-0001", "sent"]]);
    // Retrying what is sent, or what does not exist, does nothing.
    t.session.retry("client-0001");
    t.session.retry("client-9999");
    expect(t.repliesSent()).toHaveLength(3);
  });

  it("sends what the thread showed (after_id); a conflict shows the colleague's reply and Retry sends anyway", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    t.server.messages[7] = [visitorMessage(3)];
    await t.connect();
    // A chat whose thread this console never loaded has shown nothing: no after_id.
    t.session.sendText(8, "unseen");
    t.session.view(7);
    await settle();
    t.session.sendText(7, "Yes, we can");
    expect(t.framesSent("message").at(-1)).toMatchObject({ client_id: "client-0001", after_id: 3 });
    // A colleague answered first: the server refuses, and their reply arrives.
    const conflict = "Another agent replied in this chat since: read it, then send again.";
    t.browser.last.receive({
      message_type: "error",
      code: "conflict",
      message: conflict,
      client_id: "client-0001",
    });
    t.browser.last.receive({ message_type: "message", ...agentMessage(4) });
    expect(t.state().threads[7]?.messages.map((m) => [m.id, m.delivery, m.error])).toEqual([
      [3, "sent", undefined],
      [4, "sent", undefined],
      [null, "failed", conflict],
    ]);
    t.session.retry("client-0001");
    expect(t.framesSent("message").at(-1)).toMatchObject({ client_id: "client-0001", after_id: 4 });
  });
});
