import type { AgentEntry, ConversationView } from "@hourline/contracts/console-team";
import type { AgentProfile } from "@hourline/contracts/agent-sign-in";
import type { ChatMessage } from "@hourline/contracts/chat-message";
import type { ContactMessageSummary, ConversationSummary } from "@hourline/contracts/console-inbox";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiResult } from "~/lib/api-client";
import { fakeBrowser, memoryStorage } from "~/lib/live-chat/fake-browser.test-support";
import { onSessionLost, reportIfSessionLost } from "../api/console-client";
import type { MeOutcome } from "../api/fetch-me";
import { deliverAlert } from "./alert-delivery";
import { defaultAlertPreferences } from "./alert-preferences";
import {
  ACK_TIMEOUT_MS,
  OTHERS_TYPING_TIMEOUT_MS,
  TYPING_IDLE_MS,
  TYPING_REPEAT_MS,
} from "~/lib/live-chat/live-timing";
import { COUNTS_DELAY_MS, ConsoleSession, READ_DELAY_MS, consoleMessages } from "./console-session";
import type { ConsoleApi } from "./console-api";
import type { ConsoleAlert } from "./console-alerts";
import { conversationsIn } from "./conversation-summaries";
import { loadDrafts, loadOutbox } from "./console-storage";
import {
  T0,
  agentMessage,
  colleague,
  contact,
  detail,
  ended,
  me,
  ownReply,
  summary,
  visitorEmail,
  visitorMessage,
} from "./console-fixtures.test-support";
import { isolateText } from "@hourline/contracts/text";
import { queueCursorOf } from "@hourline/contracts/console-team";

type Storage = ReturnType<typeof memoryStorage>;

/** The agent API as the console sees it: answers from `server`, a 401 reported as console-client does. */
function fakeServer() {
  const server = {
    open: [] as ConversationSummary[],
    ended: [] as ConversationSummary[],
    contacts: [] as ContactMessageSummary[],
    messages: {} as Record<number, ChatMessage[]>,
    /** False: the session is over, every call answers 401. */
    signedIn: true,
    /** What GET /api/agent/me says while signed in. */
    profile: me,
    /** A status one endpoint answers with instead of its data. */
    failing: {} as Partial<Record<keyof ConsoleApi, number>>,
  };

  function answer<T>(endpoint: keyof ConsoleApi, data: () => T): Promise<ApiResult<T>> {
    const status = server.signedIn ? server.failing[endpoint] : 401;
    if (status === undefined) return Promise.resolve({ ok: true, status: 200, data: data() });
    const failed = {
      ok: false as const,
      status,
      error: { code: status === 401 ? "unauthorized" : "internal", message: `Answered ${status}.` },
    };
    reportIfSessionLost(failed);
    return Promise.resolve(failed);
  }

  const find = (id: number) => [...server.open, ...server.ended].find((c) => c.id === id);

  const api = {
    fetchConversations: vi.fn((view: ConversationView) =>
      answer("fetchConversations", () =>
        view === "open"
          ? server.open
          : view === "ended"
            ? server.ended
            : server.ended.filter((c) => c.missed),
      ),
    ),
    fetchCounts: vi.fn(() =>
      answer("fetchCounts", () => ({
        status: 200 as const,
        open: server.open.length,
        ended: server.ended.length,
        missed: server.ended.filter((c) => c.missed).length,
        mine: 0,
        unassigned: server.open.filter((c) => c.assignee === null).length,
      })),
    ),
    fetchEntries: vi.fn((_id: number) => answer("fetchEntries", (): AgentEntry[] => [])),
    fetchConversation: vi.fn((id: number) => {
      const found = find(id);
      if (!found && server.signedIn && !server.failing.fetchConversation) {
        return Promise.resolve({
          ok: false as const,
          status: 404,
          error: { code: "not_found", message: "There is no such conversation." },
        });
      }
      return answer("fetchConversation", () => detail(found as ConversationSummary));
    }),
    // As on the server, fetching marks nothing read; markRead does.
    fetchMessages: vi.fn((id: number, after?: number) =>
      answer("fetchMessages", () =>
        (server.messages[id] ?? []).filter((m) => after === undefined || m.id > after),
      ),
    ),
    markRead: vi.fn((id: number, _lastId: number) =>
      answer("markRead", () => {
        server.open = server.open.map((c) => (c.id === id ? { ...c, unread: 0 } : c));
        return { status: 200 as const };
      }),
    ),
    fetchContacts: vi.fn(() => answer("fetchContacts", () => server.contacts)),
    // Not watched, as in fetch-me.ts: a 401 here is an answer, not an event.
    fetchMe: vi.fn(async (): Promise<MeOutcome> =>
      server.failing.fetchMe
        ? { kind: "failed", message: "The server could not be reached." }
        : server.signedIn
          ? { kind: "signed-in", agent: server.profile }
          : { kind: "signed-out" },
    ),
    onSessionLost,
  } satisfies ConsoleApi;

  return { server, api };
}

