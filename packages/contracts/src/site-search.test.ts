import { describe, expect, it } from "vitest";
import { normalize, queryTerms, rank, scoreFields, wordIndex } from "./site-search";

describe("normalize and queryTerms", () => {
  it("ignores case, accents and punctuation", () => {
    expect(normalize("  Café—Time-Off, PLANNING!  ")).toBe("cafe time off planning");
    expect(queryTerms("Kanban kanban  WIP-limits")).toEqual(["kanban", "wip", "limits"]);
    expect(queryTerms("   ?!  ")).toEqual([]);
  });
});

describe("scoreFields", () => {
  const fields = [
    { index: wordIndex("Approve timesheets in minutes"), weight: 6 },
    { index: wordIndex("Managers review hours and approvals in one queue"), weight: 1 },
  ];

  it("needs every term somewhere", () => {
    expect(scoreFields(fields, ["approve", "queue"])).toBeGreaterThan(0);
    expect(scoreFields(fields, ["approve", "payroll"])).toBe(0);
    expect(scoreFields(fields, [])).toBe(0);
  });

  it("matches word starts, never the middle of a word", () => {
    expect(scoreFields(fields, ["approv"])).toBeGreaterThan(0);
    expect(scoreFields(fields, ["prove"])).toBe(0);
  });

  it("rates a whole word above a word start, and a heavier field above a lighter one", () => {
    expect(scoreFields(fields, ["approve"])).toBeGreaterThan(scoreFields(fields, ["approv"]));
    expect(scoreFields(fields, ["minutes"])).toBeGreaterThan(scoreFields(fields, ["queue"]));
  });
});

describe("rank", () => {
  it("drops documents without a match and keeps the original order on ties", () => {
    const docs = ["leave policy", "holiday calendar", "leave balances", "kanban board"];
    const ranked = rank(docs, ["leave"], (d) => [{ index: wordIndex(d), weight: 1 }]);
    expect(ranked).toEqual(["leave policy", "leave balances"]);
  });
});
