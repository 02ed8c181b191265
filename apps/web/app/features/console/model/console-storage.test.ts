import { describe, expect, it } from "vitest";
import { memoryStorage } from "~/lib/live-chat/fake-browser.test-support";
import type { PendingReply } from "./console-threads";
import { forgetAgentWork, loadDrafts, loadOutbox, saveDraft, saveOutbox } from "./console-storage";

const pending: PendingReply = {
  clientId: "client-0001",
  conversationId: 7,
  html: "Hello",
  msgType: "text",
  createdAt: 1_764_583_200_000,
  delivery: "sending",
};
const failed: PendingReply = {
  ...pending,
  clientId: "client-0002",
  msgType: "image",
  delivery: "failed",
  error: "Not delivered yet.",
};

const throwing = {
  getItem: (): string | null => {
    throw new Error("denied");
  },
  setItem: () => {
    throw new Error("full");
  },
  removeItem: () => {
    throw new Error("denied");
  },
};

describe("console storage", () => {
  it("keeps each agent's outbox apart, and removes it when it is empty", () => {
    const storage = memoryStorage();
    saveOutbox(storage, 1, [pending, failed]);
    expect(loadOutbox(storage, 1)).toEqual([pending, failed]);
    expect(loadOutbox(storage, 2)).toEqual([]);
    expect([...storage.data.keys()]).toEqual(["hourline.console.outbox.1"]);
    saveOutbox(storage, 1, []);
    expect(storage.data.size).toBe(0);
  });

  it("keeps one draft per conversation, and drops a blank one", () => {
    const storage = memoryStorage();
    saveDraft(storage, 1, 7, "Half a reply");
    saveDraft(storage, 1, 8, "Another");
    saveDraft(storage, 2, 7, "Someone else's");
    expect(loadDrafts(storage, 1)).toEqual({ 7: "Half a reply", 8: "Another" });
    saveDraft(storage, 1, 7, "Half a reply, longer\n");
    expect(loadDrafts(storage, 1)).toEqual({ 7: "Half a reply, longer\n", 8: "Another" });
    saveDraft(storage, 1, 7, " \n ");
    expect(loadDrafts(storage, 1)).toEqual({ 8: "Another" });
    saveDraft(storage, 1, 8, "");
    expect(loadDrafts(storage, 1)).toEqual({});
    expect([...storage.data.keys()]).toEqual(["hourline.console.drafts.2"]);
  });

  it("forgets one agent's outbox and drafts on sign-out, and nobody else's", () => {
    const storage = memoryStorage();
    saveOutbox(storage, 1, [pending]);
    saveDraft(storage, 1, 7, "mine");
    saveOutbox(storage, 2, [pending]);
    saveDraft(storage, 2, 7, "theirs");
    forgetAgentWork(storage, 1);
    expect(loadOutbox(storage, 1)).toEqual([]);
    expect(loadDrafts(storage, 1)).toEqual({});
    expect(loadOutbox(storage, 2)).toEqual([pending]);
    expect(loadDrafts(storage, 2)).toEqual({ 7: "theirs" });
  });

  it("drops stored values that are not what it wrote", () => {
    const storage = memoryStorage();
    storage.setItem("hourline.console.outbox.1", "{broken");
    expect(loadOutbox(storage, 1)).toEqual([]);
    storage.setItem("hourline.console.outbox.1", JSON.stringify({ 0: pending }));
    expect(loadOutbox(storage, 1)).toEqual([]);
    storage.setItem(
      "hourline.console.outbox.1",
      JSON.stringify([
        pending,
        { ...pending, msgType: "video" },
        { ...pending, delivery: "sent" },
        { ...pending, conversationId: "7" },
        { ...pending, clientId: 5 },
        { ...pending, html: null },
        { ...pending, createdAt: "now" },
        null,
        5,
        failed,
      ]),
    );
    expect(loadOutbox(storage, 1)).toEqual([pending, failed]);

    storage.setItem("hourline.console.drafts.1", JSON.stringify(["a draft"]));
    expect(loadDrafts(storage, 1)).toEqual({});
    storage.setItem("hourline.console.drafts.1", JSON.stringify("a draft"));
    expect(loadDrafts(storage, 1)).toEqual({});
    storage.setItem("hourline.console.drafts.1", JSON.stringify({ 7: "kept", 8: 8, 9: null }));
    expect(loadDrafts(storage, 1)).toEqual({ 7: "kept" });
  });

  it("works without storage, or with one that refuses every call", () => {
    for (const storage of [null, throwing]) {
      expect(() => saveOutbox(storage, 1, [pending])).not.toThrow();
      expect(() => saveOutbox(storage, 1, [])).not.toThrow();
      expect(() => saveDraft(storage, 1, 7, "text")).not.toThrow();
      expect(() => forgetAgentWork(storage, 1)).not.toThrow();
      expect(loadOutbox(storage, 1)).toEqual([]);
      expect(loadDrafts(storage, 1)).toEqual({});
    }
  });
});
