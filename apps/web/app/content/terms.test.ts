import { describe, expect, it } from "vitest";
import { commercialFacts } from "./commercial-facts";
import { legalDocumentSchema } from "./document-schema";
import { linkTargets, stripLinks } from "./linked-text";
import { formatLongDate } from "./long-date";
import { terms, termsChangeNoticeDays } from "./terms";

const text = (id: string) => {
  const section = terms.sections.find((s) => s.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return [...section.paragraphs, ...(section.points ?? [])].join(" ");
};

describe("terms of service", () => {
  it("matches the document schema", () => {
    expect(legalDocumentSchema.safeParse(terms).error).toBeUndefined();
  });

  it("has the ten sections of the table of contents, in order", () => {
    expect(terms.sections.map((s) => s.id)).toEqual([
      "use-of-service",
      "account",
      "payment-and-subscription",
      "intellectual-property",
      "user-content",
      "limitation-of-liability",
      "termination",
      "governing-law",
      "changes-to-terms",
      "contact",
    ]);
    expect(new Set(terms.sections.map((s) => s.title)).size).toBe(10);
  });

  it("was last updated on the day every policy was", () => {
    expect(terms.lastUpdated).toBe(commercialFacts.policiesUpdated);
    expect(formatLongDate(terms.lastUpdated)).toBe("November 28, 2026");
  });

  it("is governed by the laws of India", () => {
    expect(text("governing-law")).toMatch(/governed by the laws of India/);
  });

  it("gives at least 30 days' notice of material changes", () => {
    expect(termsChangeNoticeDays).toBe(30);
    expect(text("changes-to-terms")).toContain(`at least ${termsChangeNoticeDays} days before`);
  });

  it("links to the contact page from the contact section", () => {
    expect(linkTargets(text("contact"))).toContain("/contact-us");
    expect(stripLinks(text("contact"))).not.toMatch(/\]\(/);
  });
});
