import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  chatEndSchema,
  frameTable,
  isCatchUp,
  missedBefore,
  sharedFrameEntries,
} from "./frame-table";

const read = frameTable(sharedFrameEntries((_code, message) => message ?? "Not sent."));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("frameTable", () => {
  it("hands an entry only frames of its type, and ignores types it does not name", () => {
    expect(read({ message_type: "ack", client_id: "abcdefgh", id: 4 })).toEqual({
      type: "acked",
      clientId: "abcdefgh",
      id: 4,
    });
    for (const frame of [
      { message_type: "presence", agents_online: true },
      { message_type: "__proto__" },
      { message_type: "toString" },
      { message_type: ["ack"] },
      "ack",
      null,
    ]) {
      expect(read(frame)).toBeNull();
    }
  });
});

describe("sharedFrameEntries", () => {
  it("fails the message a refusal names, whatever its code, with the words it brings or its own", () => {
    expect(
      read({
        message_type: "error",
        code: "a_code_added_later",
        message: "No.",
        client_id: "abcdefgh",
      }),
    ).toEqual({ type: "failed", clientId: "abcdefgh", error: "No." });
    expect(read({ message_type: "error", code: "internal", client_id: "abcdefgh" })).toEqual({
      type: "failed",
      clientId: "abcdefgh",
      error: "Not sent.",
    });
    expect(read({ message_type: "error", code: "bad_frame", message: ["?"] })).toEqual({
      type: "notice",
      message: "Not sent.",
    });
  });
});

describe("chatEndSchema", () => {
  it("takes now and support for an end that does not say when or by whom", () => {
    expect(chatEndSchema.parse({ message_type: "chat_ended", ended_at: "soon" })).toEqual({
      message_type: "chat_ended",
      ended_at: Date.parse("2026-12-01T10:00:00Z"),
      ended_by: "agent",
    });
    expect(
      chatEndSchema.parse({ message_type: "chat_ended", ended_at: 5, ended_by: "visitor" }),
    ).toEqual({ message_type: "chat_ended", ended_at: 5, ended_by: "visitor" });
  });
});

describe("catching up", () => {
  const pushed = (id: number, previous: number | null | undefined) => ({
    message_type: "message",
    id,
    ...(previous === undefined ? {} : { previous_id: previous }),
  });

  it("sees a gap when the message before a pushed one is newer than the last one held", () => {
    expect(missedBefore(pushed(12, 11), 10)).toBe(true);
    expect(missedBefore(pushed(12, 10), 10)).toBe(false);
    // Out of order across instances: an older predecessor than the last held is no gap.
    expect(missedBefore(pushed(12, 9), 10)).toBe(false);
    expect(missedBefore(pushed(1, null), 0)).toBe(false);
    // A server that does not send previous_id never triggers a fetch.
    expect(missedBefore(pushed(12, undefined), 3)).toBe(false);
    expect(missedBefore({ message_type: "ack", previous_id: 50 }, 3)).toBe(false);
  });

  it("reads the catch-up frame and nothing else as one", () => {
    expect(isCatchUp({ message_type: "catch_up" })).toBe(true);
    expect(isCatchUp({ message_type: "presence", agents_online: true })).toBe(false);
    expect(isCatchUp(null)).toBe(false);
  });
});
