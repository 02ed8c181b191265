import { describe, expect, it } from "vitest";
import { brand } from "./brand";
import { featureRoutesList, staticPageRoutes } from "./site";

describe("route table", () => {
  it('marks "New" exactly the module the announcement banner is about', () => {
    const tagged = featureRoutesList.filter((r) => r.feature?.tag === "New").map((r) => r.path);
    expect(tagged).toEqual([brand.announcement.href]);
    expect(brand.announcement.label).toBe("New");
  });

  it("links every page a visitor looks for from the footer", () => {
    const footer = staticPageRoutes.filter((r) => r.footer).map((r) => r.path);
    for (const path of [
      "/pricing",
      "/blogs",
      "/help",
      "/faqs",
      "/about-us",
      "/contact-us",
      "/trust&security",
      "/site-map",
      "/goals",
      "/whats-new",
    ]) {
      expect(footer).toContain(path);
    }
  });
});
