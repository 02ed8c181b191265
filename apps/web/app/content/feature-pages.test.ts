/** The feature pages' content as the page layouts need it, and a mock-up for every page. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FeatureMockup } from "../components/mockups/feature-mockup";
import { hasSectionIllustration } from "../components/feature-page/section-illustration";
import { featurePages } from "./features";
import { featureFooterBlocks } from "./feature-footers";

const page = (path: string) => {
  const p = featurePages.find((f) => f.path === path);
  if (!p) throw new Error(`no feature page ${path}`);
  return p;
};

describe("feature page content", () => {
  for (const path of ["/employee-holidays-management", "/employee-leave-management"]) {
    it(`${path} keeps the holiday and leave layout: two bullets, three anchored sections, sign-up, footer`, () => {
      const p = page(path);
      expect(p.bullets).toHaveLength(2);
      expect(p.sections).toHaveLength(3);
      expect(p.signUpCta).toBe(true);
      expect(featureFooterBlocks.some((b) => b.path === path)).toBe(true);
      for (const s of p.sections) expect(hasSectionIllustration(s.id), s.id).toBe(true);
    });
  }

  it("/assets-and-inventory has no sign-up button and no footer block", () => {
    const p = page("/assets-and-inventory");
    expect(p.signUpCta).toBe(false);
    expect(featureFooterBlocks.some((b) => b.path === p.path)).toBe(false);
    expect(p.sections.map((s) => s.title)).toEqual([
      "Asset management",
      "Inventory management",
      "Why combine them",
    ]);
  });

  it("every page but assets has the sign-up button and a FAQ topic", () => {
    for (const p of featurePages.filter((f) => f.path !== "/assets-and-inventory")) {
      expect(p.signUpCta, p.path).toBe(true);
      expect(p.faqTopic, p.path).toBeDefined();
    }
  });

  it("each page has its own mock-up, drawn as one labeled image", () => {
    const kinds = featurePages.map((p) => p.mockup);
    expect(new Set(kinds).size).toBe(featurePages.length);
    const labels = new Set<string>();
    for (const kind of kinds) {
      const html = renderToStaticMarkup(createElement(FeatureMockup, { kind }));
      const match = /^<div role="img" aria-label="([^"]+)"/.exec(html);
      expect(match, kind).not.toBeNull();
      const label = match?.[1] ?? "";
      expect(label.length, kind).toBeGreaterThan(60);
      labels.add(label);
    }
    expect(labels.size).toBe(kinds.length);
  });
});
