/** The content behind the company and policy pages: schemas, links and the facts they must carry. */
import { describe, expect, it } from "vitest";
import { brand } from "../brand";
import { staticPageRoutes } from "../site";
import { applicationHref, applicationSubject, openings } from "./careers";
import {
  documentSectionSchema,
  jobOpeningSchema,
  legalDocumentSchema,
  type DocumentSection,
} from "./document-schema";
import { featureFooterBlocks } from "./feature-footers";
import { linkTargets } from "./linked-text";
import { formatLongDate, ordinal } from "./long-date";
import { privacyPolicy } from "./privacy";
import { refundPolicy } from "./refund-policy";
import { shippingPolicy } from "./shipping-policy";
import { considerations, workspaceSections } from "./site-map";
import { terms } from "./terms";
import { trustTopics } from "./trust";
import { themes } from "./whats-new";

const sitePaths = new Set(staticPageRoutes.map((r) => r.path));
const sectionText = (s: DocumentSection) => [...s.paragraphs, ...(s.points ?? [])];

const allSections: DocumentSection[] = [
  ...terms.sections,
  ...privacyPolicy.sections,
  ...shippingPolicy.sections,
  ...refundPolicy.columns.flatMap((c) => c.sections),
  ...trustTopics,
];
const allText = [
  ...terms.intro,
  ...privacyPolicy.intro,
  ...shippingPolicy.intro,
  ...refundPolicy.intro,
  ...allSections.flatMap(sectionText),
];

describe("policy and company content", () => {
  it("every internal link points at a page of the route table, mail links at our addresses", () => {
    const targets = allText.flatMap(linkTargets);
    expect(targets.length).toBeGreaterThan(10);
    for (const target of targets) {
      if (target.startsWith("/")) expect(sitePaths, target).toContain(target.split("#")[0]);
      else if (target.startsWith("mailto:")) expect(target).toBe(`mailto:${brand.supportEmail}`);
      else expect(target).toBe(brand.phone.href);
    }
  });

  it("section ids are unique within each page, since they are anchors", () => {
    for (const sections of [
      terms.sections,
      privacyPolicy.sections,
      shippingPolicy.sections,
      refundPolicy.columns.flatMap((c) => c.sections),
      trustTopics,
    ]) {
      const ids = sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("shipping policy covers digital access, Use & Pay, no physical delivery and access help", () => {
    expect(legalDocumentSchema.safeParse(shippingPolicy).error).toBeUndefined();
    expect(shippingPolicy.sections.map((s) => s.id)).toEqual([
      "digital-access",
      "use-and-pay",
      "no-physical-delivery",
      "help-with-access",
    ]);
  });

  it("trust & security covers the eight topics", () => {
    expect(trustTopics.map((t) => t.id)).toEqual([
      "encryption",
      "access",
      "backups",
      "compliance",
      "integrations",
      "privacy",
      "incident-response",
      "training",
    ]);
    for (const topic of trustTopics) {
      expect(documentSectionSchema.safeParse(topic).error).toBeUndefined();
    }
  });

  it("what's new lists nine themes, each linking to a page of the route table", () => {
    expect(themes).toHaveLength(9);
    expect(themes[0]?.text).toContain(brand.announcement.text);
    for (const theme of themes) expect(sitePaths).toContain(theme.path);
    expect(new Set(themes.map((t) => t.title)).size).toBe(9);
  });

  it("the site-map tour has the ten workspace sections and four considerations", () => {
    expect(workspaceSections.map((s) => s.title)).toEqual([
      "Dashboard",
      "Projects",
      "Tasks",
      "Teams and People",
      "Time Management",
      "Documents and Files",
      "Reports and Analytics",
      "Communication",
      "Settings",
      "Help and Support",
    ]);
    expect(considerations.map((c) => c.title)).toEqual([
      "Navigation",
      "Customization",
      "Role-based views",
      "Search and filters",
    ]);
  });

  it("careers: valid openings, each applied for by e-mail with its own subject", () => {
    expect(openings.length).toBeGreaterThanOrEqual(3);
    for (const opening of openings) {
      expect(jobOpeningSchema.safeParse(opening).error).toBeUndefined();
      const url = new URL(applicationHref(opening));
      expect(url.protocol).toBe("mailto:");
      expect(url.pathname).toBe(brand.careersEmail);
      expect(url.searchParams.get("subject")).toBe(`Application: ${opening.title}`);
      expect(applicationSubject(opening)).toBe(`Application: ${opening.title}`);
    }
    expect(new Set(openings.map((o) => o.id)).size).toBe(openings.length);
  });

  it("the holiday and leave footer blocks belong to those pages and link to real pages", () => {
    expect(featureFooterBlocks.map((b) => b.path)).toEqual([
      "/employee-holidays-management",
      "/employee-leave-management",
    ]);
    for (const block of featureFooterBlocks) expect(sitePaths).toContain(block.related.path);
    expect(featureFooterBlocks[0]?.text).not.toBe(featureFooterBlocks[1]?.text);
  });
});

describe("date words", () => {
  it("prints ISO dates the way the legal pages show them", () => {
    expect(formatLongDate("2023-03-28")).toBe("March 28, 2023");
    expect(formatLongDate("2024-12-01")).toBe("December 1, 2024");
    expect(() => formatLongDate("28/03/2023")).toThrow();
  });

  it("writes ordinals", () => {
    expect([1, 2, 3, 4, 7, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "7th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
      "111th",
    ]);
  });
});
