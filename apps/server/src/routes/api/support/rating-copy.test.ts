import { chatLanguages } from "@hourline/contracts/chat-languages";
import { catalogueProblems } from "@hourline/contracts/message-template";
import { ratingLabels } from "@hourline/contracts/support-rating";
import { describe, expect, it } from "vitest";
import { acceptedLanguages } from "./rating";
import { ratingCopy } from "./rating-copy";
import { ratingFormPage, ratingProblemPage } from "./rating-pages";

describe("the rating pages' copy", () => {
  it("has every key in every language, with English's placeholders", () => {
    expect(Object.keys(ratingCopy).sort()).toEqual([...chatLanguages].sort());
    expect(catalogueProblems(ratingCopy.en, ratingCopy)).toEqual([]);
  });

  it("catches a missing key, a lost placeholder and an unknown key", () => {
    const { submit: _dropped, ...withoutSubmit } = ratingCopy.de;
    expect(
      catalogueProblems(ratingCopy.en, {
        de: { ...withoutSubmit, commentTooLong: "Zu lang.", extra: "x" },
      }),
    ).toEqual([
      "de: missing submit",
      "de: commentTooLong has {}, English has {max}",
      "de: unknown key extra",
    ]);
  });

  it("names the five choices in English as the agents' console does", () => {
    const { score1, score2, score3, score4, score5 } = ratingCopy.en;
    expect([score1, score2, score3, score4, score5]).toEqual([...ratingLabels]);
  });

  it("fills the links and the limit, escaping the text around them", () => {
    const page = ratingProblemPage("expired", "he");
    expect(page).toContain('<html lang="he" dir="rtl">');
    expect(page).toContain(
      '<a href="/help">בקרו במרכז העזרה</a> או <a href="/contact-us">כתבו לנו</a>.',
    );
    const form = ratingFormPage("t".repeat(43), "pl", { error: "commentTooLong" });
    expect(form).toContain("Komentarz może mieć najwyżej 1000 znaków.");
  });

  it("reads Accept-Language best first, leaving out refused languages", () => {
    expect(acceptedLanguages("de;q=0.5, fr-CH, *;q=0.1, it;q=0, en;q=0.8")).toEqual([
      "fr-CH",
      "en",
      "de",
    ]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
