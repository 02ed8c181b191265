import { describe, expect, it, vi } from "vitest";
import { reportIfSessionLost } from "../api/console-client";
import { deliverAlert } from "./alert-delivery";
import { defaultAlertPreferences } from "./alert-preferences";
import type { ConsoleAlert } from "./console-alerts";
import { conversationsIn } from "./conversation-summaries";
import { FIRST_LISTS_WAIT_MS } from "./first-lists";
import {
  T0,
  agentMessage,
  contact,
  ended,
  ownReply,
  summary,
  visitorMessage,
} from "./console-fixtures.test-support";
import { isolateText } from "@hourline/contracts/text";

import { setup, settle, withConsoleSessions } from "./console-session.test-support";

withConsoleSessions();

describe("ConsoleSession: start", () => {
  it("loads both lists and the contact messages once, when the socket opens", async () => {
    const t = setup();
    t.server.open = [summary(7, { unread: 1 }), summary(8)];
    t.server.ended = [ended(3)];
    t.server.contacts = [contact(1)];
    t.session.start();
    expect(t.browser.last.url).toBe("ws://site/ws/agent/");
    expect(t.state().connection).toEqual({ kind: "connecting", resuming: false });
    // Nothing yet: what the socket's open fetches would come twice.
    await settle();
    expect(t.api.fetchConversations).not.toHaveBeenCalled();
    expect(t.api.fetchContacts).not.toHaveBeenCalled();

    t.browser.last.open();
    // The open list in the server's waiting order: the longest-waiting visitors, however many.
    expect(t.api.fetchConversations.mock.calls).toEqual([
      ["open", { order: "waiting" }],
      ["ended"],
      ["missed"],
    ]);
    expect(t.api.fetchCounts).toHaveBeenCalledTimes(1);
    expect(t.api.fetchContacts).toHaveBeenCalledTimes(1);
    await settle();
    expect(t.state().connection).toEqual({ kind: "open" });
    expect(t.state().loaded).toEqual({ open: true, ended: true, missed: true });
    expect(conversationsIn(t.state().conversations, "open").map((c) => c.id)).toEqual([8, 7]);
    expect(conversationsIn(t.state().conversations, "ended").map((c) => c.id)).toEqual([3]);
    expect(t.state().contacts.list).toEqual([contact(1)]);
    expect(t.state().contacts.loaded).toBe(true);
    // Still once, however long the console stays open.
    await vi.advanceTimersByTimeAsync(FIRST_LISTS_WAIT_MS * 2);
    expect(t.api.fetchConversations).toHaveBeenCalledTimes(3);
    expect(t.api.fetchContacts).toHaveBeenCalledTimes(1);
    expect(t.api.fetchMe).not.toHaveBeenCalled();
  });

  it("shows the lists even when the socket is refused, and asks whether the session holds", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    t.session.start();
    t.browser.last.drop();
    await settle();
    expect(t.state().conversations[7]).toEqual(summary(7));
    expect(t.api.fetchMe).toHaveBeenCalledTimes(1);
    expect(t.state().expired).toBe(false);
    expect(t.state().connection).toMatchObject({ kind: "reconnecting" });
  });

  it("starts again after a stop (React's development checks) and listens no longer while stopped", async () => {
    const t = setup();
    t.session.start();
    const first = t.browser.last;
    t.session.start();
    expect(t.browser.sockets).toHaveLength(1);
    t.session.stop();
    expect(first.closedWith).toBe(1000);
    expect(t.state().connection).toEqual({ kind: "stopped" });
    // A lost session reported while stopped is not this console's business.
    reportIfSessionLost({ ok: false, status: 401, error: { code: "unauthorized", message: "x" } });
    expect(t.state().expired).toBe(false);
    // The stopped one's wait for its socket fetches nothing.
    await vi.advanceTimersByTimeAsync(FIRST_LISTS_WAIT_MS);
    expect(t.api.fetchConversations).not.toHaveBeenCalled();
    t.session.start();
    expect(t.browser.sockets).toHaveLength(2);
    t.browser.last.open();
    expect(t.api.fetchConversations).toHaveBeenCalledTimes(3);
  });
});

