import type { ChatMessage } from "@hourline/contracts/chat-message";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CheckEmailOutcome } from "../api/check-chat-email";
import type { FetchMessagesOutcome } from "../api/fetch-chat-messages";
import type { FetchStateOutcome } from "../api/fetch-conversation-state";
import { loadActiveChat, loadOutbox, loadPendingRating } from "./chat-storage";
import { ACK_TIMEOUT_MS } from "~/lib/live-chat/live-timing";
import { ChatSession, sessionMessages, type ChatIdentity } from "./chat-session";
import { fakeBrowser, memoryStorage } from "~/lib/live-chat/fake-browser.test-support";

const identity: ChatIdentity = {
  email: "meera@clinic.example",
  username: "Meera",
  conversationId: 7,
  transcript: false,
};

function agentMessage(id: number, text = `reply ${id}`): ChatMessage {
  return {
    id,
    client_id: null,
    conversation_id: 7,
    sender: "asha@hourline.example",
    receiver: identity.email,
    message: text,
    msg_type: "text",
    sender_username: "Asha",
    sender_type: "agent",
    created_at: Date.now(),
  };
}

function setup(options: { storage?: ReturnType<typeof memoryStorage> } = {}) {
  const browser = fakeBrowser();
  const storage = options.storage ?? memoryStorage();
  let history: ChatMessage[] = [];
  let conversation: FetchStateOutcome = {
    kind: "state",
    conversation: { id: 7, state: "open", ended_at: null, ended_by: null },
  };
  let verified: CheckEmailOutcome = { kind: "verified" };
  const api = {
    fetchMessages: vi.fn(async (_email: string, after?: number): Promise<FetchMessagesOutcome> => ({
      kind: "messages",
      messages: history.filter((m) => after === undefined || m.id > after),
    })),
    fetchState: vi.fn(async (): Promise<FetchStateOutcome> => conversation),
    checkEmail: vi.fn(async (): Promise<CheckEmailOutcome> => verified),
  };
  let ids = 0;
  const unverified = vi.fn();
  const unread = vi.fn();
  const session = new ChatSession(
    identity,
    {
      api,
      env: browser.env,
      socketUrl: "ws://site/ws/support/meera%40clinic.example/",
      storage,
      newClientId: () => `client-${String(++ids).padStart(4, "0")}`,
    },
    { onUnverified: unverified, onUnread: unread },
  );
  return {
    browser,
    storage,
    api,
    session,
    unverified,
    unread,
    setHistory: (m: ChatMessage[]) => (history = m),
    endConversation: (by: "agent" | "visitor", at: number) =>
      (conversation = {
        kind: "state",
        conversation: { id: 7, state: "ended", ended_at: at, ended_by: by },
      }),
    setVerified: (v: CheckEmailOutcome) => (verified = v),
    sentMessages: () =>
      browser.sockets.flatMap((s) => s.sent).filter((f) => (f as { client_id?: string }).client_id),
  };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const view = (session: ChatSession) =>
  session.getState().messages.map((m) => [m.id, m.clientId, m.delivery]);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("ChatSession", () => {
  it("remembers the running chat and loads the history when connected", async () => {
    const t = setup();
    t.setHistory([agentMessage(1), agentMessage(2)]);
    t.session.start();
    expect(loadActiveChat(t.storage)).toEqual({
      email: identity.email,
      username: "Meera",
      transcript: false,
    });
    expect(t.session.getState().connection).toEqual({ kind: "connecting", resuming: false });
    t.browser.last.open();
    await settle();
    expect(t.api.fetchMessages).toHaveBeenCalledWith(identity.email, undefined);
    expect(t.api.fetchState).toHaveBeenCalledWith(7);
    expect(view(t.session)).toEqual([
      [1, null, "sent"],
      [2, null, "sent"],
    ]);
  });

  it("fetches what it missed when told to catch up, or when a pushed message skips one", async () => {
    const t = setup();
    t.setHistory([agentMessage(1), agentMessage(2)]);
    t.session.start();
    t.browser.last.open();
    await settle();
    expect(view(t.session).map(([id]) => id)).toEqual([1, 2]);

    // Instances lost touch and have it back: message 3 was committed but never pushed here.
    t.setHistory([agentMessage(1), agentMessage(2), agentMessage(3)]);
    t.browser.last.receive({ message_type: "catch_up" });
    await settle();
    expect(t.api.fetchMessages).toHaveBeenLastCalledWith(identity.email, 2);
    expect(view(t.session).map(([id]) => id)).toEqual([1, 2, 3]);

    // Message 5 arrives saying 4 came before it: 4 is fetched, and 5 shows once.
    t.setHistory([1, 2, 3, 4, 5].map((id) => agentMessage(id)));
    const calls = t.api.fetchMessages.mock.calls.length;
    t.browser.last.receive({ message_type: "message", ...agentMessage(5), previous_id: 4 });
    await settle();
    expect(t.api.fetchMessages.mock.calls.length).toBe(calls + 1);
    expect(t.api.fetchMessages).toHaveBeenLastCalledWith(identity.email, 3);
    expect(view(t.session).map(([id]) => id)).toEqual([1, 2, 3, 4, 5]);

    // One whose predecessor is held already fetches nothing.
    t.browser.last.receive({ message_type: "message", ...agentMessage(6), previous_id: 5 });
    await settle();
    expect(t.api.fetchMessages.mock.calls.length).toBe(calls + 1);
    expect(view(t.session).map(([id]) => id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("shows the history even when the socket cannot open (a proxy that blocks WebSockets)", async () => {
    const t = setup();
    t.setHistory([agentMessage(1)]);
    t.session.start();
    t.browser.last.drop();
    await settle();
    expect(view(t.session)).toEqual([[1, null, "sent"]]);
    expect(t.session.getState().connection.kind).toBe("reconnecting");
  });

  it("sends typed text as a message frame, not blank text, and marks it sent on the ack", async () => {
    const t = setup();
    t.session.start();
    t.browser.last.open();
    await settle();
    expect(t.session.sendText("   \n ")).toBe(false);
    expect(t.session.sendText(" Hello <team>\nsecond line ")).toBe(true);
    expect(t.sentMessages()).toEqual([
      {
        sender: identity.email,
        receiver: "null",
        message: "Hello &lt;team&gt;<br>second line",
        msg_type: "text",
        client_id: "client-0001",
      },
    ]);
    expect(view(t.session)).toEqual([[null, "client-0001", "sending"]]);
    expect(loadOutbox(t.storage, identity.email)).toHaveLength(1);
    t.browser.last.receive({ message_type: "ack", client_id: "client-0001", id: 3 });
    expect(view(t.session)).toEqual([[3, "client-0001", "sent"]]);
    expect(loadOutbox(t.storage, identity.email)).toEqual([]);
  });

  it("queues what is typed offline, sends each message once after reconnecting, fetches what it missed", async () => {
    const t = setup();
    t.setHistory([agentMessage(1)]);
    t.session.start();
    t.browser.last.open();
    await settle();
    t.browser.last.drop(1001);
    expect(t.session.getState().connection).toMatchObject({ kind: "reconnecting" });
    t.session.sendText("first while away");
    t.session.sendText("second while away");
    expect(t.sentMessages()).toEqual([]);
    expect(loadOutbox(t.storage, identity.email).map((p) => p.clientId)).toEqual([
      "client-0001",
      "client-0002",
    ]);

    // The server is still down at the first retry, up at the second.
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.drop();
    t.setHistory([agentMessage(1), agentMessage(2, "sent while you were away")]);
    await vi.advanceTimersByTimeAsync(1500);
    expect(t.session.getState().connection).toEqual({ kind: "connecting", resuming: true });
    t.browser.last.open();
    await settle();
    expect(t.api.fetchMessages).toHaveBeenLastCalledWith(identity.email, 1);
    expect(t.sentMessages().map((f) => (f as { client_id: string }).client_id)).toEqual([
      "client-0001",
      "client-0002",
    ]);
    t.browser.last.receive({ message_type: "ack", client_id: "client-0001", id: 3 });
    t.browser.last.receive({ message_type: "ack", client_id: "client-0002", id: 4 });
    expect(view(t.session)).toEqual([
      [1, null, "sent"],
      [2, null, "sent"],
      [3, "client-0001", "sent"],
      [4, "client-0002", "sent"],
    ]);
  });

  it("resends with the same client_id when the ack was lost, and shows the message once", async () => {
    const t = setup();
    t.session.start();
    t.browser.last.open();
    await settle();
    t.session.sendText("Did this arrive?");
    // Stored by the server, but the connection died before the ack.
    t.browser.last.drop(1006);
    t.setHistory([
      {
        ...agentMessage(5),
        client_id: "client-0001",
        sender_type: "visitor",
        sender: identity.email,
        sender_username: "Meera",
      },
    ]);
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    await settle();
    t.browser.last.receive({ message_type: "ack", client_id: "client-0001", id: 5 });
    expect(t.sentMessages().map((f) => (f as { client_id: string }).client_id)).toEqual([
      "client-0001",
      "client-0001",
    ]);
    expect(view(t.session)).toEqual([[5, "client-0001", "sent"]]);
  });

  it("keeps unsent messages across a reload and sends them when the new page connects", async () => {
    const storage = memoryStorage();
    const before = setup({ storage });
    before.session.start();
    before.session.sendText("typed before the reload");
    before.session.dispose();

    const after = setup({ storage });
    expect(view(after.session)).toEqual([[null, "client-0001", "sending"]]);
    after.session.start();
    after.browser.last.open();
    await settle();
    expect(after.sentMessages()).toMatchObject([
      { client_id: "client-0001", message: "typed before the reload" },
    ]);
  });

  it("marks a message failed when no ack comes, or the server refuses it; Retry sends it again", async () => {
    const t = setup();
    t.session.start();
    t.browser.last.open();
    await settle();
    t.session.sendText("one");
    await vi.advanceTimersByTimeAsync(ACK_TIMEOUT_MS);
    expect(t.session.getState().messages[0]).toMatchObject({
      delivery: "failed",
      error: sessionMessages.notAcked,
    });
    t.session.retry("client-0001");
    expect(view(t.session)).toEqual([[null, "client-0001", "sending"]]);
    t.browser.last.receive({
      message_type: "error",
      code: "rate_limited",
      message: "You are sending messages too quickly.",
      client_id: "client-0001",
    });
    expect(t.session.getState().messages[0]).toMatchObject({
      delivery: "failed",
      // The widget's own words for a known code (api/error-words.ts), in English here.
      error: "You are sending messages too fast. Please wait a moment.",
    });
    // A failed message stays failed across a reconnect until the visitor retries it.
    t.browser.last.drop();
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    await settle();
    expect(t.sentMessages()).toHaveLength(2);
  });

  it("stops and forgets the chat when support ends it", async () => {
    const t = setup();
    t.session.start();
    t.browser.last.open();
    await settle();
    t.browser.last.drop();
    t.session.sendText("still queued");
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    t.browser.last.receive({
      message_type: "chat_ended",
      conversation_id: 7,
      target_email: identity.email,
      ended_at: 1_764_583_320_000,
      ended_by: "agent",
    });
    expect(t.session.getState().ended).toEqual({ by: "agent", at: 1_764_583_320_000 });
    expect(t.session.getState().connection).toEqual({ kind: "stopped" });
    expect(loadActiveChat(t.storage)).toBeNull();
    expect(loadOutbox(t.storage, identity.email)).toEqual([]);
    // Ended without a rating token: nothing to ask again after a reload.
    expect(loadPendingRating(t.storage, 1_764_583_320_000)).toBeNull();
  });

  it("keeps the end frame's rating token so a reload asks again", async () => {
    const t = setup();
    t.session.start();
    t.browser.last.open();
    await settle();
    const token = "kQ3v9u8n2xW1aB4cD5eF6gH7iJ8kL9mN0oP1qR2sT3u";
    t.browser.last.receive({
      message_type: "chat_ended",
      conversation_id: 7,
      target_email: identity.email,
      ended_at: 1_764_583_320_000,
      ended_by: "agent",
      rating_token: token,
    });
    expect(loadActiveChat(t.storage)).toBeNull();
    expect(loadPendingRating(t.storage, 1_764_583_330_000)).toEqual({
      token,
      endedAt: 1_764_583_320_000,
      endedBy: "agent",
    });
  });

  it("learns after a reconnect that the chat ended meanwhile", async () => {
    const t = setup();
    t.session.start();
    t.browser.last.open();
    await settle();
    t.browser.last.drop(1001);
    t.endConversation("agent", 1_764_583_320);
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.open();
    await settle();
    expect(t.session.getState().ended).toEqual({ by: "agent", at: 1_764_583_320_000 });
    expect(t.session.getState().connection.kind).toBe("stopped");
  });

  it("learns how the chat ended when the server refuses a message because it has", async () => {
    const t = setup();
    t.session.start();
    t.browser.last.open();
    await settle();
    t.session.sendText("anyone there?");
    t.endConversation("agent", 1_764_583_320_000);
    t.browser.last.receive({
      message_type: "error",
      code: "chat_ended",
      message: "This chat has already ended.",
      client_id: "client-0001",
    });
    await settle();
    expect(t.session.getState().ended).toEqual({ by: "agent", at: 1_764_583_320_000 });
    expect(t.session.getState().messages[0]).toMatchObject({
      delivery: "failed",
      error: sessionMessages.chatEnded,
    });
    expect(t.session.getState().connection.kind).toBe("stopped");

    // Any other refusal fails the message and asks nothing.
    const other = setup();
    other.session.start();
    other.browser.last.open();
    await settle();
    const asked = other.api.fetchState.mock.calls.length;
    other.session.sendText("too fast");
    other.browser.last.receive({
      message_type: "error",
      code: "rate_limited",
      message: "Slow down.",
      client_id: "client-0001",
    });
    await settle();
    expect(other.api.fetchState).toHaveBeenCalledTimes(asked);
    expect(other.session.getState().ended).toBeNull();
  });

  it("sends the visitor's chat_end and stops; offline, it delivers the end once connected", async () => {
    const t = setup();
    t.session.start();
    t.browser.last.open();
    t.session.end();
    expect(t.browser.last.sent).toContainEqual({
      message_type: "chat_end",
      target_email: identity.email,
      user_type: "user",
    });
    expect(t.session.getState().connection.kind).toBe("stopped");
    expect(loadActiveChat(t.storage)).toBeNull();

    const offline = setup();
    offline.session.start();
    offline.browser.last.open();
    offline.browser.last.drop();
    offline.session.end();
    await vi.advanceTimersByTimeAsync(750);
    offline.browser.last.open();
    expect(offline.browser.last.sent).toEqual([
      { message_type: "chat_end", target_email: identity.email, user_type: "user" },
    ]);
    expect(offline.session.getState().connection.kind).toBe("stopped");
  });

  it("sends the visitor back to verify when the socket is refused and the session is gone", async () => {
    const t = setup();
    t.session.start();
    // Refused while the session still holds (a server restart): it just keeps trying.
    t.browser.last.drop();
    await settle();
    expect(t.api.checkEmail).toHaveBeenCalledTimes(1);
    expect(t.unverified).not.toHaveBeenCalled();
    expect(t.session.getState().connection.kind).toBe("reconnecting");

    t.setVerified({ kind: "unverified" });
    await vi.advanceTimersByTimeAsync(750);
    t.browser.last.drop();
    await settle();
    expect(t.unverified).toHaveBeenCalledTimes(1);
    expect(t.session.getState().connection.kind).toBe("stopped");
    expect(loadActiveChat(t.storage)).toBeNull();
  });

  it("counts agent replies while closed and sends throttled typing frames", async () => {
    const t = setup();
    t.session.setVisible(false);
    t.session.start();
    t.browser.last.open();
    await settle();
    t.browser.last.receive({ message_type: "message", ...agentMessage(1) });
    t.browser.last.receive({ message_type: "message", ...agentMessage(2) });
    expect(t.unread).toHaveBeenLastCalledWith(2);
    t.session.setVisible(true);
    expect(t.unread).toHaveBeenLastCalledWith(0);

    t.session.setTyping(true);
    t.session.setTyping(true);
    await vi.advanceTimersByTimeAsync(3_000);
    t.session.setTyping(true);
    await vi.advanceTimersByTimeAsync(4_000);
    const typing = t.browser.last.sent.filter(
      (f) => (f as { message_type?: string }).message_type === "typing",
    );
    expect(typing).toEqual([
      { message_type: "typing", typing: true },
      { message_type: "typing", typing: true },
      { message_type: "typing", typing: false },
    ]);

    t.browser.last.receive({ message_type: "typing", from: "agent", typing: true });
    expect(t.session.getState().agentTyping).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.session.getState().agentTyping).toBe(false);
  });
  it("follows agents coming and going during the chat; a state read before a presence frame does not undo it", async () => {
    const t = setup();
    const answers: ((online: boolean) => void)[] = [];
    t.api.fetchState.mockImplementation(
      () =>
        new Promise<FetchStateOutcome>((resolve) =>
          answers.push((online) =>
            resolve({
              kind: "state",
              conversation: {
                id: 7,
                state: "open",
                ended_at: null,
                ended_by: null,
                agents_online: online,
              },
            }),
          ),
        ),
    );
    t.session.start();
    t.browser.last.open();
    await settle();
    // The server greets the socket: nobody is online.
    t.browser.last.receive({ message_type: "presence", agents_online: false });
    expect(t.session.getState().agentsOnline).toBe(false);

    // An agent connects while the states asked for on connecting are still on their way, read
    // before the agent came: the frame is the newer word.
    t.browser.last.receive({ message_type: "presence", agents_online: true });
    expect(t.session.getState().agentsOnline).toBe(true);
    expect(answers).toHaveLength(2);
    for (const answer of answers) answer(false);
    await settle();
    expect(t.session.getState().agentsOnline).toBe(true);

    // The last agent leaves; a state asked for after that frame is taken as it comes.
    t.browser.last.receive({ message_type: "presence", agents_online: false });
    expect(t.session.getState().agentsOnline).toBe(false);
    t.browser.last.receive({ message_type: "catch_up" });
    answers.at(-1)?.(true);
    await settle();
    expect(answers).toHaveLength(3);
    expect(t.session.getState().agentsOnline).toBe(true);
  });
});
