import { describe, expect, it } from "vitest";
import { paragraphs } from "./plain-text";

describe("paragraphs", () => {
  it("splits at blank lines and keeps single line breaks inside a paragraph", () => {
    expect(paragraphs("First line\nstill first.\n\nSecond.\r\n  \r\nThird.")).toEqual([
      "First line still first.",
      "Second.",
      "Third.",
    ]);
  });

  it("drops empty paragraphs and surrounding space", () => {
    expect(paragraphs("\n\n  One.  \n\n\n\n")).toEqual(["One."]);
    expect(paragraphs("")).toEqual([]);
  });
});
