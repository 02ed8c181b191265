import { describe, expect, it } from "vitest";
import { conversationSearchLimits, searchTerms, searchWords } from "./console-team";

describe("conversation search", () => {
  it("takes letters and digits as words, lower case, each once", () => {
    expect(searchWords("Need it TODAY, need it!")).toEqual(["need", "it", "today"]);
    expect(searchWords('"a* OR b" NEAR(x y) x:*&!y')).toEqual(["a", "or", "b", "near", "x", "y"]);
  });

  it("keeps a part with more than one word whole, so an address is matched as typed", () => {
    expect(searchTerms("Ana  lima")).toEqual([{ words: ["ana"] }, { words: ["lima"] }]);
    expect(searchTerms("ana.13@Example")).toEqual([
      { words: ["ana", "13", "example"], fragment: "ana.13@example" },
    ]);
    expect(searchTerms("@example")).toEqual([{ words: ["example"], fragment: "@example" }]);
    expect(searchTerms("%_ -- ** ")).toEqual([]);
  });

  it("holds at most the word limit in all, and each part once", () => {
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(" ");
    const words = searchTerms(many).flatMap((t) => t.words);
    expect(words).toHaveLength(conversationSearchLimits.words);
    expect(searchTerms("a.b.c.d.e.f.g.h.i.j")[0]?.words).toHaveLength(
      conversationSearchLimits.words,
    );
    expect(searchTerms("pay pay pay")).toEqual([{ words: ["pay"] }]);
  });
});