function setup(options: { storage?: Storage; visible?: boolean; agent?: AgentProfile } = {}) {
  const browser = fakeBrowser();
  const storage = options.storage ?? memoryStorage();
  const { server, api } = fakeServer();
  let ids = 0;
  const session = new ConsoleSession(
    options.agent ?? me,
    {
      api,
      env: browser.env,
      socketUrl: "ws://site/ws/agent/",
      storage,
      newClientId: () => `client-${String(++ids).padStart(4, "0")}`,
    },
    { visible: options.visible ?? true },
  );
  const framesSent = (type?: string) =>
    browser.sockets
      .flatMap((s) => s.sent)
      .filter((f) => type === undefined || (f as { message_type?: string }).message_type === type);
  const t = {
    browser,
    storage,
    server,
    api,
    session,
    state: () => session.getState(),
    framesSent,
    /** The client_ids of every reply sent, over every socket, in order. */
    repliesSent: () => framesSent("message").map((f) => (f as { client_id: string }).client_id),
    thread: (id = 7) =>
      (session.getState().threads[id]?.messages ?? []).map((m) => [m.id, m.clientId, m.delivery]),
    /** Starts, opens the socket and lets both list loads finish. */
    async connect() {
      session.start();
      browser.last.open();
      await settle();
    },
  };
  sessions.push(session);
  return t;
}

const sessions: ConsoleSession[] = [];
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  // No session of one test may hear another test's lost session.
  for (const session of sessions.splice(0)) session.stop();
  vi.useRealTimers();
});

describe("ConsoleSession: start", () => {
  it("loads both lists and the contact messages at once, and again when the socket opens", async () => {
    const t = setup();
    t.server.open = [summary(7, { unread: 1 }), summary(8)];
    t.server.ended = [ended(3)];
    t.server.contacts = [contact(1)];
    t.session.start();
    expect(t.browser.last.url).toBe("ws://site/ws/agent/");
    expect(t.state().connection).toEqual({ kind: "connecting", resuming: false });
    // The open list in the server's waiting order: the longest-waiting visitors, however many.
    expect(t.api.fetchConversations.mock.calls).toEqual([
      ["open", { order: "waiting" }],
      ["ended"],
      ["missed"],
    ]);
    expect(t.api.fetchCounts).toHaveBeenCalledTimes(1);
    expect(t.api.fetchContacts).toHaveBeenCalledTimes(1);
    await settle();
    expect(t.state().loaded).toEqual({ open: true, ended: true, missed: true });
    expect(conversationsIn(t.state().conversations, "open").map((c) => c.id)).toEqual([8, 7]);
    expect(conversationsIn(t.state().conversations, "ended").map((c) => c.id)).toEqual([3]);
    expect(t.state().contacts.list).toEqual([contact(1)]);
    expect(t.state().contacts.loaded).toBe(true);

    t.browser.last.open();
    await settle();
    expect(t.state().connection).toEqual({ kind: "open" });
    expect(t.api.fetchConversations).toHaveBeenCalledTimes(6);
    expect(t.api.fetchContacts).toHaveBeenCalledTimes(2);
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
    t.session.start();
    expect(t.browser.sockets).toHaveLength(2);
    expect(t.api.fetchConversations).toHaveBeenCalledTimes(6);
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
    await settle();
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
    await settle();
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

    // An ordinary close of an open socket asks nothing.
    await vi.advanceTimersByTimeAsync(1500);
    t.browser.last.open();
    await settle();
    t.browser.last.drop(1001);
    await settle();
    expect(t.api.fetchMe).toHaveBeenCalledTimes(2);
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
