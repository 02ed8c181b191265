import { describe, expect, it } from "vitest";
import { faqSets, helpFaq } from "~/content/faqs";
import { searchHelp } from "@hourline/contracts/site-search";
import { helpSearchData } from "./help-search";

async function index() {
  return (await helpSearchData()).data.docs;
}

describe("help search", () => {
  it("indexes the help questions, the five topics, every FAQ answer and every post", async () => {
    const docs = await index();
    const faqCount = faqSets.reduce((n, s) => n + s.items.length, 0);
    expect(docs.filter((d) => d.kind === "Question")).toHaveLength(helpFaq.length + faqCount);
    expect(docs.filter((d) => d.kind === "Topic").map((d) => d.title)).toEqual([
      "Organize your work",
      "Use cases",
      "Plans and billing",
      "Reporting",
      "Account admin",
    ]);
    expect(docs.filter((d) => d.kind === "Article")).toHaveLength(8);
    expect(new Set(docs.map((d) => d.href)).size).toBe(docs.length);
  });

  it("finds help questions, FAQ answers, topics and articles", async () => {
    const docs = await index();
    const hrefs = (q: string) => searchHelp(docs, q).map((d) => d.href);
    expect(hrefs("billing")).toContain("/help#help-billing-basics");
    expect(hrefs("billing")).toContain("/help#topic-billing");
    expect(hrefs("idle")[0]).toBe("/faqs#time-tracker-idle-detection");
    expect(hrefs("swimlanes")).toEqual(
      expect.arrayContaining(["/faqs#kanban-swimlanes", "/blog-details/7"]),
    );
    expect(hrefs("carry forward")).toContain("/faqs#leave-carry-forward");
  });

  it("puts a title match first and returns nothing for unknown or empty queries", async () => {
    const docs = await index();
    expect(searchHelp(docs, "Can I export timesheets")[0]?.href).toBe("/faqs#time-summary-export");
    expect(searchHelp(docs, "zeppelin")).toEqual([]);
    expect(searchHelp(docs, "   ")).toEqual([]);
  });

  it("shows a short excerpt of each answer", async () => {
    for (const doc of await index()) {
      expect(doc.excerpt.length).toBeGreaterThan(20);
      expect(doc.excerpt.length).toBeLessThanOrEqual(200);
    }
  });

  // The words people type, and the answer each must bring first (issue 31's cases).
  it.each([
    ["gdpr", "/policy#"],
    ["GDPR data", "privacy"],
    ["sso", "/help#help-create-account"],
    ["2fa", "/trust&security#access"],
    ["invoice", "/faqs#startups-invoicing"],
    ["invoices", "/help#help-billing-basics"],
    ["refund", "/refund-and-cancellation-policy#"],
    ["cancel", "/help#help-cancel"],
    ["cancelled", "/help#help-cancel"],
    ["canceling", "cancel"],
    ["export", "/help#help-export-data"],
    ["exporting our data", "/help#help-export-data"],
    ["timesheeet export", "/faqs#time-summary-export"],
  ])("%s finds %s first", async (query, href) => {
    expect(searchHelp(await index(), query)[0]?.href).toContain(href);
  });

  it("ranks the words it knows when one word matches nothing", async () => {
    const docs = await index();
    expect(searchHelp(docs, "export zeppelin")[0]?.href).toBe(searchHelp(docs, "export")[0]?.href);
    expect(searchHelp(docs, "zeppelin blimp")).toEqual([]);
  });
});
