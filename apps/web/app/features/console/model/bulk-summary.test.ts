import { describe, expect, it } from "vitest";
import { bulkCounts, bulkSummary } from "./bulk-summary";

describe("bulk summary", () => {
  it("counts each outcome by its code", () => {
    const counts = bulkCounts({
      results: [
        { id: 1, ok: true },
        { id: 2, ok: true },
        { id: 3, ok: false, code: "chat_ended" },
        { id: 4, ok: false, code: "not_found" },
        { id: 5, ok: false, code: "conflict" },
        { id: 6, ok: false },
      ],
    });
    expect(counts).toEqual({ done: 2, not_found: 1, chat_ended: 1, conflict: 2 });
  });

  it("says what was done, and only the reasons that occurred", () => {
    expect(bulkSummary("end", { done: 3, not_found: 0, chat_ended: 0, conflict: 0 })).toBe(
      "Ended 3 chats.",
    );
    expect(bulkSummary("end", { done: 1, not_found: 1, chat_ended: 2, conflict: 0 })).toBe(
      "Ended 1 chat. Not done: 1 no longer existed, 2 had ended already.",
    );
    expect(
      bulkSummary("assign", { done: 2, not_found: 0, chat_ended: 1, conflict: 1 }, "Rosa"),
    ).toBe("Assigned 2 chats to Rosa. Not done: 1 had ended before, 1 could not be changed.");
    expect(bulkSummary("assign", { done: 1, not_found: 0, chat_ended: 0, conflict: 0 })).toBe(
      "Unassigned 1 chat.",
    );
  });
});
