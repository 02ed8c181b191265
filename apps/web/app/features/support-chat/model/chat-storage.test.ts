import { describe, expect, it } from "vitest";
import {
  loadActiveChat,
  loadOutbox,
  loadPendingRating,
  ratingTokenLifetimeMs,
  saveActiveChat,
  saveOutbox,
  savePendingRating,
} from "./chat-storage";
import { memoryStorage } from "~/lib/live-chat/fake-browser.test-support";

const pending = {
  clientId: "abcdefgh12",
  html: "Hello",
  msgType: "text" as const,
  createdAt: 1,
  delivery: "sending" as const,
};

describe("chat storage", () => {
  it("keeps the running chat and each e-mail's outbox", () => {
    const storage = memoryStorage();
    saveActiveChat(storage, { email: "a@b.example", username: "Ann", transcript: true });
    expect(loadActiveChat(storage)).toEqual({
      email: "a@b.example",
      username: "Ann",
      transcript: true,
    });
    saveOutbox(storage, "a@b.example", [pending]);
    expect(loadOutbox(storage, "a@b.example")).toEqual([pending]);
    expect(loadOutbox(storage, "c@d.example")).toEqual([]);
    saveOutbox(storage, "a@b.example", []);
    expect(storage.data.size).toBe(1);
    saveActiveChat(storage, null);
    expect(loadActiveChat(storage)).toBeNull();
  });

  it("drops stored values that are not what it wrote", () => {
    const storage = memoryStorage();
    storage.setItem("hourline.chat.active", "{broken");
    expect(loadActiveChat(storage)).toBeNull();
    storage.setItem(
      "hourline.chat.outbox.a@b.example",
      JSON.stringify([pending, { ...pending, clientId: "x" }, { ...pending, msgType: "video" }, 5]),
    );
    expect(loadOutbox(storage, "a@b.example")).toEqual([pending]);
  });

  it("works without storage or with a storage that throws", () => {
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => saveOutbox(throwing, "a@b.example", [pending])).not.toThrow();
    expect(loadOutbox(throwing, "a@b.example")).toEqual([]);
    expect(loadActiveChat(null)).toBeNull();
  });
});

describe("pending rating", () => {
  const token = "kQ3v9u8n2xW1aB4cD5eF6gH7iJ8kL9mN0oP1qR2sT3u";
  const endedAt = Date.UTC(2026, 10, 20, 10, 0);

  it("keeps an unrated chat's token until it is cleared or 7 days have passed", () => {
    const storage = memoryStorage();
    savePendingRating(storage, { token, endedAt, endedBy: "agent" });
    expect(loadPendingRating(storage, endedAt + 1_000)).toEqual({
      token,
      endedAt,
      endedBy: "agent",
    });
    expect(loadPendingRating(storage, endedAt + ratingTokenLifetimeMs - 1)).not.toBeNull();
    expect(loadPendingRating(storage, endedAt + ratingTokenLifetimeMs)).toBeNull();
    // The expired entry is gone, not only ignored.
    expect(storage.data.size).toBe(0);

    savePendingRating(storage, { token, endedAt, endedBy: "visitor" });
    savePendingRating(storage, null);
    expect(loadPendingRating(storage, endedAt)).toBeNull();
  });

  it("ignores what it did not write", () => {
    const storage = memoryStorage();
    for (const bad of [
      { token: "short", endedAt, endedBy: "agent" },
      { token, endedAt: "yesterday", endedBy: "agent" },
      { token, endedAt, endedBy: "someone" },
    ]) {
      storage.setItem("hourline.chat.rating", JSON.stringify(bad));
      expect(loadPendingRating(storage, endedAt)).toBeNull();
    }
  });
});
