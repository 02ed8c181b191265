import { describe, expect, it } from "vitest";
import { brand } from "../brand";
import { legalDocumentSchema } from "./document-schema";
import { linkTargets } from "./linked-text";
import { privacyPolicy } from "./privacy";

const allText = [
  ...privacyPolicy.intro,
  ...privacyPolicy.sections.flatMap((s) => [...s.paragraphs, ...(s.points ?? [])]),
].join(" ");

describe("privacy policy", () => {
  it("matches the document schema", () => {
    expect(legalDocumentSchema.safeParse(privacyPolicy).error).toBeUndefined();
  });

  it("has the eight sections, in order", () => {
    expect(privacyPolicy.sections.map((s) => s.id)).toEqual([
      "our-approach",
      "information-we-collect",
      "how-we-use-information",
      "sharing",
      "protection",
      "your-rights",
      "updates",
      "contact",
    ]);
  });

  it("says information is never sold", () => {
    const sharing = privacyPolicy.sections.find((s) => s.id === "sharing");
    expect(sharing?.paragraphs.join(" ")).toMatch(/never sell your information/);
    expect(allText).not.toMatch(/\bwe (may|might|can) sell\b/i);
  });

  it("gives the contact e-mail from the brand config", () => {
    const contact = privacyPolicy.sections.find((s) => s.id === "contact");
    expect(linkTargets(contact?.paragraphs.join(" ") ?? "")).toContain(
      `mailto:${brand.supportEmail}`,
    );
  });

  it("says what the support chat keeps about a visit, and that it goes with the chat", () => {
    expect(allText).toMatch(/page you opened it on/);
    expect(allText).toMatch(/browser and whether you use a desktop, mobile or tablet device/);
    expect(allText).toMatch(/time zone\. These are kept with the chat and deleted with it/);
    expect(allText).toMatch(/never shared with or taken from third parties/);
  });
});
