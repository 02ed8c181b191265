import { describe, expect, it } from "vitest";
import { faqJsonLd } from "./seo";

describe("faqJsonLd", () => {
  it("lists every question with its answer text as an FAQPage", () => {
    const data = faqJsonLd([
      { question: "Can leave accrue monthly?", answer: "Yes.\n\nIt is prorated." },
      { question: "Who approves time?", answer: "A manager or an admin." },
    ]);
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        {
          "@type": "Question",
          name: "Can leave accrue monthly?",
          acceptedAnswer: { "@type": "Answer", text: "Yes.\n\nIt is prorated." },
        },
        {
          "@type": "Question",
          name: "Who approves time?",
          acceptedAnswer: { "@type": "Answer", text: "A manager or an admin." },
        },
      ],
    });
  });
});