describe("ConsoleSession: lists that arrive late", () => {
  it("applies only the newest refresh's answers, whichever finishes last", async () => {
    const t = setup();
    // The first refresh's answers are slow: made before chat 7 was read and contact 2 came in.
    let finishFirst: (() => void) | undefined;
    const first = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    t.api.fetchConversations.mockImplementationOnce(async () => {
      await first;
      return { ok: true, status: 200, data: [summary(7, { unread: 1 })] };
    });
    t.api.fetchContacts.mockImplementationOnce(async () => {
      await first;
      return { ok: true, status: 200, data: [contact(1)] };
    });
    t.session.start();
    // The socket is slow: the lists come over HTTP first.
    await vi.advanceTimersByTimeAsync(FIRST_LISTS_WAIT_MS);
    t.server.open = [summary(7)];
    t.server.contacts = [contact(2), contact(1)];
    t.browser.last.open();
    await settle();
    expect(t.state().conversations[7]).toEqual(summary(7));
    finishFirst?.();
    await settle();
    expect(t.state().conversations[7]).toEqual(summary(7));
    expect(t.state().contacts.list).toEqual([contact(1), contact(2)]);
  });

  it("keeps what was pushed while a list was on its way, and asks again for its counts", async () => {
    const t = setup();
    t.server.open = [summary(7), summary(8), summary(9)];
    await t.connect();
    t.api.fetchConversation.mockClear();
    // The lists of the next open are made now...
    let finish: (() => void) | undefined;
    const late = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const listed = [...t.server.open];
    t.api.fetchConversations.mockImplementation(async (state) => {
      await late;
      return { ok: true, status: 200, data: state === "open" ? listed : [] };
    });
    t.browser.last.drop(1001);
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    // ...and these arrive before them.
    t.browser.last.receive({ message_type: "message", ...visitorMessage(5) });
    t.browser.last.receive({
      message_type: "chat_ended",
      conversation_id: 8,
      ended_at: T0 + 2_000,
      ended_by: "visitor",
    });
    t.server.open = [
      summary(7, { last_message: visitorMessage(5), unread: 1, waiting_since: T0 + 5_000 }),
      summary(9),
    ];
    t.server.ended = [ended(8, { ended_at: T0 + 2_000 })];
    finish?.();
    await settle();
    expect(conversationsIn(t.state().conversations, "open").map((c) => c.id)).toEqual([7, 9]);
    expect(t.state().conversations[8]).toMatchObject({ state: "ended", ended_at: T0 + 2_000 });
    // 8 ended: whether it was missed is the server's to say, so its summary is asked for too.
    expect(t.api.fetchConversation.mock.calls).toEqual([[8], [7]]);
    expect(t.state().conversations[7]).toEqual(t.server.open[0]);
  });

  it("asks again for the counts of a pushed summary made before a message it has", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    await t.connect();
    t.api.fetchConversation.mockClear();
    t.browser.last.receive({ message_type: "message", ...visitorMessage(2) });
    // Another agent read up to message 1 just before message 2 arrived.
    t.server.open = [summary(7, { last_message: visitorMessage(2), unread: 1, waiting_since: T0 })];
    t.browser.last.receive({
      message_type: "conversation",
      ...summary(7, { last_message: visitorMessage(1), unread: 0, waiting_since: T0 }),
    });
    expect(t.state().conversations[7]).toMatchObject({
      last_message: visitorMessage(2),
      unread: 0,
    });
    expect(t.api.fetchConversation.mock.calls).toEqual([[7]]);
    await settle();
    expect(t.state().conversations[7]).toEqual(t.server.open[0]);
    // A summary as new as what is held is simply taken.
    t.browser.last.receive({
      message_type: "conversation",
      ...summary(7, { last_message: visitorMessage(2) }),
    });
    expect(t.api.fetchConversation).toHaveBeenCalledTimes(1);
  });
});

describe("ConsoleSession: alerts", () => {
  it("tells of new chats and new visitor messages, once each", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    const alerts: ConsoleAlert[] = [];
    const unsubscribe = t.session.onAlert((a) => alerts.push(a));
    t.session.start();
    t.browser.last.open();
    // Before the lists are in, a summary may be one already listed: no alert.
    t.browser.last.receive({ message_type: "conversation", ...summary(5) });
    await settle();
    expect(alerts).toEqual([]);

    const socket = t.browser.last;
    socket.receive({ message_type: "conversation", ...summary(9, { visitor_name: "Noor" }) });
    socket.receive({ message_type: "conversation", ...summary(9, { unread: 1 }) });
    socket.receive({ message_type: "conversation", ...ended(10) });
    socket.receive({
      message_type: "message",
      ...visitorMessage(1, 9, { message: "Hi <b>there</b>" }),
    });
    socket.receive({ message_type: "message", ...visitorMessage(1, 9) });
    socket.receive({ message_type: "message", ...agentMessage(2, 9) });
    socket.receive({ message_type: "message", ...ownReply(3, "client-aaaaaaaa", 9) });
    socket.receive({
      message_type: "message",
      ...visitorMessage(4, 7, { msg_type: "image", message: '<img src="/x.png">' }),
    });
    expect(alerts).toEqual([
      { kind: "conversation", conversationId: 9, visitorName: "Noor" },
      {
        kind: "message",
        conversationId: 9,
        visitorName: "Meera",
        html: "Hi <b>there</b>",
        msgType: "text",
      },
      {
        kind: "message",
        conversationId: 7,
        visitorName: "Meera",
        html: '<img src="/x.png">',
        msgType: "image",
      },
    ]);
    unsubscribe();
    socket.receive({ message_type: "message", ...visitorMessage(5, 7) });
    expect(alerts).toHaveLength(3);
  });

  it("reach the agent only while the tab is hidden, as the preferences say", async () => {
    const t = setup();
    t.server.open = [summary(7)];
    const delivered: ReturnType<typeof deliverAlert>[] = [];
    let prefs = defaultAlertPreferences;
    t.session.onAlert((alert) =>
      delivered.push(deliverAlert(alert, { visible: t.state().visible, prefs, access: "granted" })),
    );
    await t.connect();
    let id = 0;
    const arrive = () =>
      t.browser.last.receive({ message_type: "message", ...visitorMessage(++id, 7) });

    arrive();
    t.session.setVisible(false);
    arrive();
    prefs = { ...prefs, sound: false };
    arrive();
    prefs = { ...prefs, desktop: false };
    arrive();
    expect(delivered).toEqual([
      null,
      {
        sound: true,
        notification: {
          title: `${isolateText("Meera")} wrote`,
          body: "visitor says 2",
          tag: "conversation-7",
          conversationId: 7,
        },
      },
      {
        sound: false,
        notification: {
          title: `${isolateText("Meera")} wrote`,
          body: "visitor says 3",
          tag: "conversation-7",
          conversationId: 7,
        },
      },
      null,
    ]);
  });
});
