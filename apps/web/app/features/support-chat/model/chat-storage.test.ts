import { describe, expect, it } from "vitest";
import { loadActiveChat, loadOutbox, saveActiveChat, saveOutbox } from "./chat-storage";
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
