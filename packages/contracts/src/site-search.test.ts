import { describe, expect, it } from "vitest";
import {
  normalize,
  queryTerms,
  rank,
  scoreFields,
  searchPosts,
  stem,
  withinEdits,
  wordIndex,
} from "./site-search";

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

describe("stem", () => {
  it("removes the endings that change a word's form", () => {
    expect(stem("invoices")).toBe("invoice");
    expect(stem("exporting")).toBe("export");
    expect(stem("exported")).toBe("export");
    expect(stem("canceled")).toBe("cancel");
    expect(stem("cancelled")).toBe("cancel");
    expect(stem("policies")).toBe("policy");
    expect(stem("boxes")).toBe("box");
  });

  it("leaves short words, numbers and words that only look plural alone", () => {
    expect(stem("sso")).toBe("sso");
    expect(stem("2fa")).toBe("2fa");
    expect(stem("access")).toBe("access");
    expect(stem("status")).toBe("status");
  });
});

describe("withinEdits", () => {
  it("counts inserted, deleted and changed letters", () => {
    expect(withinEdits("timesheeet", "timesheet", 1)).toBe(true);
    expect(withinEdits("invocie", "invoice", 2)).toBe(true);
    expect(withinEdits("invocie", "invoice", 1)).toBe(false);
    expect(withinEdits("leave", "holiday", 2)).toBe(false);
  });
});

describe("matching beyond the exact word", () => {
  const fields = [
    { index: wordIndex("Privacy policy: how personal data is handled"), weight: 5 },
    { index: wordIndex("Companies can download every timesheet as CSV"), weight: 1 },
  ];

  it("finds a word by its stem, in the query or in the text", () => {
    expect(scoreFields(fields, ["downloading"])).toBeGreaterThan(0);
    expect(scoreFields(fields, ["company"])).toBeGreaterThan(0);
  });

  it("finds the words people use for the same thing", () => {
    expect(scoreFields(fields, ["gdpr"])).toBeGreaterThan(0);
    expect(scoreFields(fields, ["export"])).toBeGreaterThan(0);
  });

  it("forgives a typo in a long word, less than an exact hit, and never in a short one", () => {
    expect(scoreFields(fields, ["timesheeet"])).toBeGreaterThan(0);
    expect(scoreFields(fields, ["timesheeet"])).toBeLessThan(scoreFields(fields, ["timesheet"]));
    expect(scoreFields(fields, ["csx"])).toBe(0);
  });

  it("ranks blog posts the same way", () => {
    const posts = [
      {
        id: 1,
        search: { title: wordIndex("Kanban basics"), description: "", body: wordIndex("boards") },
      },
      { id: 2, search: { title: wordIndex("Exporting timesheets"), description: "", body: "" } },
    ];
    expect(searchPosts(posts, "export").map((p) => p.id)).toEqual([2]);
    expect(searchPosts(posts, "timesheeets").map((p) => p.id)).toEqual([2]);
  });
});
