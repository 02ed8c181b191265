import type { ChatMessage } from "@hourline/contracts/chat-message";
import { describe, expect, it } from "vitest";
import { chatReducer, initialChatState, pendingMessages, type ChatState } from "./chat-state";

function message(id: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    client_id: null,
    conversation_id: 7,
    sender: "agent@hourline.example",
    receiver: "meera@clinic.example",
    message: `reply ${id}`,
    msg_type: "text",
    sender_username: "Asha",
    sender_type: "agent",
    created_at: 1_700_000_000_000 + id,
    ...extra,
  };
}

const own = (id: number, clientId: string) =>
  message(id, {
    client_id: clientId,
    sender: "meera@clinic.example",
    receiver: "null",
    sender_type: "visitor",
    sender_username: "Meera",
    message: `mine ${clientId}`,
  });

function queue(state: ChatState, clientId: string, createdAt = 1) {
  return chatReducer(state, {
    type: "queued",
    senderName: "Meera",
    pending: {
      clientId,
      html: `mine ${clientId}`,
      msgType: "text",
      createdAt,
      delivery: "sending",
    },
  });
}

const start = () => initialChatState({});
const ids = (s: ChatState) => s.messages.map((m) => m.id ?? m.clientId);

describe("chatReducer", () => {
  it("shows a message once however many ways it arrives", () => {
    let s = queue(start(), "client-aaaa");
    expect(s.messages[0]).toMatchObject({ delivery: "sending", id: null });
    s = chatReducer(s, { type: "acked", clientId: "client-aaaa", id: 4 });
    s = chatReducer(s, { type: "received", message: own(4, "client-aaaa") });
    s = chatReducer(s, { type: "history", messages: [own(4, "client-aaaa")] });
    s = chatReducer(s, { type: "acked", clientId: "client-aaaa", id: 4 });
    expect(s.messages).toHaveLength(1);
    expect(s.messages[0]).toMatchObject({ id: 4, delivery: "sent", key: "client-aaaa" });
  });

  it("accepts the echo before the ack", () => {
    let s = queue(start(), "client-bbbb");
    s = chatReducer(s, { type: "received", message: own(9, "client-bbbb") });
    expect(s.messages[0]).toMatchObject({ id: 9, delivery: "sent" });
    s = chatReducer(s, { type: "acked", clientId: "client-bbbb", id: 9 });
    expect(s.messages).toHaveLength(1);
  });

  it("orders confirmed messages by id and keeps the unsent ones last, in typing order", () => {
    let s = queue(start(), "client-late", 20);
    s = queue(s, "client-early", 10);
    s = chatReducer(s, { type: "history", messages: [message(3), message(1), message(2)] });
    expect(ids(s)).toEqual([1, 2, 3, "client-early", "client-late"]);
    s = chatReducer(s, { type: "acked", clientId: "client-late", id: 5 });
    expect(ids(s)).toEqual([1, 2, 3, 5, "client-early"]);
    expect(s.lastSeenId).toBe(3);
    expect(s.historyLoaded).toBe(true);
  });

  it("counts agent replies as unread only while the chat is out of sight", () => {
    let s = initialChatState({ visible: false });
    s = chatReducer(s, { type: "history", messages: [message(1)] });
    expect(s.unread).toBe(0);
    s = chatReducer(s, { type: "received", message: message(2) });
    s = chatReducer(s, { type: "received", message: message(2) });
    s = chatReducer(s, { type: "received", message: own(3, "client-cccc") });
    expect(s.unread).toBe(1);
    s = chatReducer(s, { type: "visible", visible: true });
    expect(s.unread).toBe(0);
    s = chatReducer(s, { type: "received", message: message(4) });
    expect(s.unread).toBe(0);
  });

  it("marks a message failed and back to sending on retry; an acked one cannot fail", () => {
    let s = queue(start(), "client-dddd");
    s = chatReducer(s, { type: "failed", clientId: "client-dddd", error: "Too fast." });
    expect(s.messages[0]).toMatchObject({ delivery: "failed", error: "Too fast." });
    s = chatReducer(s, { type: "retrying", clientId: "client-dddd" });
    expect(s.messages[0]?.delivery).toBe("sending");
    expect(s.messages[0]?.error).toBeUndefined();
    s = chatReducer(s, { type: "acked", clientId: "client-dddd", id: 1 });
    s = chatReducer(s, { type: "failed", clientId: "client-dddd", error: "late" });
    expect(s.messages[0]?.delivery).toBe("sent");
  });

  it("clears the typing indicator when the agent's message arrives, keeps the first ending", () => {
    let s = chatReducer(start(), { type: "typing", typing: true });
    expect(s.agentTyping).toBe(true);
    s = chatReducer(s, { type: "received", message: message(1) });
    expect(s.agentTyping).toBe(false);
    s = chatReducer(s, { type: "ended", end: { by: "agent", at: 5 } });
    s = chatReducer(s, { type: "ended", end: { by: "visitor", at: 6 } });
    expect(s.ended).toEqual({ by: "agent", at: 5 });
  });

  it("lists what must survive a reload: unacknowledged messages typed here", () => {
    let s = queue(start(), "client-eeee", 1);
    s = queue(s, "client-ffff", 2);
    s = chatReducer(s, { type: "failed", clientId: "client-ffff", error: "No." });
    s = chatReducer(s, { type: "received", message: message(1) });
    s = queue(s, "client-gggg", 3);
    s = chatReducer(s, { type: "acked", clientId: "client-gggg", id: 2 });
    expect(pendingMessages(s)).toEqual([
      {
        clientId: "client-eeee",
        html: "mine client-eeee",
        msgType: "text",
        createdAt: 1,
        delivery: "sending",
      },
      {
        clientId: "client-ffff",
        html: "mine client-ffff",
        msgType: "text",
        createdAt: 2,
        delivery: "failed",
        error: "No.",
      },
    ]);
    const restored = initialChatState({ pending: pendingMessages(s), senderName: "Meera" });
    expect(ids(restored)).toEqual(["client-eeee", "client-ffff"]);
  });
});
