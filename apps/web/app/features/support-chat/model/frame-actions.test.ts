import { describe, expect, it } from "vitest";
import { toMillis } from "~/lib/live-chat/clock-time";
import { frameToAction } from "./frame-actions";

const chatMessage = {
  id: 3,
  client_id: null,
  conversation_id: 7,
  sender: "agent@hourline.example",
  receiver: "meera@clinic.example",
  message: "Hello",
  msg_type: "text",
  sender_username: "Asha",
  sender_type: "agent",
  created_at: 1_700_000_000_000,
};

describe("frameToAction", () => {
  it("maps every frame the visitor's socket receives", () => {
    expect(frameToAction({ message_type: "ack", client_id: "abcdefgh", id: 4 })).toEqual({
      type: "acked",
      clientId: "abcdefgh",
      id: 4,
    });
    expect(frameToAction({ message_type: "message", ...chatMessage })).toEqual({
      type: "received",
      message: chatMessage,
    });
    expect(
      frameToAction({
        message_type: "chat_ended",
        conversation_id: 7,
        target_email: "meera@clinic.example",
        ended_at: 1_700_000_100_000,
        ended_by: "agent",
      }),
    ).toEqual({ type: "ended", end: { by: "agent", at: 1_700_000_100_000 } });
    // The visitor's end frame carries the token for "How did we do?".
    expect(
      frameToAction({
        message_type: "chat_ended",
        conversation_id: 7,
        target_email: "meera@clinic.example",
        ended_at: 1_700_000_100_000,
        ended_by: "visitor",
        rating_token: "kQ3v9u8n2xW1aB4cD5eF6gH7iJ8kL9mN0oP1qR2sT3u",
      }),
    ).toEqual({
      type: "ended",
      end: {
        by: "visitor",
        at: 1_700_000_100_000,
        ratingToken: "kQ3v9u8n2xW1aB4cD5eF6gH7iJ8kL9mN0oP1qR2sT3u",
      },
    });
    expect(frameToAction({ message_type: "presence", agents_online: false })).toEqual({
      type: "presence",
      online: false,
    });
    expect(frameToAction({ message_type: "typing", from: "agent", typing: true })).toEqual({
      type: "typing",
      typing: true,
    });
    expect(
      frameToAction({
        message_type: "error",
        code: "rate_limited",
        message: "Slow down.",
        client_id: "abcdefgh",
      }),
    ).toEqual({
      type: "failed",
      clientId: "abcdefgh",
      // The widget's own words for a known code (api/error-words.ts), in English here.
      error: "You are sending messages too fast. Please wait a moment.",
    });
    expect(frameToAction({ message_type: "error", code: "bad_frame", message: "Bad." })).toEqual({
      type: "notice",
      message: "Bad.",
    });
  });

  it("ignores what breaks the contract, the visitor's own typing and unknown types", () => {
    for (const frame of [
      null,
      "ack",
      [],
      {},
      { message_type: "ack", client_id: 4, id: "x" },
      { message_type: "message", ...chatMessage, id: "3" },
      { message_type: "message", ...chatMessage, msg_type: "video" },
      { message_type: "typing", from: "visitor", typing: true },
      { message_type: "presence" },
      { message_type: "toString" },
      { message_type: "__proto__" },
      { message_type: "conversation", id: 1 },
    ]) {
      expect(frameToAction(frame)).toBeNull();
    }
  });

  it("reads times in seconds or milliseconds", () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
  });
});
