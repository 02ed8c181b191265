import type { ChatMessage } from "@hourline/contracts/chat-message";
import { describe, expect, it } from "vitest";
import {
  acked,
  failed,
  fromPending,
  fromServer,
  highestId,
  mergeMessages,
  retrying,
  toPending,
  type LiveMessage,
  type PendingMessage,
} from "./live-messages";

function message(id: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    client_id: null,
    conversation_id: 7,
    sender: "meera@clinic.example",
    receiver: "null",
    message: `says ${id}`,
    msg_type: "text",
    sender_username: "Meera",
    sender_type: "visitor",
    created_at: 1_000 + id,
    ...extra,
  };
}

const pending = (clientId: string, createdAt = 1): PendingMessage => ({
  clientId,
  html: `mine ${clientId}`,
  msgType: "text",
  createdAt,
  delivery: "sending",
});

const typed = (clientId: string, createdAt = 1) =>
  fromPending(pending(clientId, createdAt), "visitor", "Meera");

const shown = (messages: LiveMessage[]) => messages.map((m) => [m.key, m.id, m.delivery]);

describe("mergeMessages", () => {
  it("adds new messages, updates the ones shown by id or client_id, and orders them", () => {
    const before = [fromServer(message(2)), typed("client-aaaa", 5), typed("client-bbbb", 3)];
    const { messages, added } = mergeMessages(
      before,
      [
        message(3, { client_id: "client-aaaa" }),
        message(1),
        message(2, { message: "edited" }),
        message(1),
      ],
      fromServer,
    );
    expect(shown(messages)).toEqual([
      ["id-1", 1, "sent"],
      ["id-2", 2, "sent"],
      ["client-aaaa", 3, "sent"],
      ["client-bbbb", null, "sending"],
    ]);
    expect(messages[1]?.html).toBe("edited");
    // Only message 1 was new, however often it came.
    expect(added.map((m) => m.id)).toEqual([1]);
    expect(before).toHaveLength(3);
  });

  it("keeps the fields the caller adds", () => {
    const withSender = (m: ChatMessage) => ({ ...fromServer(m), senderEmail: m.sender });
    const { messages } = mergeMessages([], [message(1)], withSender);
    expect(messages[0]?.senderEmail).toBe("meera@clinic.example");
  });

  it("merges a long history in one pass", () => {
    const history = Array.from({ length: 20_000 }, (_, i) => message(20_000 - i));
    const { messages, added } = mergeMessages([], history, fromServer);
    expect(added).toHaveLength(20_000);
    expect(messages[0]?.id).toBe(1);
    expect(messages.at(-1)?.id).toBe(20_000);
    expect(mergeMessages(messages, history, fromServer).added).toEqual([]);
  });
});

describe("a message typed here", () => {
  it("is shown at once and kept for later until it has an id", () => {
    const m = fromPending(
      { ...pending("client-aaaa"), delivery: "failed", error: "No." },
      "agent",
      "Asha",
    );
    expect(m).toEqual({
      key: "client-aaaa",
      id: null,
      clientId: "client-aaaa",
      html: "mine client-aaaa",
      msgType: "text",
      from: "agent",
      senderName: "Asha",
      createdAt: 1,
      delivery: "failed",
      error: "No.",
    });
    expect(toPending(m, "agent")).toEqual({
      ...pending("client-aaaa"),
      delivery: "failed",
      error: "No.",
    });
    // Not one of this side's, or acknowledged: nothing to keep.
    expect(toPending(m, "visitor")).toBeNull();
    expect(toPending(acked(m, 4), "agent")).toBeNull();
    expect(toPending(fromServer(message(1, { client_id: "client-cccc" })), "visitor")).toBeNull();
  });

  it("goes from sending to failed and back on retry, and stays sent once acknowledged", () => {
    let m = typed("client-aaaa");
    m = failed(m, "Too fast.");
    expect(m).toMatchObject({ delivery: "failed", error: "Too fast." });
    m = retrying(m);
    expect(m.delivery).toBe("sending");
    expect(m).not.toHaveProperty("error");
    m = acked(failed(m, "No ack."), 9);
    expect(m).toMatchObject({ id: 9, delivery: "sent", key: "client-aaaa" });
    expect(m).not.toHaveProperty("error");
    expect(failed(m, "late")).toBe(m);
    expect(retrying(m)).toBe(m);
  });
});

describe("highestId", () => {
  it("is the highest id, or where it started when none is higher", () => {
    expect(highestId([message(3), message(9), message(4)], 5)).toBe(9);
    expect(highestId([message(3)], 5)).toBe(5);
    expect(highestId([], 5)).toBe(5);
  });
});
